/**
 * Child fields and change detection (ecrf-core.md §4, §9): an appended child field gets an order 10
 * above the highest existing one (deleted children included, so orders are never reused); a field has
 * changes when its values differ from the original or child fields were removed.
 */
import type { DataFieldInstance, FieldValue } from '../definition/instances.js';

export const FIELD_ORDER_STEP = 10;

/** Order for the next child: highest existing + 10, or 10 for the first. */
export function nextChildOrder(children: readonly DataFieldInstance[]): number {
  return children.reduce((max, child) => Math.max(max, child.order), 0) + FIELD_ORDER_STEP;
}

/** The parent with the child appended at the next order. */
export function appendChildField(parent: DataFieldInstance, child: Omit<DataFieldInstance, 'order'>): DataFieldInstance {
  return { ...parent, childFields: [...parent.childFields, { ...child, order: nextChildOrder(parent.childFields) }] };
}

const norm = (text: string | null | undefined) => text ?? null;

function sameValue(a: FieldValue, b: FieldValue): boolean {
  return (
    norm(a.value) === norm(b.value) &&
    norm(a.unit) === norm(b.unit) &&
    norm(a.organization?.id) === norm(b.organization?.id) &&
    norm(a.person?.id) === norm(b.person?.id)
  );
}

export function valuesEqual(a: readonly FieldValue[], b: readonly FieldValue[]): boolean {
  return (
    a.length === b.length &&
    a.every((value, i) => {
      const other = b[i];
      return other !== undefined && sameValue(value, other);
    })
  );
}

/** Child fields present (not deleted) in the original and now missing or deleted. */
export function removedChildFields(current: DataFieldInstance, original: DataFieldInstance): DataFieldInstance[] {
  const live = new Set(current.childFields.filter((c) => c.isDeleted !== true).map((c) => c.id));
  return original.childFields.filter((child) => child.isDeleted !== true && !live.has(child.id));
}

/** A field has changes when its values differ from the original or child fields were removed; a new field always has. */
export function hasFieldChanges(current: DataFieldInstance, original: DataFieldInstance | null | undefined): boolean {
  if (original === null || original === undefined) return true;
  return !valuesEqual(current.values, original.values) || removedChildFields(current, original).length > 0;
}
