/**
 * Every value a documentation write changes is checked against its field's definition, whatever the client sent
 * (issue 25 item 2): `fieldValueProblems` of @ecrf/rules, which the browser runs as the user types (real calendar
 * dates, bounds, value sets), here also against the terminologies the browser does not hold. A refusal is a 400
 * naming each refused field by where the client sent it (`fields[0].childFields[2]`), its instance id, its path in
 * the form (`therapy_lines[1].start`) and its German message; nothing of the write is stored.
 */
import { fieldValueProblems, visitDateProblem, type DataFieldDefinition, type DataFieldInstance, type EnumValueSet } from '@ecrf/rules';
import { EcrfError, type FieldError } from '../errors/errors.js';
import { loadTerminologies, type TerminologyCollection } from '../terminology/terminology-files.js';

/** Field instance id → where the client sent it. */
export type InputPaths = ReadonlyMap<string, string>;

export type CheckedForm = { definitions: readonly DataFieldDefinition[]; after: readonly DataFieldInstance[]; inputPaths?: InputPaths };

/** The shipped terminologies, read once when a write first needs them. */
let terminologies: ReadonlyMap<string, TerminologyCollection> | undefined;
const codeExists = (collection: string, code: string): boolean =>
  (terminologies ??= loadTerminologies()).get(collection)?.byCode.has(code) === true;

/**
 * Refuses the write when a changed field holds a value its definition does not allow. `texts` gives the German
 * labels the messages name; it is asked for only when something is refused.
 */
export async function assertValuesValid(
  form: CheckedForm,
  changedFieldIds: readonly string[],
  definition: { enumValueSets: readonly EnumValueSet[]; texts: () => Promise<ReadonlyMap<string, string>> },
): Promise<void> {
  const check = (text: (displayKey: string) => string) =>
    fieldValueProblems({
      formFields: form.definitions,
      fields: form.after,
      enumValueSets: definition.enumValueSets,
      text,
      codeExists,
      fieldIds: new Set(changedFieldIds),
    });
  if (check((key) => key).length === 0) return;
  const texts = await definition.texts();
  const errors: FieldError[] = check((key) => texts.get(key) ?? key).map((problem) => ({
    field: form.inputPaths?.get(problem.fieldId) ?? problem.path,
    fieldId: problem.fieldId,
    path: problem.path,
    message: problem.message,
  }));
  throw new EcrfError('ECRF_ERR_VALIDATION', errors.map((e) => e.message).join(' '), { fieldErrors: errors, fieldId: errors[0]?.fieldId });
}

/** A visit's date must be a whole date of the calendar (the column takes any yyyy-MM-dd text). */
export function assertVisitDateValid(visitDate: string | null | undefined): void {
  const problem = visitDateProblem(visitDate);
  if (problem)
    throw new EcrfError('ECRF_ERR_VALIDATION', problem.message, { fieldErrors: [{ field: 'visitDate', message: problem.message }] });
}
