/**
 * The visit execution date (ecrf-calls.md §3): read from the date field (yyyy-MM-dd) that the fixed
 * identifiers name for the visit's definition, searched in the visit's fields and its instruments;
 * otherwise the visit date.
 */
import { parsePartialDate, isCompleteDate } from '../dates/partial-date.js';
import type { DefinitionIndex } from '../definition/definition-index.js';
import { EXECUTION_DATE_FIELDS } from '../definition/fixed-identifiers.js';
import { filledValues } from '../definition/instances.js';
import type { DataFieldInstance, Visit } from '../definition/instances.js';

function findField(fields: readonly DataFieldInstance[], identifier: string, index: DefinitionIndex): DataFieldInstance | undefined {
  for (const field of fields) {
    if (field.isDeleted === true) continue;
    if (index.fieldById.get(field.definitionId)?.identifier === identifier) return field;
    const nested = findField(field.childFields, identifier, index);
    if (nested) return nested;
  }
  return undefined;
}

/** A complete yyyy-MM-dd date, or null. */
export function storageDateOrNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = parsePartialDate(text);
  return date && isCompleteDate(date) ? text : null;
}

export function visitExecutionDate(visit: Visit, index: DefinitionIndex): string | null {
  const identifier = index.visitById.get(visit.definitionId)?.identifier;
  const fieldIdentifier = identifier === undefined ? undefined : EXECUTION_DATE_FIELDS[identifier];
  if (fieldIdentifier !== undefined) {
    const roots = [...visit.fields, ...visit.instruments.filter((i) => i.isDeleted !== true).flatMap((i) => i.fields)];
    const field = findField(roots, fieldIdentifier, index);
    const fromField = storageDateOrNull(field ? filledValues(field)[0] : null);
    if (fromField !== null) return fromField;
  }
  return storageDateOrNull(visit.visitDate?.slice(0, 10));
}
