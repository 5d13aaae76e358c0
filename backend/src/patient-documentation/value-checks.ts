/**
 * Every value a documentation write changes is checked against its field's definition, whatever the client sent
 * (issue 25 item 2): the rules' value checks, which the browser runs as the user types. A refusal is a 400 naming
 * each refused field by where the client sent it (`fields[0].childFields[2]`), its instance id and its German message;
 * nothing of the write is stored.
 */
import { parsePartialDate, type DataFieldDefinition, type DataFieldInstance } from '@ecrf/rules';
import { EcrfError, type FieldError } from '../errors/errors.js';

/** Field instance id → where the client sent it. */
export type InputPaths = ReadonlyMap<string, string>;

type CheckedForm = { definitions: readonly DataFieldDefinition[]; after: readonly DataFieldInstance[]; inputPaths?: InputPaths };

function* walk(fields: readonly DataFieldInstance[]): Generator<DataFieldInstance> {
  for (const field of fields) {
    yield field;
    yield* walk(field.childFields);
  }
}

/** The German message of a value its field's definition refuses, or null. */
function refusal(definition: DataFieldDefinition, value: string): string | null {
  if (definition.definition?.valueType === 'date' && parsePartialDate(value) === null)
    return `${definition.displayKey}: Das Datum ${value} gibt es nicht.`;
  return null;
}

/** Refuses the write when a changed field holds a value its definition does not allow. */
export function assertValuesValid(form: CheckedForm, changedFieldIds: readonly string[]): void {
  const changed = new Set(changedFieldIds);
  const byId = new Map(form.definitions.map((definition) => [definition.id, definition]));
  const errors: FieldError[] = [];
  for (const field of walk(form.after)) {
    const definition = byId.get(field.definitionId);
    if (!changed.has(field.id) || !definition || field.isDeleted) continue;
    for (const { value } of field.values) {
      const message = value === null || value === '' ? null : refusal(definition, value);
      if (message) errors.push({ field: form.inputPaths?.get(field.id) ?? `fields.${field.id}`, fieldId: field.id, message });
    }
  }
  if (errors.length === 0) return;
  throw new EcrfError('ECRF_ERR_VALIDATION', errors.map((e) => e.message).join(' '), { fieldErrors: errors, fieldId: errors[0]?.fieldId });
}

/** A visit's date must exist in the calendar (the column takes any yyyy-MM-dd text). */
export function assertVisitDateValid(visitDate: string | null | undefined): void {
  if (!visitDate) return;
  const parsed = parsePartialDate(visitDate);
  if (parsed?.kind === 'date' && typeof parsed.day === 'number' && typeof parsed.month === 'number' && typeof parsed.year === 'number')
    return;
  const message = `Visitendatum: Das Datum ${visitDate} gibt es nicht.`;
  throw new EcrfError('ECRF_ERR_VALIDATION', message, { fieldErrors: [{ field: 'visitDate', message }] });
}
