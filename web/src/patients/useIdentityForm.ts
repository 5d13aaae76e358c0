import { useState } from 'react';
import { errorsByField, hasErrors, type FieldErrors, type UserErrorLike } from '../administration/formErrors';
import { registryToday } from '@ecrf/rules';
import { EMPTY_IDENTITY, fieldKey, validateIdentity, type IdentityForm } from './identityForm';

export type IdentityFormState<Extra extends object> = {
  form: IdentityForm & Extra;
  // Method syntax: a form with more fields can be handed to components that know the identity fields only.
  set(field: keyof (IdentityForm & Extra), value: string): void;
  blur: (key: string) => void;
  /** Client messages once the field was left (or a save tried), then the server's for it. */
  shown: (key: string) => string[];
  /** Marks every field as left; true when the form may be sent. */
  checkAll: () => boolean;
  /** Places the mutation's errors at their fields; answers those that belong to no field of the form. */
  placeServerErrors: (errors: readonly UserErrorLike[]) => string[];
};

/**
 * Form state with validation as the user types and leaves a field (ecrf-calls.md §5); `extra` adds the
 * fields of the screen (location, registration date) with their own validation.
 */
export function useIdentityForm<Extra extends object>(
  initial: IdentityForm & Extra,
  validateExtra: (form: IdentityForm & Extra) => FieldErrors = () => ({}),
): IdentityFormState<Extra> {
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...validateIdentity(form, registryToday(new Date())), ...validateExtra(form) };
  const keyOf = (field: PropertyKey): string => (String(field) in EMPTY_IDENTITY ? fieldKey(field as keyof IdentityForm) : String(field));

  return {
    form,
    set(field, value) {
      setForm((current) => ({ ...current, [field]: value }));
      // A changed field's server message no longer applies; the number's rule depends on the status.
      const keys = field === 'insuranceStatus' ? [fieldKey('insuranceNumber')] : [keyOf(field)];
      setServerErrors((current) => ({ ...current, ...Object.fromEntries(keys.map((key) => [key, []])) }));
    },
    blur: (key) => setTouched((current) => new Set(current).add(key)),
    shown: (key) => [...(touched.has(key) ? (errors[key] ?? []) : []), ...(serverErrors[key] ?? [])],
    checkAll: () => {
      setTouched(new Set(Object.keys(errors)));
      return !hasErrors(errors);
    },
    placeServerErrors: (failures) => {
      const byField = errorsByField(failures);
      const known = new Set(Object.keys(initial).map(keyOf));
      const placed: FieldErrors = {};
      const rest: string[] = [];
      for (const [key, messages] of Object.entries(byField)) {
        if (known.has(key)) placed[key] = messages;
        else rest.push(...messages);
      }
      setServerErrors(placed);
      return rest;
    },
  };
}
