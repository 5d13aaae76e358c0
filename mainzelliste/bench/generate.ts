/**
 * Seeded synthetic German identities and probes with typical errors for the matching benchmark. A probe
 * is either a duplicate of a stored identity (with one or two errors) or a person not stored at all.
 */
import { kvnrCheckDigit } from '@ecrf/rules';
import { FIRST_NAMES_FEMALE, FIRST_NAMES_MALE, LAST_NAMES, SURNAME_ENDINGS, SURNAME_STEMS, TOWNS } from './names.js';

export type Identity = Record<string, string>;

/** mulberry32: a small, fast, seedable generator; the same seed gives the same data set. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
/** Zipf-like: earlier entries are more frequent, as with real names. */
const skewed = <T>(random: Random, list: readonly T[]): T => list[Math.floor(list.length * random() ** 1.6)] as T;

/**
 * 45 % from the list of common surnames, the rest composed (≈ 1,300 more), so that, as in Germany, the
 * most common surname (Müller) is borne by about 1 % and blocks have realistic sizes.
 */
export function lastName(random: Random): string {
  if (random() < 0.45) return skewed(random, LAST_NAMES);
  const stem = pick(random, SURNAME_STEMS);
  const ending = pick(random, SURNAME_ENDINGS);
  return stem + (stem.endsWith(ending.charAt(0)) ? ending.slice(1) : ending);
}
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const pad = (n: number): string => String(n).padStart(2, '0');

export function generateIdentity(random: Random): Identity {
  const female = random() < 0.5;
  const [plz, ort] = pick(random, TOWNS);
  const year = int(random, 1925, 2015);
  const month = int(random, 1, 12);
  const day = int(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const nachname = lastName(random);
  const identity: Identity = {
    vorname: skewed(random, female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE),
    nachname,
    geburtstag: pad(day),
    geburtsmonat: pad(month),
    geburtsjahr: String(year),
    plz,
    ort,
  };
  // Married women with a birth name kept; a third of the identities carry a KVNR.
  if (female && random() < 0.25) identity.geburtsname = lastName(random);
  if (random() < 0.3) {
    const letter = String.fromCharCode(65 + int(random, 0, 25));
    const digits = String(int(random, 10_000_000, 99_999_999));
    identity.versicherungsnummer = `${letter}${digits}${kvnrCheckDigit(letter, digits)}`;
  }
  return identity;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöü';

function typo(random: Random, text: string): string {
  if (text.length < 3) return text + 'e';
  const at = int(random, 1, text.length - 2);
  switch (int(random, 0, 2)) {
    case 0:
      return text.slice(0, at) + pick(random, [...LETTERS]) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + text.slice(at + 1);
    default:
      return text.slice(0, at) + pick(random, [...LETTERS]) + text.slice(at);
  }
}

function transpose(text: string, random: Random): string {
  if (text.length < 3) return text;
  const at = int(random, 1, text.length - 2);
  return text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
}

const UMLAUT_SPELLINGS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

export const ERROR_KINDS = [
  'typoLastName',
  'typoFirstName',
  'transposition',
  'swappedNames',
  'marriedName',
  'missingAddress',
  'dayMonthSwap',
  'wrongDay',
  'umlautSpelling',
  'moved',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export function applyError(random: Random, original: Identity, kind: ErrorKind): Identity {
  const p = { ...original };
  switch (kind) {
    case 'typoLastName':
      p.nachname = typo(random, p.nachname ?? '');
      break;
    case 'typoFirstName':
      p.vorname = typo(random, p.vorname ?? '');
      break;
    case 'transposition':
      p.nachname = transpose(p.nachname ?? '', random);
      break;
    case 'swappedNames':
      [p.vorname, p.nachname] = [p.nachname ?? '', p.vorname ?? ''];
      break;
    case 'marriedName':
      p.geburtsname = p.nachname ?? '';
      p.nachname = lastName(random);
      break;
    case 'missingAddress':
      p.plz = '';
      p.ort = '';
      break;
    case 'dayMonthSwap':
      if (Number(p.geburtstag) <= 12 && p.geburtstag !== p.geburtsmonat)
        [p.geburtstag, p.geburtsmonat] = [p.geburtsmonat ?? '', p.geburtstag ?? ''];
      else p.geburtstag = pad(((Number(p.geburtstag) + 9) % 28) + 1);
      break;
    case 'wrongDay':
      p.geburtstag = pad(((Number(p.geburtstag) + int(random, 0, 26)) % 28) + 1);
      break;
    case 'umlautSpelling':
      p.nachname = (p.nachname ?? '').replace(/[äöüß]/g, (letter) => UMLAUT_SPELLINGS[letter] ?? letter);
      p.vorname = (p.vorname ?? '').replace(/[äöüß]/g, (letter) =>
        random() < 0.5 ? (UMLAUT_SPELLINGS[letter] ?? letter) : letter.replace('ß', 'ss'),
      );
      break;
    case 'moved': {
      const [plz, ort] = pick(random, TOWNS);
      p.plz = plz;
      p.ort = ort;
      break;
    }
  }
  return p;
}

export type Probe = { fields: Identity; truth: number | null; kinds: ErrorKind[] };

/** Duplicates of stored identities (index into `stored`) with one error, 25 % with two; then new people. */
export function generateProbes(random: Random, stored: readonly Identity[], duplicates: number, newPeople: number): Probe[] {
  const probes: Probe[] = [];
  for (let i = 0; i < duplicates; i += 1) {
    const truth = int(random, 0, stored.length - 1);
    const kinds = [pick(random, ERROR_KINDS)];
    if (random() < 0.25) kinds.push(pick(random, ERROR_KINDS));
    let fields = { ...(stored[truth] as Identity) };
    // The KVNR is often not at hand when a patient comes again.
    if (random() < 0.5) delete fields.versicherungsnummer;
    for (const kind of kinds) fields = applyError(random, fields, kind);
    probes.push({ fields, truth, kinds });
  }
  for (let i = 0; i < newPeople; i += 1) probes.push({ fields: generateIdentity(random), truth: null, kinds: [] });
  return probes;
}
