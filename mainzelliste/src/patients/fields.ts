/**
 * The configured IDAT fields and id types (mainzelliste-api.md §1 "Configuration") and their validators.
 *
 * - vorname, nachname and the three date parts are required.
 * - Names: Mainzelliste's pattern (letters incl. umlauts and ß, '.', '-', "'", space) or the registry's
 *   name validator of @ecrf/rules (letters incl. accented ones, space, hyphen), so both 'O'Brien' from a
 *   Mainzelliste client and 'José' from the eCRF are accepted. Message 'Ungültiger Name'.
 * - The date parts joined are parsed strictly as ddMMyyyy (zero-padded) and may not lie in the future.
 * - plz: 5 digits ('5 Ziffern', @ecrf/rules); ort: free text.
 * - versicherungsnummer (registry extension): a value shaped like a KVNR (letter + 9 digits) must carry a
 *   correct check digit, the placeholders are accepted, anything else is a private number of 1 to 15
 *   characters (@ecrf/rules, ecrf-calls.md §5; message 'Ungültige KVNr.').
 * - geschlecht and strasse (registry extensions, master data of ecrf-calls.md §3): the oBDS gender code
 *   M, W, D, X or U, and street with house number as free text. They are IDAT but no matching fields:
 *   without a weight in matching/default-config.ts, matchDataOf leaves them out.
 * - Every field: at most MAX_FIELD_LENGTH characters.
 */
import {
  INSURANCE_PLACEHOLDERS,
  registryToday,
  validateName,
  validatePostalCode,
  validatePrivateInsuranceNumber,
  validateStatutoryInsuranceNumber,
  validatorMessages,
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

/** Configured id generators; the first is the default type (mainzelliste-api.md §1 "ID generators"). */
export const ID_TYPES = ['pid', 'intid'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const DEFAULT_ID_TYPE: IdType = 'pid';

export const MAX_FIELD_LENGTH = 200;

/** oBDS gender codes: männlich, weiblich, divers, unbestimmt, unbekannt. */
export const GENDER_CODES = ['M', 'W', 'D', 'X', 'U'] as const;
const GENDER_MESSAGE = `Ungültiges Geschlecht (${GENDER_CODES.join(', ')})`;

export const isFieldKey = (key: string): key is FieldKey => (FIELD_KEYS as readonly string[]).includes(key);
export const isIdType = (key: string): key is IdType => (ID_TYPES as readonly string[]).includes(key);

/** mainzelliste-api.md §1 "Validators": the name pattern of the default configuration. */
const MAINZELLISTE_NAME = /^[A-Za-zäÄöÖüÜß.\-' ]*[A-Za-zäÄöÖüÜß]+[A-Za-zäÄöÖüÜß.\-' ]*$/;

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

/** `today`: yyyy-MM-dd, the registry's day (a birth date today is a newborn's). */
function validateDate(day: string, month: string, year: string, today: string): string | null {
  if (!/^\d{2}$/.test(day) || !/^\d{2}$/.test(month) || !/^\d{4}$/.test(year)) return 'Ungültiges Datum (ddMMyyyy)';
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  if (!valid) return 'Ungültiges Datum (ddMMyyyy)';
  if (Number(year) < EARLIEST_BIRTH_YEAR) return `Datum liegt vor ${EARLIEST_BIRTH_YEAR}`;
  return `${year}-${month}-${day}` > today ? 'Datum liegt in der Zukunft' : null;
}

function validateInsuranceNumber(value: string): string | null {
  const text = value.trim();
  if (/^[A-Z]\d{9}$/.test(text) || INSURANCE_PLACEHOLDERS.includes(text)) return validateStatutoryInsuranceNumber(text);
  return validatePrivateInsuranceNumber(text);
}

/** Messages 'field: message' for every broken rule; empty when the fields are valid. */
export type ValidationOptions = { today?: string; allowOneMissingField?: boolean };

export function validateFields(fields: Fields, options: ValidationOptions = {}): string[] {
  const today = options.today ?? registryToday(new Date());
  if (FIELD_KEYS.every((key) => !filled(fields[key]))) return [] as string[];
  const problems: string[] = [];
  for (const key of FIELD_KEYS) {
    const value = fields[key];
    if (value !== undefined && value.length > MAX_FIELD_LENGTH) problems.push(`${key}: höchstens ${MAX_FIELD_LENGTH} Zeichen`);
  }
  for (const key of missingRequired(fields, options.allowOneMissingField ?? false)) problems.push(`${key}: ${validatorMessages.required}`);
  for (const key of ['vorname', 'nachname', 'geburtsname'] as const) {
    const value = fields[key];
    if (filled(value) && !validName(value.trim())) problems.push(`${key}: ${validatorMessages.name}`);
  }
  const { geburtstag, geburtsmonat, geburtsjahr } = fields;
  if (filled(geburtstag) && filled(geburtsmonat) && filled(geburtsjahr)) {
    const message = validateDate(geburtstag.trim(), geburtsmonat.trim(), geburtsjahr.trim(), today);
    if (message) problems.push(`geburtsdatum: ${message}`);
  }
  if (filled(fields.geschlecht) && !(GENDER_CODES as readonly string[]).includes(fields.geschlecht.trim())) {
    problems.push(`geschlecht: ${GENDER_MESSAGE}`);
  }
  if (filled(fields.plz)) {
    const message = validatePostalCode(fields.plz.trim());
    if (message) problems.push(`plz: ${message}`);
  }
  if (filled(fields.versicherungsnummer)) {
    const message = validateInsuranceNumber(fields.versicherungsnummer);
    if (message) problems.push(`versicherungsnummer: ${message}`);
  }
  return problems;
}

export const isIncomplete = (fields: Fields): boolean => FIELD_KEYS.every((key) => !filled(fields[key]));

/** The comparison form; placeholder insurance numbers identify nobody and are left out. */
export function matchDataOf(fields: Fields): MatchData {
  const number = fields.versicherungsnummer?.trim() ?? '';
  const raw: Record<string, string> = { ...fields, versicherungsnummer: INSURANCE_PLACEHOLDERS.includes(number) ? '' : number };
  return prepareMatchData(raw, DEFAULT_TRANSFORMS);
}
