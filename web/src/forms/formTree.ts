/**
 * The edited instance tree of one form: placeholders for fields not yet stored, the normalisation the
 * backend applies on save (`normalizeForm` of @ecrf/rules: population values, invisible fields empty;
 * ecrf-core.md §4) so the form shows what will be stored, list entries added at order +10 (§9) or
 * removed, and change detection.
 * Every function is pure and keeps the identity of untouched subtrees.
 */
import {
  ENTRY_FIELD_TYPES,
  appendChildField,
  hasFieldChanges,
  normalizeForm,
  type DataFieldDefinition,
  type DataFieldInstance,
  type EvaluationContext,
} from '@ecrf/rules';
import { NEW_FIELD_PREFIX, isTemporaryField } from './instances';

export const REPEATING_TYPES: readonly string[] = ['List', 'EventReportList'];

/** Live child definitions of a parent (null: the form's top level) by order. */
export function childDefinitions(formFields: readonly DataFieldDefinition[], parentId: string | null): DataFieldDefinition[] {
  return formFields
    .filter((d) => d.isDeleted !== true && (d.parentFieldDefinitionId ?? null) === parentId)
    .sort((a, b) => a.order - b.order);
}

const newId = (): string => `${NEW_FIELD_PREFIX}${globalThis.crypto.randomUUID()}`;

function placeholder(formFields: readonly DataFieldDefinition[], definition: DataFieldDefinition, order: number): DataFieldInstance {
  return {
    id: newId(),
    definitionId: definition.id,
    values: [],
    order,
    isNewField: true,
    isVisible: true,
    childFields: withMissingChildren(formFields, definition, []),
  };
}

/** A level with a placeholder for every fixed child definition that has no live instance. */
function withMissingChildren(
  formFields: readonly DataFieldDefinition[],
  parent: DataFieldDefinition | null,
  level: readonly DataFieldInstance[],
): readonly DataFieldInstance[] {
  const definitions = childDefinitions(formFields, parent?.id ?? null);
  const byId = new Map(definitions.map((d) => [d.id, d]));
  let changed = false;
  const completed = level.map((field) => {
    const definition = byId.get(field.definitionId);
    if (!definition || field.isDeleted === true) return field;
    const childFields = withMissingChildren(formFields, definition, field.childFields);
    if (childFields === field.childFields) return field;
    changed = true;
    return { ...field, childFields };
  });
  // Entries repeat by the user's choice; only fixed fields get placeholders.
  const fixed =
    parent && REPEATING_TYPES.includes(parent.definitionType)
      ? []
      : definitions.filter((d) => !ENTRY_FIELD_TYPES.includes(d.definitionType));
  const missing = fixed
    .filter((d) => !level.some((f) => f.definitionId === d.id && f.isDeleted !== true))
    .map((d) => placeholder(formFields, d, d.order));
  return changed || missing.length > 0 ? [...completed, ...missing] : level;
}

/**
 * Instances for the definitions without one (temporary id `new:<uuid>`, `isNewField`), at every level
 * below existing fields too, so a new instrument renders every field. Returns `fields` itself when
 * nothing is missing.
 */
export function createMissingFields(formFields: readonly DataFieldDefinition[], fields: readonly DataFieldInstance[]): DataFieldInstance[] {
  const completed = withMissingChildren(formFields, null, fields);
  return completed === fields && Array.isArray(fields) ? (fields as DataFieldInstance[]) : [...completed];
}

/** A new entry of a list with placeholders for its fields, at the next order (highest + 10). */
export function addEntry(
  formFields: readonly DataFieldDefinition[],
  fields: readonly DataFieldInstance[],
  listId: string,
  entryDefinition: DataFieldDefinition,
): DataFieldInstance[] {
  return updateField(fields, listId, (list) =>
    appendChildField(list, {
      id: newId(),
      definitionId: entryDefinition.id,
      values: [],
      isNewField: true,
      isVisible: true,
      childFields: withMissingChildren(formFields, entryDefinition, []),
    }),
  );
}

/** Removes an entry: a stored one is marked deleted (its order stays taken), an unsaved one disappears. */
export function removeEntry(fields: readonly DataFieldInstance[], entryId: string): DataFieldInstance[] {
  const remove = (level: readonly DataFieldInstance[]): DataFieldInstance[] => {
    let changed = false;
    const next = level.flatMap((field) => {
      if (field.id === entryId) {
        changed = true;
        return isTemporaryField(field) ? [] : [{ ...field, isDeleted: true }];
      }
      const childFields = remove(field.childFields);
      if (childFields === field.childFields) return [field];
      changed = true;
      return [{ ...field, childFields }];
    });
    return changed ? next : (level as DataFieldInstance[]);
  };
  return remove(fields);
}

/** The tree with one field replaced. */
export function updateField(
  fields: readonly DataFieldInstance[],
  id: string,
  update: (field: DataFieldInstance) => DataFieldInstance,
): DataFieldInstance[] {
  let changed = false;
  const next = fields.map((field) => {
    if (field.id === id) {
      changed = true;
      return update(field);
    }
    const childFields = updateField(field.childFields, id, update);
    if (childFields === field.childFields) return field;
    changed = true;
    return { ...field, childFields };
  });
  return changed ? next : (fields as DataFieldInstance[]);
}

/**
 * Population values applied and invisible fields emptied until nothing changes: `normalizeForm` of
 * @ecrf/rules, the backend's save normalisation, with placeholders for the fields it creates.
 */
export function normalizeFields(
  formFields: readonly DataFieldDefinition[],
  fields: readonly DataFieldInstance[],
  contextFor: (current: readonly DataFieldInstance[]) => EvaluationContext,
): readonly DataFieldInstance[] {
  return normalizeForm(fields, {
    definitions: formFields,
    contextFor,
    createField: (definition) => placeholder(formFields, definition, definition.order),
  }).fields;
}

/**
 * Whether the edited tree differs from the original by the rules' change detection (ecrf-core.md §4):
 * values changed, children removed, or a field added that the original does not have.
 */
export function hasUnsavedChanges(original: readonly DataFieldInstance[], edited: readonly DataFieldInstance[]): boolean {
  const before = new Map(original.map((f) => [f.id, f]));
  const live = new Set(edited.filter((f) => f.isDeleted !== true).map((f) => f.id));
  if (original.some((f) => f.isDeleted !== true && !live.has(f.id))) return true;
  return edited.some((field) => {
    const stored = before.get(field.id);
    if (!stored) return field.isDeleted !== true;
    return hasFieldChanges(field, stored) || hasUnsavedChanges(stored.childFields, field.childFields);
  });
}
