/**
 * The identity (master data) form of /patientCreate and of the identity dialog: its values, the
 * validators of ecrf-calls.md §5 from @ecrf/rules (name, postal code '5 Ziffern', statutory insurance
 * number with check digit, placeholders and the GKV exception, private number 1–15; the gender is
 * required) with the same rules the gateway applies, and the input the mutations take. Errors are keyed by the mutation's
 * `UserError.path` (`identity`, `<field>`), so server and client messages land at the same field.
 */
import { INSURANCE_PLACEHOLDERS, isValidKvnr, patientIdentityErrors } from '@ecrf/rules';
import type {
  InsuranceStatus as GraphInsuranceStatus,
  PatientGender as GraphPatientGender,
  PatientIdentityInput,
} from '../__generated__/RegisterPatientMutation.graphql';
import type { FieldErrors } from '../administration/formErrors';

export type InsuranceStatus = Exclude<GraphInsuranceStatus, '%future added value'>;
export const INSURANCE_STATUSES: readonly InsuranceStatus[] = ['STATUTORY_KNOWN', 'STATUTORY', 'PRIVATE', 'NONE'];

export type PatientGender = Exclude<GraphPatientGender, '%future added value'>;
/** The oBDS genders in their order (männlich, weiblich, divers, unbestimmt, unbekannt). */
export const GENDERS: readonly PatientGender[] = ['MALE', 'FEMALE', 'DIVERSE', 'UNDETERMINED', 'UNKNOWN'];
const isGender = (value: string): value is PatientGender => (GENDERS as readonly string[]).includes(value);

export type IdentityForm = {
  firstName: string;
  lastName: string;
  birthName: string;
  /** yyyy-MM-dd, as the date input gives it. */
  birthDate: string;
  /** '' until chosen. */
  gender: PatientGender | '';
  street: string;
  zip: string;
  city: string;
  insuranceStatus: InsuranceStatus;
  insuranceNumber: string;
};
export type IdentityField = Exclude<keyof IdentityForm, 'insuranceStatus'>;

export const EMPTY_IDENTITY: IdentityForm = {
  firstName: '',
  lastName: '',
  birthName: '',
  birthDate: '',
  gender: '',
  street: '',
  zip: '',
  city: '',
  insuranceStatus: 'STATUTORY_KNOWN',
  insuranceNumber: '',
};

/** The error key of an identity field: the `field` the gateway's user errors carry. */
export const fieldKey = (field: keyof IdentityForm): string => `identity.${field}`;

/** Every broken rule of the form, by error key (first message per field); the rules are the gateway's. */
export function validateIdentity(form: IdentityForm, today: string): FieldErrors {
  const errors = patientIdentityErrors({ ...form, insuranceNumber: form.insuranceStatus === 'NONE' ? '' : form.insuranceNumber }, today);
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [fieldKey(field as IdentityField), [message]]));
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The mutation input; the number is left out when the patient has none. */
export function identityInput(form: IdentityForm): PatientIdentityInput {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    birthName: orNull(form.birthName),
    birthDate: form.birthDate,
    gender: form.gender === '' ? null : form.gender,
    street: orNull(form.street),
    zip: orNull(form.zip),
    city: orNull(form.city),
    insuranceStatus: form.insuranceStatus,
    insuranceNumber: form.insuranceStatus === 'NONE' ? null : orNull(form.insuranceNumber),
  };
}

type StoredIdentity = { readonly [K in IdentityField]?: string | null };

/**
 * The service keeps no insurance status, so an edit starts from the status the stored number implies:
 * a placeholder is "number not known", a valid KVNR "known", anything else private, none "none".
 */
export function insuranceStatusOf(number: string): InsuranceStatus {
  if (number === '') return 'NONE';
  if (INSURANCE_PLACEHOLDERS.includes(number)) return 'STATUTORY';
  return isValidKvnr(number) ? 'STATUTORY_KNOWN' : 'PRIVATE';
}

export function formOf(identity: StoredIdentity): IdentityForm {
  const value = (field: IdentityField): string => identity[field] ?? '';
  const gender = value('gender');
  return {
    firstName: value('firstName'),
    lastName: value('lastName'),
    birthName: value('birthName'),
    birthDate: value('birthDate'),
    // Identities registered before the gender was asked for have none: the dialog asks for it.
    gender: isGender(gender) ? gender : '',
    street: value('street'),
    zip: value('zip'),
    city: value('city'),
    insuranceNumber: value('insuranceNumber'),
    insuranceStatus: insuranceStatusOf(value('insuranceNumber')),
  };
}
