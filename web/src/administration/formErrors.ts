/**
 * Form validation of the administration with the validators and German messages of ecrf-calls.md §5
 * (the same functions the backend enforces), merged with the `UserError`s a mutation answers.
 */
import type { FieldValidator } from '@ecrf/rules';
import { userErrorText } from '../errors/errorCatalogue';

export type FieldErrors = Record<string, string[]>;
export type UserErrorLike = { readonly code: string; readonly path: readonly string[]; readonly message: string };

/** The input field a user error points at, dotted as the forms name their fields (`identity.firstName`); '' for the whole input. */
export const inputFieldOf = (error: UserErrorLike): string => error.path.join('.');

/** Runs each field's validators and keeps the first broken rule's message per field. */
export function validateFields(checks: Record<string, [value: string, validators: FieldValidator[]]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, [value, validators]] of Object.entries(checks)) {
    for (const validator of validators) {
      const message = validator(value);
      if (message !== null) {
        errors[field] = [message];
        break;
      }
    }
  }
  return errors;
}

export const optional =
  (validator: FieldValidator): FieldValidator =>
  (value) =>
    value === null || value === undefined || value.trim() === '' ? null : validator(value);

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some((messages) => messages.length > 0);

/** Server errors by input field; errors without a field under ''. */
export function errorsByField(errors: readonly UserErrorLike[]): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const field = inputFieldOf(error);
    result[field] = [...(result[field] ?? []), userErrorText(error)];
  }
  return result;
}
