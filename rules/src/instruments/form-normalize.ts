/**
 * The normalisation of a form as it is stored (ecrf-core.md §4 "Field instance"; docs/rules.md
 * "Population"): population values applied, invisible fields emptied and marked `isVisible: false`, and a
 * value field without a live instance created when a population rule fills it, pass after pass until
 * nothing changes. Populations reach their fixed point before anything hidden is emptied: a field that a
 * derived value shows (the death date once the status makes „Verstorben“ yes) keeps what was saved with it. The backend's save stores the result and the browser shows the same result while the
 * user types, so both call this one function.
 * Immutable: untouched subtrees keep their identity (the browser re-renders only what changed), and the
 * caller supplies what differs between the tiers: how a created field looks (ids, creation stamp) and what
 * it does with the ids whose values changed (the backend stamps them).
 */
import type { EvaluationContext } from '../constraints/context.js';
import { withinEntry } from '../constraints/create-context.js';
import { CONTAINER_FIELD_TYPES, ENTRY_FIELD_TYPES, type DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance, FieldValue } from '../definition/instances.js';
import { valuesEqual } from '../fields/child-fields.js';
import { isFieldVisible, populatedValue } from '../fields/field-state.js';

/** A population may show a field whose own population then holds: a few passes reach the fixed point. */
export const NORMALIZE_PASSES = 5;

export type NormalizeOptions = {
  /** Every field definition of the form (nested ones linked by parentFieldDefinitionId). */
  definitions: readonly DataFieldDefinition[];
  /** The evaluation context of the form with `fields` in place (each pass evaluates its input). */
  contextFor: (fields: readonly DataFieldInstance[]) => EvaluationContext;
  /** An empty live instance of a value field, at the definition's order. */
  createField: (definition: DataFieldDefinition) => DataFieldInstance;
};

export type NormalizedForm = {
  /** `fields` itself when nothing changed. */
  fields: readonly DataFieldInstance[];
  /** Ids of the fields whose values the normalisation set (created fields included). */
  changedIds: ReadonlySet<string>;
};

const isValueField = (definition: DataFieldDefinition): boolean =>
  !CONTAINER_FIELD_TYPES.includes(definition.definitionType) && !ENTRY_FIELD_TYPES.includes(definition.definitionType);

type Pass = {
  options: NormalizeOptions;
  live: readonly DataFieldDefinition[];
  /** Off while the populations settle, so that a field they will show is not emptied before. */
  emptyHidden: boolean;
};

function normalizeField(
  pass: Pass,
  definition: DataFieldDefinition,
  field: DataFieldInstance,
  context: EvaluationContext,
  parentVisible: boolean,
): DataFieldInstance {
  const own = ENTRY_FIELD_TYPES.includes(definition.definitionType) ? withinEntry(context, field) : context;
  const visible = isFieldVisible(definition, own, parentVisible);
  const populated = populatedValue(definition, own);
  const wanted: readonly FieldValue[] = !visible && pass.emptyHidden ? [] : populated !== undefined ? [{ value: populated }] : field.values;
  const values = valuesEqual(wanted, field.values) ? field.values : wanted;
  const childFields = normalizeLevel(pass, definition.id, field.childFields, own, visible);
  if (values === field.values && childFields === field.childFields && field.isVisible === visible) return field;
  return { ...field, values, childFields, isVisible: visible };
}

/** One pass over a level: its live fields, then the value fields a population rule creates. */
function normalizeLevel(
  pass: Pass,
  parentId: string | null,
  level: readonly DataFieldInstance[],
  context: EvaluationContext,
  parentVisible: boolean,
): readonly DataFieldInstance[] {
  const definitions = pass.live.filter((d) => (d.parentFieldDefinitionId ?? null) === parentId);
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const normalized = level.map((field) => {
    const definition = byId.get(field.definitionId);
    return definition && field.isDeleted !== true ? normalizeField(pass, definition, field, context, parentVisible) : field;
  });
  const created = definitions
    .filter(
      (d) =>
        isValueField(d) &&
        !level.some((f) => f.definitionId === d.id && f.isDeleted !== true) &&
        typeof populatedValue(d, context) === 'string' &&
        isFieldVisible(d, context, parentVisible),
    )
    .map((d) => normalizeField(pass, d, pass.options.createField(d), context, parentVisible));
  const unchanged = created.length === 0 && normalized.every((field, i) => field === level[i]);
  return unchanged ? level : [...normalized, ...created];
}

/** Normalises `fields` until stable (at most NORMALIZE_PASSES passes), as the backend stores a form. */
export function normalizeForm(fields: readonly DataFieldInstance[], options: NormalizeOptions): NormalizedForm {
  const pass: Pass = {
    options,
    live: options.definitions.filter((d) => d.isDeleted !== true),
    emptyHidden: false,
  };
  let current = fields;
  for (const emptyHidden of [false, true]) {
    pass.emptyHidden = emptyHidden;
    for (let round = 0; round < NORMALIZE_PASSES; round += 1) {
      const next = normalizeLevel(pass, null, current, options.contextFor(current), true);
      if (next === current) break;
      current = next;
    }
  }
  if (current === fields) return { fields, changedIds: new Set() };
  // What differs from the input (created fields included): a value the settling populations set and the emptying took
  // back is no change.
  const before = valuesById(fields);
  const changedIds = new Set(
    [...valuesById(current)].filter(([id, values]) => !valuesEqual(before.get(id) ?? [], values)).map(([id]) => id),
  );
  return { fields: current, changedIds };
}

function valuesById(fields: readonly DataFieldInstance[], into = new Map<string, readonly FieldValue[]>()) {
  for (const field of fields) {
    into.set(field.id, field.values);
    valuesById(field.childFields, into);
  }
  return into;
}
