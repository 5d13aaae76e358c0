/**
 * What every field of a rendered form needs besides its own node: texts, enum values, the network
 * directory, server errors and the edit operations. Provided once by DocumentationForm.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { DataFieldDefinition, EnumValue, FieldValue, RedirectTarget } from '@ecrf/rules';
import type { FieldNode } from './formNodes';

export type NetworkOrganizationOption = { id: string; displayName?: string | null };
export type NetworkPersonOption = {
  id: string;
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** The organizations (locations) the person works at. */
  organizationIds: readonly string[];
};
export type NetworkDirectory = {
  organizations: readonly NetworkOrganizationOption[];
  persons: readonly NetworkPersonOption[];
};

/**
 * A refusal of the server, at the field it names: by instance id, else by its path in the form (docs/rules.md
 * "Field paths", e.g. `therapy_lines[1].start`), else at every instance of definitionId.
 */
export type FormServerError = { fieldId?: string | null; path?: string | null; definitionId?: string | null; message: string };

export type FormModel = {
  /** The form's field definitions (nested ones linked by parentFieldDefinitionId). */
  formFields: readonly DataFieldDefinition[];
  text: (displayKey: string) => string;
  enumValues: (identifier: string | null | undefined) => readonly EnumValue[];
  network: NetworkDirectory;
  readOnly: boolean;
  /** yyyy-MM-dd, as the rules see it. */
  today: string;
  /** Offers "andauernd" on a date field; the definition model has no setting for it. */
  allowsOngoing: (definition: DataFieldDefinition) => boolean;
  serverErrorsAt: (fieldId: string, definitionId: string) => string[];
  /** Why the field's value cannot be saved (the rules' value checks), empty when it can. */
  problemsAt: (fieldId: string) => string[];
  /** The field is missing and says so: it was touched, or a save was tried. */
  missingShown: (node: FieldNode) => boolean;
  setValues: (fieldId: string, values: readonly FieldValue[]) => void;
  addEntry: (listId: string, entryDefinition: DataFieldDefinition) => void;
  removeEntry: (entryId: string) => void;
  /** Sets or lifts a stored field's manual lock (data management); null when the viewer may not. */
  setLock: ((fieldId: string, locked: boolean) => void) | null;
  /** Controls the screen puts beside a stored field (its queries, its verification flags); null for none. */
  fieldExtras: FieldExtras | null;
  /** The route of a redirect's instrument; null where the screen has none. */
  redirectHref: RedirectHref | null;
};

/** The route of the instrument a redirect names, or null when the patient's documentation has no place for it. */
export type RedirectHref = (target: RedirectTarget) => string | null;

/** Renders the controls beside a stored field, given its instance id and its German label. */
export type FieldExtras = (fieldId: string, label: string) => ReactNode;

export const FormModelContext = createContext<FormModel | null>(null);

export function useFormModel(): FormModel {
  const model = useContext(FormModelContext);
  if (model === null) throw new Error('useFormModel outside DocumentationForm');
  return model;
}
