/**
 * Seeded synthetic German identities without addresses, and probes with the errors identity data really
 * shows (docs/benchmarks.md "Record linkage"). Names are drawn with very uneven frequencies: the common
 * surnames and first names of names.ts with their weights, and a long Zipf tail composed from syllables.
 * A probe is either a duplicate of a stored identity with one error (or two) or a person not stored.
 */
import {
  COMMON_SURNAMES,
  DIRECTORY_ENTRIES,
  FIRST_NAME_ENDINGS_FEMALE,
  FIRST_NAME_ENDINGS_MALE,
  FIRST_NAME_SYLLABLES,
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  SURNAME_CODAS,
  SURNAME_ENDINGS,
  SURNAME_ONSETS,
  SURNAME_VOWELS,
} from './names.js';

export type Identity = Record<string, string>;
export type Random = () => number;

const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const pad = (n: number): string => String(n).padStart(2, '0');

/** Draws values by weight (cumulative sums and a binary search). */
export type Sampler = (random: Random) => string;
function sampler(weighted: readonly (readonly [string, number])[]): Sampler {
  const values = weighted.map(([value]) => value);
  const cumulative: number[] = [];
  let sum = 0;
  for (const [, weight] of weighted) cumulative.push((sum += weight));
  return (random) => {
    const target = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return values[low] as string;
  };
}

/** `size` distinct composed names with Zipf weights 1/(rank + offset), scaled to `mass` in all. */
function zipfTail(
  random: Random,
  compose: () => string,
  taken: ReadonlySet<string>,
  size: number,
  offset: number,
  mass: number,
): [string, number][] {
  const names = new Set<string>();
  while (names.size < size) {
    const name = compose();
    if (!taken.has(name)) names.add(name);
  }
  const raw = [...names].map((name, rank): [string, number] => [name, 1 / (rank + 1 + offset)]);
  const total = raw.reduce((sum, [, weight]) => sum + weight, 0);
  return raw.map(([name, weight]) => [name, (weight / total) * mass]);
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export type Population = { surname: Sampler; firstName: (random: Random, female: boolean) => string };

/**
 * Germany has about 850,000 surnames; 60,000 composed ones carry the 87 % beyond the 100 most common, with
 * the most common of them at about 0.05 %, below Pfeiffer. First names: the listed names carry their
 * weights, 2,000 composed names per sex the rest.
 */
export function germanPopulation(random: Random): Population {
  const common = COMMON_SURNAMES.map(([name, count]): [string, number] => [name, count / DIRECTORY_ENTRIES]);
  const commonMass = common.reduce((sum, [, share]) => sum + share, 0);
  const composeSurname = (): string =>
    pick(random, SURNAME_ONSETS) + pick(random, SURNAME_VOWELS) + pick(random, SURNAME_CODAS) + pick(random, SURNAME_ENDINGS);
  const surnames = [...common, ...zipfTail(random, composeSurname, new Set(common.map(([name]) => name)), 60_000, 300, 1 - commonMass)];

  const firstNames = (listed: readonly (readonly [string, number])[], endings: readonly string[]): Sampler => {
    const shares = listed.map(([name, weight]): [string, number] => [name, weight / 10_000]);
    const mass = shares.reduce((sum, [, share]) => sum + share, 0);
    const compose = (): string =>
      capitalised(
        (
          pick(random, FIRST_NAME_SYLLABLES) +
          (random() < 0.5 ? pick(random, FIRST_NAME_SYLLABLES).toLowerCase() : '') +
          pick(random, endings)
        ).toLowerCase(),
      );
    return sampler([...shares, ...zipfTail(random, compose, new Set(listed.map(([name]) => name)), 2_000, 20, 1 - mass)]);
  };
  const female = firstNames(FIRST_NAMES_FEMALE, FIRST_NAME_ENDINGS_FEMALE);
  const male = firstNames(FIRST_NAMES_MALE, FIRST_NAME_ENDINGS_MALE);
  return { surname: sampler(surnames), firstName: (r, isFemale) => (isFemale ? female(r) : male(r)) };
}

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Names and birth date only, as in the registry's data sets without addresses; a quarter of the women keep a birth name. */
export function generateIdentity(random: Random, population: Population): Identity {
  const female = random() < 0.5;
  const year = int(random, 1925, 2015);
  const month = int(random, 1, 12);
  const identity: Identity = {
    vorname: population.firstName(random, female),
    nachname: population.surname(random),
    geburtstag: pad(int(random, 1, daysIn(year, month))),
    geburtsmonat: pad(month),
    geburtsjahr: String(year),
  };
  if (female && random() < 0.25) identity.geburtsname = population.surname(random);
  return identity;
}

export const ERROR_KINDS = [
  'typoSurname',
  'typoFirstName',
  'phoneticVariant',
  'swappedNames',
  'changedSurname',
  'wrongDatePart',
  'dayMonthSwap',
  'dateDigitTypo',
  'missingField',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One substitution, deletion, insertion or transposition of neighbours, never of the first letter. */
function typo(random: Random, text: string): string {
  if (text.length < 3) return text + 'e';
  const at = int(random, 1, text.length - 2);
  switch (int(random, 0, 3)) {
    case 0:
      return text.slice(0, at) + pick(random, [...LETTERS]) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + text.slice(at + 1);
    case 2:
      return text.slice(0, at) + pick(random, [...LETTERS]) + text.slice(at);
    default:
      return text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
  }
}

/** Spellings heard alike: Meier/Meyer/Maier, Schmitt/Schmidt, Stefan/Stephan, Hofmann/Hoffmann … */
const PHONETIC_VARIANTS: readonly (readonly [RegExp, string])[] = [
  [/ei/, 'ey'],
  [/ey/, 'ei'],
  [/ai/, 'ei'],
  [/ei/, 'ai'],
  [/ay/, 'ai'],
  [/dt\b/, 'tt'],
  [/tt\b/, 'dt'],
  [/d\b/, 'dt'],
  [/ph/, 'f'],
  [/f/, 'ph'],
  [/th/, 't'],
  [/t(?=[aeiou])/, 'th'],
  [/ck/, 'k'],
  [/k(?=[aeiou])/, 'ck'],
  [/tz/, 'z'],
  [/ff/, 'f'],
  [/f(?=[aeiou])/, 'ff'],
  [/mm/, 'm'],
  [/nn/, 'n'],
  [/ss/, 's'],
  [/ä/, 'e'],
  [/oe/, 'ö'],
  [/^C/, 'K'],
  [/^K/, 'C'],
  [/ie/, 'i'],
  [/y/, 'i'],
];

function phoneticVariant(random: Random, text: string): string | null {
  const applicable = PHONETIC_VARIANTS.filter(([pattern]) => pattern.test(text));
  if (applicable.length === 0) return null;
  const [pattern, replacement] = pick(random, applicable);
  return text.replace(pattern, replacement);
}

const isRealDate = (day: number, month: number, year: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && year >= 1900 && year <= 2026;

function dateOf(p: Identity): [number, number, number] {
  return [Number(p.geburtstag), Number(p.geburtsmonat), Number(p.geburtsjahr)];
}
function setDate(p: Identity, [day, month, year]: [number, number, number]): void {
  p.geburtstag = pad(day);
  p.geburtsmonat = pad(month);
  p.geburtsjahr = String(year);
}

const DATE_ERRORS: readonly ErrorKind[] = ['wrongDatePart', 'dayMonthSwap', 'dateDigitTypo'];

/** Whether the error can be made on this identity: date errors need a date (a swap a day ≤ 12 other than the month), name errors the names. */
export function applicable(kind: ErrorKind, p: Identity): boolean {
  const [day, month] = dateOf(p);
  if (DATE_ERRORS.includes(kind) && !(day > 0)) return false;
  if (kind === 'dayMonthSwap') return day <= 12 && day !== month;
  if (kind === 'typoFirstName' || kind === 'swappedNames') return (p.vorname ?? '') !== '';
  return true;
}

export function applyError(random: Random, population: Population, original: Identity, kind: ErrorKind): Identity {
  const p = { ...original };
  switch (kind) {
    case 'typoSurname':
      p.nachname = typo(random, p.nachname ?? '');
      break;
    case 'typoFirstName':
      p.vorname = typo(random, p.vorname ?? '');
      break;
    case 'phoneticVariant': {
      const surname = phoneticVariant(random, p.nachname ?? '');
      if (surname !== null) p.nachname = surname;
      else p.vorname = phoneticVariant(random, p.vorname ?? '') ?? `${p.vorname ?? ''}h`;
      break;
    }
    case 'swappedNames':
      [p.vorname, p.nachname] = [p.nachname ?? '', p.vorname ?? ''];
      break;
    case 'changedSurname':
      p.geburtsname = p.nachname ?? '';
      p.nachname = population.surname(random);
      break;
    case 'wrongDatePart': {
      const date = dateOf(p);
      const part = int(random, 0, 2);
      let changed: [number, number, number] = [...date];
      do {
        changed = [...date];
        changed[part] = part === 0 ? int(random, 1, 28) : part === 1 ? int(random, 1, 12) : int(random, 1925, 2015);
      } while (changed[part] === date[part] || !isRealDate(...changed));
      setDate(p, changed);
      break;
    }
    case 'dayMonthSwap': {
      const [day, month, year] = dateOf(p);
      setDate(p, [month, day, year]);
      break;
    }
    case 'dateDigitTypo': {
      const digits = `${p.geburtstag ?? ''}${p.geburtsmonat ?? ''}${p.geburtsjahr ?? ''}`;
      for (;;) {
        const at = int(random, 0, digits.length - 1);
        const changed = digits.slice(0, at) + String(int(random, 0, 9)) + digits.slice(at + 1);
        const date: [number, number, number] = [Number(changed.slice(0, 2)), Number(changed.slice(2, 4)), Number(changed.slice(4))];
        if (changed !== digits && isRealDate(...date)) {
          setDate(p, date);
          break;
        }
      }
      break;
    }
    case 'missingField':
      if (random() < 0.5) p.vorname = '';
      else [p.geburtstag, p.geburtsmonat, p.geburtsjahr] = ['', '', ''];
      break;
  }
  return p;
}

/**
 * The stored identities: `size` records of which `duplicateShare` are undetected duplicates (with one
 * error) of earlier ones, as registries hold them; `person[i]` names the person record i belongs to.
 */
export function generateStored(
  random: Random,
  population: Population,
  size: number,
  duplicateShare: number,
): { stored: Identity[]; person: number[] } {
  const stored: Identity[] = [];
  const person: number[] = [];
  while (stored.length < size) {
    const original = stored.length > 0 && random() < duplicateShare ? Math.floor(random() * stored.length) : null;
    const kind = pick(random, ERROR_KINDS);
    const base = original === null ? null : (stored[original] as Identity);
    if (base !== null && applicable(kind, base)) {
      stored.push(applyError(random, population, base, kind));
      person.push(person[original as number] as number);
    } else if (base === null) {
      stored.push(generateIdentity(random, population));
      person.push(stored.length - 1);
    }
  }
  return { stored, person };
}

/** A duplicate names its stored identity (an index) and its errors; a new person has truth null. */
export type Probe = { fields: Identity; truth: number | null; kinds: ErrorKind[] };

/**
 * `perKind` duplicates for every error kind, `perKind` more with two different errors, then `newPeople`
 * people drawn from the same population but not stored.
 */
export function generateProbes(
  random: Random,
  population: Population,
  stored: readonly Identity[],
  perKind: number,
  newPeople: number,
): Probe[] {
  const probes: Probe[] = [];
  const draw = (kinds: ErrorKind[]): void => {
    for (;;) {
      const truth = int(random, 0, stored.length - 1);
      let fields: Identity | null = stored[truth] as Identity;
      for (const kind of kinds) fields = fields !== null && applicable(kind, fields) ? applyError(random, population, fields, kind) : null;
      if (fields === null) continue;
      probes.push({ fields, truth, kinds });
      return;
    }
  };
  for (const kind of ERROR_KINDS) for (let i = 0; i < perKind; i += 1) draw([kind]);
  for (let i = 0; i < perKind; i += 1) {
    const first = pick(random, ERROR_KINDS);
    let second = pick(random, ERROR_KINDS);
    while (second === first) second = pick(random, ERROR_KINDS);
    draw([first, second]);
  }
  for (let i = 0; i < newPeople; i += 1) probes.push({ fields: generateIdentity(random, population), truth: null, kinds: [] });
  return probes;
}
