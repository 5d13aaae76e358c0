/**
 * The configured IDAT fields and id types (mainzelliste-api.md §1 "Configuration") and their validators.
 *
 * - vorname, nachname and the three date parts are required.
 * - Names: Mainzelliste's pattern (letters incl. umlauts and ß, '.', '-', "'", space) or the registry's
 *   name validator of @ecrf/rules (letters incl. accented ones, space, hyphen), so both 'O'Brien' from a
 *   Mainzelliste client and 'José' from the eCRF are accepted.
 * - The date parts joined are parsed strictly as ddMMyyyy (zero-padded) and may not lie in the future.
 * - plz: 5 digits (@ecrf/rules); ort: free text.
 * - versicherungsnummer (registry extension): a value shaped like a KVNR (letter + 9 digits) must carry a
 *   correct check digit, the placeholders are accepted, anything else is a private number of 1 to 15
 *   characters (@ecrf/rules, ecrf-calls.md §5).
 * - geschlecht and strasse (registry extensions, master data of ecrf-calls.md §3): the oBDS gender code
 *   M, W, D, X or U, and street with house number as free text. They are IDAT but no matching fields:
 *   without a weight in matching/default-config.ts, matchDataOf leaves them out.
 * - Every field: at most MAX_FIELD_LENGTH characters.
 * Refusals use Mainzelliste's wording (API clients compare them); the eCRF shows its own German texts.
 */
import {
  INSURANCE_PLACEHOLDERS,
  registryToday,
  TEXT_LIMITS,
  validateName,
  validatePostalCode,
  validatePrivateInsuranceNumber,
  validateStatutoryInsuranceNumber,
} from '@ecrf/rules';
import { DEFAULT_TRANSFORMS } from '../matching/default-config.js';
import { prepareMatchData, type MatchData } from '../matching/prepare.js';

export const FIELD_KEYS = [
  'vorname',
  'nachname',
  'geburtsname',
  'geburtstag',
  'geburtsmonat',
  'geburtsjahr',
  'geschlecht',
  'strasse',
  'plz',
  'ort',
  'versicherungsnummer',
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];
export type Fields = Partial<Record<FieldKey, string>>;

export const REQUIRED_FIELDS: readonly FieldKey[] = ['vorname', 'nachname', 'geburtstag', 'geburtsmonat', 'geburtsjahr'];

/**
 * Id types the service generates; the first is the default type (mainzelliste-api.md §1 "ID generators").
 * External id types (Mainzelliste's ExternalIDGenerator) come from the configuration.
 */
export const GENERATED_ID_TYPES = ['pid', 'intid'] as const;
export const DEFAULT_ID_TYPE = 'pid';

/** Every id type: the generated ones, then the configured external ones. */
export const idTypesOf = (externalIdTypes: readonly string[]): readonly string[] => [...GENERATED_ID_TYPES, ...externalIdTypes];

/** The registry's limit of an identifying field, which the web's inputs also carry. */
export const MAX_FIELD_LENGTH = TEXT_LIMITS.identityField;

/** oBDS gender codes: männlich, weiblich, divers, unbestimmt, unbekannt. */
export const GENDER_CODES = ['M', 'W', 'D', 'X', 'U'] as const;

export const isFieldKey = (key: string): key is FieldKey => (FIELD_KEYS as readonly string[]).includes(key);

/** mainzelliste-api.md §1 "Validators": the name pattern of the default configuration, also quoted in refusals. */
const NAME_FORMAT = "[A-Za-zäÄöÖüÜß\\.\\-' ]*[A-Za-zäÄöÖüÜß]+[A-Za-zäÄöÖüÜß\\.\\-' ]*";
const MAINZELLISTE_NAME = new RegExp(`^${NAME_FORMAT}$`);

const validName = (value: string): boolean => MAINZELLISTE_NAME.test(value) || validateName(value) === null;

/** The configured fields of an input map as strings; other keys (sureness, submit buttons) are ignored. */
export function pickFields(input: Readonly<Record<string, unknown>>): Fields {
  const fields: Fields = {};
  for (const key of FIELD_KEYS) {
    const raw = input[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string') fields[key] = value;
    else if (typeof value === 'number') fields[key] = String(value);
  }
  return fields;
}

const filled = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** Birth dates before this year are typing errors (1462 for 1962), not patients. */
export const EARLIEST_BIRTH_YEAR = 1900;

const BIRTH_DATE_PARTS: readonly FieldKey[] = ['geburtstag', 'geburtsmonat', 'geburtsjahr'];

/**
 * The required fields a record lacks. With `allowOneMissingField`, the first name or the whole birth
 * date may be missing (not both), so the record is matched on the others; the surname is always needed.
 */
function missingRequired(fields: Fields, allowOneMissingField: boolean): FieldKey[] {
  const missing = REQUIRED_FIELDS.filter((key) => !filled(fields[key]));
  if (!allowOneMissingField) return missing;
  const withoutDate = BIRTH_DATE_PARTS.every((key) => missing.includes(key));
  const withoutFirstName = missing.includes('vorname');
  if (withoutDate && !withoutFirstName) return missing.filter((key) => !BIRTH_DATE_PARTS.includes(key));
  if (withoutFirstName && !withoutDate) return missing.filter((key) => key !== 'vorname');
  return missing;
}

/**
 * Refusal texts as Mainzelliste's Validator words them, so clients written against it can compare them;
 * the registry's own rules (birth year, KVNR, gender, length) are worded alike.
 */
const refusal = {
  empty: (key: string) => `Field ${key} must not be empty!`,
  format: (key: string, format: string) => `Field ${key} does not conform to the required format${format}`,
  tooLong: (key: string) => `Field ${key} must not be longer than ${MAX_FIELD_LENGTH} characters!`,
  invalidDate: (date: string) => `${date} is not a valid date!`,
  future: (date: string) => `${date} is in the future!`,
  tooEarly: (date: string) => `${date} is before ${EARLIEST_BIRTH_YEAR}!`,
};

/** `today`: yyyy-MM-dd, the registry's day (a birth date today is a newborn's). */
function validateDate(day: string, month: string, year: string, today: string): string | null {
  const date = `${day}${month}${year}`;
  if (!/^\d{2}$/.test(day) || !/^\d{2}$/.test(month) || !/^\d{4}$/.test(year)) return refusal.invalidDate(date);
  const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid =
    parsed.getUTCFullYear() === Number(year) && parsed.getUTCMonth() === Number(month) - 1 && parsed.getUTCDate() === Number(day);
  if (!valid) return refusal.invalidDate(date);
  if (Number(year) < EARLIEST_BIRTH_YEAR) return refusal.tooEarly(date);
  return `${year}-${month}-${day}` > today ? refusal.future(date) : null;
}

function validInsuranceNumber(value: string): boolean {
  const text = value.trim();
  if (/^[A-Z]\d{9}$/.test(text) || INSURANCE_PLACEHOLDERS.includes(text)) return validateStatutoryInsuranceNumber(text) === null;
  return validatePrivateInsuranceNumber(text) === null;
}

/** Refusals for every broken rule; empty when the fields are valid. */
export type ValidationOptions = { today?: string; allowOneMissingField?: boolean };

export function validateFields(fields: Fields, options: ValidationOptions = {}): string[] {
  const today = options.today ?? registryToday(new Date());
  if (FIELD_KEYS.every((key) => !filled(fields[key]))) return [] as string[];
  const problems: string[] = [];
  for (const key of FIELD_KEYS) {
    const value = fields[key];
    if (value !== undefined && value.length > MAX_FIELD_LENGTH) problems.push(refusal.tooLong(key));
  }
  for (const key of missingRequired(fields, options.allowOneMissingField ?? false)) problems.push(refusal.empty(key));
  for (const key of ['vorname', 'nachname', 'geburtsname'] as const) {
    const value = fields[key];
    if (filled(value) && !validName(value.trim())) problems.push(refusal.format(key, NAME_FORMAT));
  }
  const { geburtstag, geburtsmonat, geburtsjahr } = fields;
  if (filled(geburtstag) && filled(geburtsmonat) && filled(geburtsjahr)) {
    const message = validateDate(geburtstag.trim(), geburtsmonat.trim(), geburtsjahr.trim(), today);
    if (message) problems.push(message);
  }
  if (filled(fields.geschlecht) && !(GENDER_CODES as readonly string[]).includes(fields.geschlecht.trim())) {
    problems.push(refusal.format('geschlecht', GENDER_CODES.join('|')));
  }
  if (filled(fields.plz) && validatePostalCode(fields.plz.trim()) !== null) problems.push(refusal.format('plz', '\\d{5}'));
  if (filled(fields.versicherungsnummer) && !validInsuranceNumber(fields.versicherungsnummer)) {
    problems.push(refusal.format('versicherungsnummer', ' of a KVNR with its check digit, a placeholder or a private number'));
  }
  return problems;
}

/** Whether any IDAT field is given; a patient may be known by external ids alone. */
export const hasIdat = (fields: Fields): boolean => FIELD_KEYS.some((key) => filled(fields[key]));

/** The comparison form; placeholder insurance numbers identify nobody and are left out. */
export function matchDataOf(fields: Fields): MatchData {
  const number = fields.versicherungsnummer?.trim() ?? '';
  const raw: Record<string, string> = { ...fields, versicherungsnummer: INSURANCE_PLACEHOLDERS.includes(number) ? '' : number };
  return prepareMatchData(raw, DEFAULT_TRANSFORMS);
}
