/**
 * Name decomposition (mainzelliste-api.md §1 "Transformers"): a name becomes a compound of three parts
 * so that 'Anna-Maria' matches 'Maria' and 'von Goethe' matches 'Goethe'. Input is already normalised.
 *
 * - FirstNameDecomposer: the first, the second and the rest of the names split at spaces and hyphens.
 * - GermanLastNameDecomposer: the same for the name proper, with every particle (VON, ZU, …) moved into
 *   the last part, so particles never decide a comparison on their own.
 */

export type Compound = readonly [string, string, string];

const SEPARATORS = /[\s-]+/;

/** Particles of German (and Dutch, French, Italian names common in Germany) family names. */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'VON',
  'VOM',
  'ZU',
  'ZUM',
  'ZUR',
  'VAN',
  'VANDER',
  'DE',
  'DEN',
  'DER',
  'DES',
  'DI',
  'DA',
  'DAL',
  'DEL',
  'DELLA',
  'DU',
  'LA',
  'LE',
  'TEN',
  'TER',
  'AUF',
  'AUS',
  'AM',
  'IM',
  'AN',
  'UND',
  'Y',
]);

function split(name: string): string[] {
  return name.split(SEPARATORS).filter((part) => part !== '');
}

function threeParts(parts: readonly string[]): [string, string, string] {
  return [parts[0] ?? '', parts[1] ?? '', parts.slice(2).join(' ')];
}

export function decomposeFirstName(name: string): Compound {
  return threeParts(split(name));
}

export function decomposeLastName(name: string): Compound {
  const parts = split(name);
  const proper = parts.filter((part) => !NAME_PARTICLES.has(part));
  const particles = parts.filter((part) => NAME_PARTICLES.has(part));
  // A name made only of particle-like words ('Du', 'Le') is a name proper.
  if (proper.length === 0) return threeParts(parts);
  return [proper[0] ?? '', proper.slice(1).join(' '), particles.join(' ')];
}

/** The non-empty parts of a compound; none means the field is empty. */
export function compoundParts(compound: Compound): string[] {
  return compound.filter((part) => part !== '');
}
