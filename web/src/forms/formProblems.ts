/**
 * The values of a form that cannot be saved (docs/rules.md "Field values"): the same `fieldValueProblems` the server
 * refuses a save with, so the form shows them at their fields and does not send them. Terminology codes are left to
 * the server, which holds the collections. And the focus on the first field that says what is wrong.
 */
import {
  fieldValueProblems,
  type DataFieldDefinition,
  type DataFieldInstance,
  type FieldValueProblem,
  type StudyDefinition,
} from '@ecrf/rules';

export function formValueProblems(
  definition: StudyDefinition,
  formFields: readonly DataFieldDefinition[],
  fields: readonly DataFieldInstance[],
  text: (displayKey: string) => string,
): FieldValueProblem[] {
  return fieldValueProblems({ formFields, fields, enumValueSets: definition.enumValueSets, text });
}

/** Marks the notes of a field whose value is refused (by the rules or the server): the focus goes to the first. */
export const PROBLEM_ATTRIBUTE = 'data-field-problem';

const FOCUSABLE =
  'input[type="radio"]:checked:not([disabled]), input:not([type="radio"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Scrolls a field's element into the middle of the view and puts the focus on its input; false without an element. */
function focusFieldElement(field: HTMLElement | null | undefined): boolean {
  if (!field) return false;
  field.scrollIntoView({ block: 'center' });
  (field.querySelector<HTMLElement>(FOCUSABLE) ?? field).focus({ preventScroll: true });
  return true;
}

/** Puts the focus on the input of the first refused field below `root`; false when there is none. */
export function focusFirstProblem(root: HTMLElement | null): boolean {
  return focusFieldElement(root?.querySelector<HTMLElement>(`[${PROBLEM_ATTRIBUTE}]`)?.closest<HTMLElement>('[data-field-id]'));
}

/** Puts the focus on the field with this instance id below `root` (a query's link to its field); false when it is not shown. */
export function focusField(root: HTMLElement | null, fieldId: string): boolean {
  // Ids hold characters a selector would need escaped.
  const fields = [...(root?.querySelectorAll<HTMLElement>('[data-field-id]') ?? [])];
  return focusFieldElement(fields.find((element) => element.dataset.fieldId === fieldId));
}
