/**
 * Field validators of ecrf-calls.md §5 with their exact German messages. Only the optional e-mail,
 * optional phone and cron validators accept an empty value; the others reject it, because the spec
 * names the optional variants separately.
 */
import { isValidCronExpression } from './cron.js';
import { validatorMessages } from './messages.js';
import type { FieldValidator } from './messages.js';

const isEmpty = (value: string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value.trim() === '';

const pattern =
  (regex: RegExp, message: string): FieldValidator =>
  (value) =>
    value !== null && value !== undefined && regex.test(value) ? null : message;

const optional =
  (validator: FieldValidator): FieldValidator =>
  (value) =>
    isEmpty(value) ? null : validator(value);

/** notNull / required: a value is needed. */
export const validateRequired: FieldValidator = (value) => (isEmpty(value) ? validatorMessages.required : null);
export const validateNotNull = validateRequired;

/** Letters (umlauts and other accented letters included), spaces and hyphens. */
export const validateName = pattern(/^(?=.*\p{L})[\p{L}\p{M} -]+$/u, validatorMessages.name);

/** local@domain.tld, no spaces, a top-level domain of at least two letters. */
export const validateEmail = pattern(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/, validatorMessages.email);
export const validateOptionalEmail = optional(validateEmail);

export const validateInstituteIdentifier = pattern(/^\d{4}$/, validatorMessages.instituteIdentifier);
export const validateIdentifier = pattern(/^[A-Za-z0-9_]+$/, validatorMessages.identifier);
export const validatePostalCode = pattern(/^\d{5}$/, validatorMessages.postalCode);

/** Digits and hyphens; empty allowed. */
export const validateOptionalPhone = optional(pattern(/^[0-9-]+$/, validatorMessages.phone));

/** Letters, digits, underscore, dot and hyphen. */
export const validateUserName = pattern(/^[A-Za-z0-9_.-]+$/, validatorMessages.userName);

/** Five-field cron syntax as croner runs it; empty allowed (no schedule). */
export const validateCronExpression: FieldValidator = (value) =>
  isEmpty(value) || isValidCronExpression(value) ? null : validatorMessages.cron;

/** oneConsentRequired: at least one of the two entries is given. */
export function validateOneConsentRequired(first: string | null | undefined, second: string | null | undefined): string | null {
  return isEmpty(first) && isEmpty(second) ? validatorMessages.oneConsentRequired : null;
}
