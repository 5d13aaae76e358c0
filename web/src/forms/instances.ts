/**
 * What a save sends of the rules' field instances (schema.graphql `DataFieldInput`): only what changed;
 * fields left out stay as stored, a field without id is new and deleting is explicit (ecrf-core.md §4:
 * field instance). The instances themselves come as the rules read them (`StudyPatient.documentation`).
 */
import { valuesEqual, type DataFieldInstance, type FieldValue } from '@ecrf/rules';

export type FieldValueInput = { value?: string | null; unit?: string | null; organizationId?: string | null; personId?: string | null };

/** Mirrors `DataFieldInput`. */
export type FieldInput = {
  id?: string;
  definitionKey: string;
  values?: FieldValueInput[];
  tags?: string[];
  order?: number;
  isDeleted?: boolean;
  childFields?: FieldInput[];
};

/** Prefix of the ids of fields the server does not know yet. */
export const NEW_FIELD_PREFIX = 'new:';

export const isTemporaryField = (field: DataFieldInstance): boolean => field.isNewField === true || field.id.startsWith(NEW_FIELD_PREFIX);

const toValueInputs = (values: readonly FieldValue[]): FieldValueInput[] =>
  values.map((v) => ({ value: v.value, unit: v.unit ?? null, organizationId: v.organization?.id ?? null, personId: v.person?.id ?? null }));

const sameTags = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((tag, i) => tag === (b ?? [])[i]);

/**
 * A field the server does not know: sent whole when the user added it (it is not in the original) or
 * when it or a child carries something; a placeholder from createMissingFields left empty is left out.
 * Invisible fields are left out: the server would store them empty anyway.
 */
function newFieldInput(field: DataFieldInstance, before: DataFieldInstance | undefined, addedByUser: boolean): FieldInput | null {
  if (field.isDeleted === true || field.isVisible === false) return null;
  const beforeChildren = new Map((before?.childFields ?? []).map((c) => [c.id, c]));
  // The placeholders inside an added entry count like any other placeholder.
  const childFields = field.childFields
    .map((child) => newFieldInput(child, beforeChildren.get(child.id), false))
    .filter((input): input is FieldInput => input !== null);
  const changed = addedByUser || !valuesEqual(field.values, before?.values ?? []);
  if (!changed && childFields.length === 0) return null;
  return {
    definitionKey: field.definitionId,
    order: field.order,
    ...(field.values.length > 0 ? { values: toValueInputs(field.values) } : {}),
    ...((field.tags ?? []).length > 0 ? { tags: [...(field.tags ?? [])] } : {}),
    ...(childFields.length > 0 ? { childFields } : {}),
  };
}

function existingFieldInput(field: DataFieldInstance, before: DataFieldInstance | undefined): FieldInput | null {
  const id = { id: field.id, definitionKey: field.definitionId };
  if (field.isDeleted === true) return before?.isDeleted === true ? null : { ...id, isDeleted: true };
  // An invisible field is emptied by the server itself; sending the emptying would count as an edit.
  const valuesChanged = field.isVisible !== false && !valuesEqual(field.values, before?.values ?? []);
  const tagsChanged = !sameTags(field.tags, before?.tags);
  const childFields = toFieldInputs(before?.childFields ?? [], field.childFields);
  if (!valuesChanged && !tagsChanged && childFields.length === 0) return null;
  return {
    ...id,
    ...(valuesChanged ? { values: toValueInputs(field.values) } : {}),
    ...(tagsChanged ? { tags: [...(field.tags ?? [])] } : {}),
    ...(childFields.length > 0 ? { childFields } : {}),
  };
}

/**
 * What a save sends: changed fields with their id, new fields without, children nested under their
 * parent, and removed stored fields (missing from `edited` or marked deleted) as `isDeleted: true`.
 */
export function toFieldInputs(original: readonly DataFieldInstance[], edited: readonly DataFieldInstance[]): FieldInput[] {
  const before = new Map(original.map((f) => [f.id, f]));
  const present = new Set(edited.map((f) => f.id));
  const inputs = edited
    .map((field) =>
      isTemporaryField(field)
        ? newFieldInput(field, before.get(field.id), !before.has(field.id))
        : existingFieldInput(field, before.get(field.id)),
    )
    .filter((input): input is FieldInput => input !== null);
  const removed = original
    .filter((f) => !present.has(f.id) && !isTemporaryField(f) && f.isDeleted !== true)
    .map((f): FieldInput => ({ id: f.id, definitionKey: f.definitionId, isDeleted: true }));
  return [...inputs, ...removed];
}

/** The inputs without the fields of the given definitions, at any depth (display values: the server populates them). */
export function omitDefinitions(inputs: readonly FieldInput[], omitted: ReadonlySet<string>): FieldInput[] {
  return inputs
    .filter((input) => !omitted.has(input.definitionKey))
    .map((input) => (input.childFields ? { ...input, childFields: omitDefinitions(input.childFields, omitted) } : input));
}
