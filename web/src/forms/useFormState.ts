/**
 * The edit state of one form: the original tree (with placeholders for missing fields), the edited tree,
 * whether it has unsaved changes, and what a save sends. The edit starts from the first `initial` and
 * keeps going when the screen's data is fetched again (store-and-network answers arrive while the user
 * types); to start over with stored data, the caller remounts the form (a `key` with the version).
 */
import { useState } from 'react';
import type { DataFieldDefinition, DataFieldInstance } from '@ecrf/rules';
import { createMissingFields, hasUnsavedChanges } from './formTree';
import { omitDefinitions, toFieldInputs, type FieldInput } from './instances';

export type FormState = {
  /** What the edit started from; placeholders included, so they count as no change. */
  original: readonly DataFieldInstance[];
  fields: readonly DataFieldInstance[];
  setFields: (fields: readonly DataFieldInstance[]) => void;
  dirty: boolean;
  reset: () => void;
  /** The `fields` of the save mutation's input. */
  fieldInputs: () => FieldInput[];
};

type Edit = { original: readonly DataFieldInstance[]; fields: readonly DataFieldInstance[] };

export function useFormState(formFields: readonly DataFieldDefinition[], initial: readonly DataFieldInstance[]): FormState {
  const [edit, setEdit] = useState((): Edit => {
    const original = createMissingFields(formFields, initial);
    return { original, fields: original };
  });
  const { original, fields } = edit;
  return {
    original,
    fields,
    setFields: (next) => setEdit((prev) => ({ ...prev, fields: next })),
    dirty: hasUnsavedChanges(original, fields),
    reset: () => setEdit((prev) => ({ ...prev, fields: prev.original })),
    // Display values are never edited: the server fills them by their population rules.
    fieldInputs: () =>
      omitDefinitions(
        toFieldInputs(original, fields),
        new Set(formFields.filter((d) => d.definitionType === 'DisplayValue').map((d) => d.id)),
      ),
  };
}
