/**
 * Field rules of a request body checked on the server (ecrf-calls.md §5): each field's validators in order, the first
 * refusal per field with its German message; a body with refusals answers 400 naming each field.
 */
import type { FieldValidator } from '@ecrf/rules';
import { invalidFields, type FieldError } from './errors.js';

/** A body field, its value and its validators. */
export type Check = [field: string, value: string | null | undefined, validators: FieldValidator[]];

export function fieldErrorsOf(checks: Check[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, value, validators] of checks) {
    for (const validator of validators) {
      const message = validator(value);
      if (message) {
        errors.push({ field, message });
        break;
      }
    }
  }
  return errors;
}

export function assertValid(errors: FieldError[]): void {
  if (errors.length > 0) throw invalidFields(errors);
}
