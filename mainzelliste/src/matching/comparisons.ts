/**
 * Comparisons of the Fellegi–Sunter matcher (docs/mainzelliste.md "Matching"): each turns a pair of
 * identities into an agreement level, from the strongest (0, exact) to the weakest, or null when a side
 * lacks the field (no evidence either way). Names are compared after the service's normalisation
 * (umlauts and ß folded, accents stripped, upper case), so 'Müller' and 'Mueller' are exact.
 */
import { compoundParts } from './decompose.js';
import { jaroWinkler } from './jaro-winkler.js';
import { koelnerPhonetik } from './phonetic.js';
import type { MatchData, MatchValue } from './prepare.js';

export type Name = { text: string; parts: readonly string[]; code: string };
export type BirthDate = { day: string; month: string; year: string };
/** One identity in the form the comparisons read, computed once per identity. */
export type LinkageRecord = {
  vorname: Name | null;
  nachname: Name | null;
  geburtsname: Name | null;
  birthDate: BirthDate | null;
  insurance: string | null;
  plz: string | null;
  ort: string | null;
};

function nameOf(value: MatchValue | undefined): Name | null {
  if (value === undefined) return null;
  const parts = typeof value === 'string' ? value.split(' ').filter((part) => part !== '') : compoundParts(value);
  if (parts.length === 0) return null;
  return { text: parts.join(' '), parts, code: koelnerPhonetik(parts.join('')) };
}

const text = (value: MatchValue | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function linkageRecord(data: MatchData): LinkageRecord {
  const [day, month, year] = [text(data.geburtstag), text(data.geburtsmonat), text(data.geburtsjahr)];
  return {
    vorname: nameOf(data.vorname),
    nachname: nameOf(data.nachname),
    geburtsname: nameOf(data.geburtsname),
    birthDate: day !== null && month !== null && year !== null ? { day, month, year } : null,
    insurance: text(data.versicherungsnummer),
    plz: text(data.plz),
    ort: text(data.ort),
  };
}

/** The comparisons and their levels; level 0 is always exact agreement. */
export const COMPARISONS = {
  firstName: ['exact', 'phonetic', 'close', 'similar', 'different'],
  surname: ['exact', 'phonetic', 'close', 'similar', 'different'],
  birthDate: ['exact', 'dayMonthSwapped', 'oneDigit', 'onePart', 'different'],
  insurance: ['exact', 'different'],
  address: ['exact', 'partial', 'different'],
} as const;
export type ComparisonName = keyof typeof COMPARISONS;
export const COMPARISON_NAMES = Object.keys(COMPARISONS) as ComparisonName[];

/**
 * A level, and on exact or same-sounding agreement the agreed value, whose frequency sets its u-probability;
 * `birthName` when a surname agrees only through a birth name (either side's). A lookup's pair kept for learning m
 * holds that frequency as `u` instead of the value (no IDAT is kept).
 */
export type Agreement = { level: number; value: string | null; birthName?: true; u?: number } | null;
/** One arrangement of a pair: an agreement per comparison. */
export type ComparisonVector = Record<ComparisonName, Agreement>;

/** The value a same-sounding agreement counts under: the Kölner Phonetik code, marked apart from names (which never hold '~'). */
export const phoneticValue = (code: string): string => `~${code}`;

/** Jaro-Winkler bands: 'close' catches one typo in a name of five letters or more, 'similar' one in shorter names. */
const CLOSE = 0.92;
const SIMILAR = 0.8;

export function compareNames(a: Name | null, b: Name | null): Agreement {
  if (a === null || b === null) return null;
  if (a.text === b.text) return { level: 0, value: a.text };
  // The shared code is the value: a code many names share (ANNA/NINA/HAOMO) is weak evidence, a rare one strong.
  if (a.code === b.code) return { level: 1, value: phoneticValue(a.code) };
  const similarity = jaroWinkler(a.text, b.text);
  // A double name against one of its parts (Anna-Lena / Anna) is close, not different.
  if (similarity >= CLOSE || a.parts.some((part) => b.parts.includes(part))) return { level: 2, value: null };
  return { level: similarity >= SIMILAR ? 3 : 4, value: null };
}

const stronger = (a: Agreement, b: Agreement): Agreement => (b !== null && (a === null || b.level < a.level) ? b : a);

/** Surnames, allowing for a name changed at marriage with the birth name kept on either side. */
export function compareSurnames(
  a: Pick<LinkageRecord, 'nachname' | 'geburtsname'>,
  b: Pick<LinkageRecord, 'nachname' | 'geburtsname'>,
): Agreement {
  let best = compareNames(a.nachname, b.nachname);
  for (const [x, y] of [
    [a.geburtsname, b.nachname],
    [a.nachname, b.geburtsname],
    [a.geburtsname, b.geburtsname],
  ] as const) {
    if (best?.level === 0) break;
    const viaBirthName = compareNames(x, y);
    best = stronger(best, viaBirthName === null ? null : { ...viaBirthName, birthName: true });
  }
  return best;
}

export const isoDate = (date: BirthDate): string =>
  `${date.year.padStart(4, '0')}-${date.month.padStart(2, '0')}-${date.day.padStart(2, '0')}`;
const digits = (date: BirthDate): string => `${date.day.padStart(2, '0')}${date.month.padStart(2, '0')}${date.year.padStart(4, '0')}`;

export function compareBirthDates(a: BirthDate | null, b: BirthDate | null): Agreement {
  if (a === null || b === null) return null;
  const same = [a.day === b.day, a.month === b.month, a.year === b.year];
  if (same.every(Boolean)) return { level: 0, value: isoDate(a) };
  if (a.year === b.year && a.day === b.month && a.month === b.day) return { level: 1, value: null };
  const [x, y] = [digits(a), digits(b)];
  let differing = 0;
  for (let i = 0; i < x.length; i += 1) if (x.charAt(i) !== y.charAt(i)) differing += 1;
  if (differing === 1) return { level: 2, value: null };
  return { level: same.filter(Boolean).length === 2 ? 3 : 4, value: null };
}

function compareExact(a: string | null, b: string | null): Agreement {
  if (a === null || b === null) return null;
  return a === b ? { level: 0, value: a } : { level: 1, value: null };
}

function compareAddresses(a: LinkageRecord, b: LinkageRecord): Agreement {
  const plz = compareExact(a.plz, b.plz);
  const ort = compareExact(a.ort, b.ort);
  if (plz === null && ort === null) return null;
  const agreeing = [plz, ort].filter((agreement) => agreement?.level === 0).length;
  if (agreeing === 2 || (agreeing === 1 && (plz === null || ort === null))) return { level: 0, value: `${a.plz ?? ''}|${a.ort ?? ''}` };
  return { level: agreeing === 1 ? 1 : 2, value: null };
}

/**
 * The arrangements of a pair worth scoring: as entered, and with first and last name swapped when a name of one
 * side can meet the other name of the other side (issue 29: also when one side gives a single name, which may stand
 * in the wrong field). The matcher takes the one with the higher weight.
 */
export function compare(a: LinkageRecord, b: LinkageRecord): ComparisonVector[] {
  const shared = {
    birthDate: compareBirthDates(a.birthDate, b.birthDate),
    insurance: compareExact(a.insurance, b.insurance),
    address: compareAddresses(a, b),
  };
  const straight: ComparisonVector = { firstName: compareNames(a.vorname, b.vorname), surname: compareSurnames(a, b), ...shared };
  if (!((a.nachname !== null && b.vorname !== null) || (a.vorname !== null && b.nachname !== null))) return [straight];
  const swapped: ComparisonVector = {
    firstName: compareNames(a.nachname, b.vorname),
    surname: compareSurnames({ nachname: a.vorname, geburtsname: a.geburtsname }, b),
    ...shared,
  };
  return [straight, swapped];
}

/** Whether a side gives one name only: swapped, that arrangement may be a possible match, never a definite one. */
export const singleName = (record: LinkageRecord): boolean => (record.vorname === null) !== (record.nachname === null);
