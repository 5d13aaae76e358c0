/**
 * The identity fields of the graph and the service's IDAT fields (docs/mainzelliste.md "IDAT fields"),
 * and the validation of the master data with @ecrf/rules (ecrf-calls.md §5: name, postal code '5 Ziffern',
 * statutory insurance number with check digit, placeholders and the GKV exception, private number 1–15;
 * the gender is required, as on /patientCreate).
 */
import { INSURANCE_PLACEHOLDERS, patientIdentityErrors, registryToday } from '@ecrf/rules';
import type { PatientGender, PatientIdentity, PatientIdentityInput } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';

/** IDAT as the service takes it: its field keys to strings. */
export type IdatFields = Record<string, string>;

/** Graph field → service field, for the fields that map one to one (the gender as its code). */
const PLAIN_FIELDS = {
  firstName: 'vorname',
  lastName: 'nachname',
  birthName: 'geburtsname',
  gender: 'geschlecht',
  street: 'strasse',
  zip: 'plz',
  city: 'ort',
  insuranceNumber: 'versicherungsnummer',
} as const;
type PlainField = keyof typeof PLAIN_FIELDS;
/** The date is three service fields (zero-padded dd, MM, yyyy). */
const BIRTH_DATE_FIELDS = ['geburtstag', 'geburtsmonat', 'geburtsjahr'] as const;
export type ServiceField = (typeof PLAIN_FIELDS)[PlainField] | (typeof BIRTH_DATE_FIELDS)[number];

/** PatientGender → the oBDS code the service keeps (männlich, weiblich, divers, unbestimmt, unbekannt). */
const GENDER_CODES: Record<PatientGender, string> = { MALE: 'M', FEMALE: 'W', DIVERSE: 'D', UNDETERMINED: 'X', UNKNOWN: 'U' };
const codeOfGender = new Map<string, string>(Object.entries(GENDER_CODES));
const genderOfCode = new Map(Object.entries(GENDER_CODES).map(([gender, code]) => [code, gender as PatientGender]));

/** Graph field names an input sets, in a stable order. */
export const IDENTITY_FIELD_NAMES = [
  'firstName',
  'lastName',
  'birthName',
  'birthDate',
  'gender',
  'street',
  'zip',
  'city',
  'insuranceNumber',
] as const;
export type IdentityFieldName = (typeof IDENTITY_FIELD_NAMES)[number];

/** The name the registry's change log records: the master data names of ecrf-calls.md §3 call the street `address`. */
export const logNameOf = (name: IdentityFieldName): string => (name === 'street' ? 'address' : name);

const trimmed = (value: string | null | undefined): string => (value ?? '').trim();

/** The values of an input by graph field; the number is dropped when the status says there is none. */
export function identityValues(input: PatientIdentityInput): Record<IdentityFieldName, string> {
  return {
    firstName: trimmed(input.firstName),
    lastName: trimmed(input.lastName),
    birthName: trimmed(input.birthName),
    birthDate: trimmed(input.birthDate),
    gender: input.gender ?? '',
    street: trimmed(input.street),
    zip: trimmed(input.zip),
    city: trimmed(input.city),
    insuranceNumber: input.insuranceStatus === 'NONE' ? '' : trimmed(input.insuranceNumber),
  };
}

/** The service fields of graph values; empty values are left out unless `keepEmpty` (an edit clears with ''). */
export function toServiceFields(values: Partial<Record<IdentityFieldName, string>>, keepEmpty = false): IdatFields {
  const fields: IdatFields = {};
  for (const [name, key] of Object.entries(PLAIN_FIELDS) as [PlainField, string][]) {
    const value = name === 'gender' && values.gender ? codeOfGender.get(values.gender) : values[name];
    if (value !== undefined && (value !== '' || keepEmpty)) fields[key] = value;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(values.birthDate ?? '');
  if (match) [fields.geburtsjahr, fields.geburtsmonat, fields.geburtstag] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  return fields;
}

/** The service fields a change of these graph fields touches (the editPatient token allows exactly these). */
export function serviceKeysOf(names: readonly IdentityFieldName[]): ServiceField[] {
  return names.flatMap((name) => (name === 'birthDate' ? [...BIRTH_DATE_FIELDS] : [PLAIN_FIELDS[name]]));
}

/** The identity as the graph shows it, from the service's stored input strings. */
export function identityOf(fields: Partial<Record<string, string>>, tentative: boolean): PatientIdentity {
  const text = (key: string): string | null => (fields[key] ? fields[key] : null);
  const [day, month, year] = BIRTH_DATE_FIELDS.map((key) => fields[key] ?? '');
  return {
    firstName: text('vorname'),
    lastName: text('nachname'),
    birthName: text('geburtsname'),
    zip: text('plz'),
    city: text('ort'),
    // A code another client stored that the graph does not know reads as not recorded.
    gender: genderOfCode.get(fields.geschlecht ?? '') ?? null,
    street: text('strasse'),
    insuranceNumber: text('versicherungsnummer'),
    birthDate: day && month && year ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : null,
    tentative,
  };
}

/** The identity's values by graph field, for finding what an update changes. */
export function valuesOf(identity: PatientIdentity): Record<IdentityFieldName, string> {
  return Object.fromEntries(IDENTITY_FIELD_NAMES.map((name) => [name, identity[name] ?? ''])) as Record<IdentityFieldName, string>;
}

/** Every broken rule as a user error at its input field (`identity.<field>`); "today" is the registry's day. */
export function validateIdentity(input: PatientIdentityInput): UserErrorModel[] {
  const values = identityValues(input);
  const errors = patientIdentityErrors({ ...values, insuranceStatus: input.insuranceStatus }, registryToday(new Date()));
  return Object.entries(errors).map(([field, message]) => ({ code: 'INVALID_VALUE' as const, message, field: `identity.${field}` }));
}

/** Whether a number identifies somebody (placeholders do not, so they say nothing about a match). */
export const isIdentifyingNumber = (number: string): boolean => number !== '' && !INSURANCE_PLACEHOLDERS.includes(number);
