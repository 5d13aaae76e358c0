/**
 * How a documentation record's audit row names its fields (issue 25 item 5; EMA GCP guideline on computerised
 * systems 6.2.1): every field instance of a form is its own key, `fields.<instance id>`, so the trail's per-field
 * split (migration 0100) writes one row per changed field with its old and new value, and a form can be rebuilt as
 * it was at any moment from the trail alone (`formAsRecorded`). The record's own columns (state, visit date,
 * signature …) are keys of their own beside them.
 */
import type { DataFieldInstance, FieldValue } from '@ecrf/rules';
import type { JsonObject } from '../db/json-columns.js';

export const FIELD_KEY_PREFIX = 'fields.';

/** What the trail keeps of one field instance: enough to rebuild the tree and show the value. */
export type RecordedField = {
  definitionId: string;
  parentId: string | null;
  order: number;
  values: readonly FieldValue[];
  isDeleted: boolean;
  lockedManually: boolean;
  lockDate: string | null;
};

function recorded(field: DataFieldInstance, parentId: string | null): RecordedField {
  return {
    definitionId: field.definitionId,
    parentId,
    order: field.order ?? 0,
    values: field.values,
    isDeleted: field.isDeleted === true,
    lockedManually: field.lockedManually === true,
    lockDate: field.lockDate ?? null,
  };
}

/** Every field of the tree under its key. */
export function recordedFields(fields: readonly DataFieldInstance[]): Map<string, RecordedField> {
  const out = new Map<string, RecordedField>();
  const walk = (level: readonly DataFieldInstance[], parentId: string | null) => {
    for (const field of level) {
      out.set(`${FIELD_KEY_PREFIX}${field.id}`, recorded(field, parentId));
      walk(field.childFields, field.id);
    }
  };
  walk(fields, null);
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The audit values of a form change: the fields that differ between the trees (added, changed, deleted), old and
 * new, and the ids of the fields whose values changed. A field absent on one side is absent from that side's value.
 */
export function formAuditValues(
  before: readonly DataFieldInstance[],
  after: readonly DataFieldInstance[],
): { oldValue: JsonObject; newValue: JsonObject; changedFieldIds: string[] } {
  const old = recordedFields(before);
  const next = recordedFields(after);
  const oldValue: JsonObject = {};
  const newValue: JsonObject = {};
  const changedFieldIds: string[] = [];
  for (const key of new Set([...old.keys(), ...next.keys()])) {
    const [a, b] = [old.get(key), next.get(key)];
    if (same(a, b)) continue;
    if (a) oldValue[key] = a;
    if (b) newValue[key] = b;
    changedFieldIds.push(key.slice(FIELD_KEY_PREFIX.length));
  }
  return { oldValue, newValue, changedFieldIds };
}

/** The form a record's state (as `recordStateAsOf` rebuilds it from the trail) held: its field tree. */
export function formAsRecorded(state: JsonObject): DataFieldInstance[] {
  const byParent = new Map<string | null, DataFieldInstance[]>();
  for (const [key, value] of Object.entries(state)) {
    if (!key.startsWith(FIELD_KEY_PREFIX) || value === null || typeof value !== 'object') continue;
    const field = value as unknown as RecordedField;
    const instance: DataFieldInstance = {
      id: key.slice(FIELD_KEY_PREFIX.length),
      definitionId: field.definitionId,
      order: field.order,
      values: field.values,
      isDeleted: field.isDeleted,
      lockedManually: field.lockedManually,
      lockDate: field.lockDate,
      childFields: [],
    };
    byParent.set(field.parentId, [...(byParent.get(field.parentId) ?? []), instance]);
  }
  const attach = (parentId: string | null): DataFieldInstance[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .map((field) => ({ ...field, childFields: attach(field.id) }));
  return attach(null);
}
