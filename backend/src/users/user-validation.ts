/**
 * The field rules of a user (ecrf-calls.md §5) on the server, with the same validators and German
 * messages the web shows: user name, names, e-mail, phone; passwords set by an administrator follow the
 * administrator policy (one special character more than the account rules). Every password set on the server
 * must also not be a common one (common-passwords.ts, issue 15).
 */
import {
  passwordStrengthErrors,
  validateName,
  validateOptionalEmail,
  validateOptionalPhone,
  validateRequired,
  validateUserName,
  type FieldValidator,
  type PasswordPolicy,
} from '@ecrf/rules';
import type { FieldError } from '../errors/errors.js';
import { type Check, fieldErrorsOf } from '../errors/field-checks.js';
import { commonPasswordError } from './common-passwords.js';

export type PersonDataInput = {
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  [key: string]: unknown;
};

const optionalName: FieldValidator = (value) => (value === null || value === undefined || value.trim() === '' ? null : validateName(value));

const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function userFieldErrors(input: {
  userName?: string;
  displayName: string;
  emailAddress?: string | null;
  personData?: PersonDataInput | null;
}): FieldError[] {
  const person = input.personData ?? {};
  const checks: Check[] = [
    ['displayName', input.displayName, [validateRequired]],
    ['emailAddress', input.emailAddress, [validateOptionalEmail]],
    ['personData.firstName', asText(person.firstName), [optionalName]],
    ['personData.lastName', asText(person.lastName), [optionalName]],
    ['personData.phone', asText(person.phone), [validateOptionalPhone]],
  ];
  if (input.userName !== undefined) checks.unshift(['userName', input.userName, [validateRequired, validateUserName]]);
  return fieldErrorsOf(checks);
}

/** Administrator-set passwords (PUT User/{userId}/password, POST User): the administrator policy. */
export function administratorPasswordErrors(field: string, password: string): FieldError[] {
  return passwordProblems(password, 'administrator').map((message) => ({ field, message }));
}

/** The broken strength rules (@ecrf/rules) and, once they hold, whether the password is a common one. */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const broken = passwordStrengthErrors(password, policy);
  const common = broken.length === 0 ? commonPasswordError(password) : null;
  return common ? [common] : broken;
}
