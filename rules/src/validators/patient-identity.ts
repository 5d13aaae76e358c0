/**
 * The master data rules of patient registration (ecrf-calls.md §5): names, postal code '5 Ziffern', the
 * insurance number by insurance status (statutory with check digit, placeholders refused only for
 * 'KV-Nummer bekannt (GKV)', private 1–15 characters), a real birth date not in the future, the gender
 * required. One definition for the gateway, which enforces them, and the web, which shows them while typing.
 */
import {
  INSURANCE_STATUS_KNOWN_GKV,
  validatePrivateInsuranceNumber,
  validateStatutoryInsuranceNumber,
} from '../insurance/insurance-number.js';
import { validateName, validatePostalCode, validateRequired } from './field-validators.js';
import type { FieldValidator } from './messages.js';

export type InsuranceStatusCode = 'STATUTORY_KNOWN' | 'STATUTORY' | 'PRIVATE' | 'NONE';

export type PatientIdentityValues = {
  firstName: string;
  lastName: string;
  birthName: string;
  /** yyyy-MM-dd */
  birthDate: string;
  gender: string;
  zip: string;
  insuranceStatus: InsuranceStatusCode;
  insuranceNumber: string;
};

export type PatientIdentityField = Exclude<keyof PatientIdentityValues, 'insuranceStatus'>;

export const dayMessages = { invalid: 'Ungültiges Datum', future: 'Datum liegt in der Zukunft' } as const;

/** A real calendar day (yyyy-MM-dd) that is not after `today`. */
export function validatePastDay(value: string, today: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) return dayMessages.invalid;
  return value > today ? dayMessages.future : null;
}

/** The insurance number's rule for an insurance status; no number is asked for without insurance. */
export function insuranceNumberValidator(status: InsuranceStatusCode): FieldValidator {
  switch (status) {
    case 'STATUTORY_KNOWN':
      return (value) => validateStatutoryInsuranceNumber(value, INSURANCE_STATUS_KNOWN_GKV);
    case 'STATUTORY':
      return (value) => validateStatutoryInsuranceNumber(value);
    case 'PRIVATE':
      return validatePrivateInsuranceNumber;
    case 'NONE':
      return () => null;
  }
}

const optional = (message: string | null, value: string): string | null => (value === '' ? null : message);

/** The first broken rule per field, in the order of the form; values are taken trimmed. */
export function patientIdentityErrors(values: PatientIdentityValues, today: string): Partial<Record<PatientIdentityField, string>> {
  const v = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as PatientIdentityValues;
  const checks: [PatientIdentityField, string | null][] = [
    ['firstName', validateRequired(v.firstName) ?? validateName(v.firstName)],
    ['lastName', validateRequired(v.lastName) ?? validateName(v.lastName)],
    ['birthName', optional(validateName(v.birthName), v.birthName)],
    ['birthDate', validateRequired(v.birthDate) ?? validatePastDay(v.birthDate, today)],
    ['gender', validateRequired(v.gender)],
    ['zip', optional(validatePostalCode(v.zip), v.zip)],
    ['insuranceNumber', insuranceNumberValidator(v.insuranceStatus)(v.insuranceNumber)],
  ];
  return Object.fromEntries(checks.filter(([, message]) => message !== null)) as Partial<Record<PatientIdentityField, string>>;
}
