/**
 * The plausibility hints of a form (soft checks, issue 25 item 3; docs/rules.md "Plausibility hints"): the Hint rules
 * of the study definition that hold. They never refuse a save; the form shows them at their fields and the signing
 * dialog lists them for confirmation. A hint speaks about the value of its field, so a field shows its hints only
 * once it has a value (as the browser's form does), and only while it is visible.
 */
import type { EvaluationContext } from '../constraints/context.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance } from '../definition/instances.js';
import type { VisitDefinition } from '../definition/study.js';
import { fieldHints, holdingRules } from '../fields/field-state.js';
import { fieldPathsById } from '../fields/field-paths.js';
import { walkForm } from './form-walk.js';

/** A hint that holds: at a field (its instance, definition and path) with the German message. */
export type FormHint = { fieldId: string; definitionId: string; path: string; displayKey: string; message: string };

/** The hints of a form's fields that hold, in form order; `text` gives a display key's German text. */
export function formHints(
  formFields: readonly DataFieldDefinition[],
  fields: readonly DataFieldInstance[],
  context: EvaluationContext,
  text: (displayKey: string) => string,
): FormHint[] {
  const paths = fieldPathsById(formFields, fields);
  return walkForm(formFields, fields, context).flatMap(({ definition, instance, visible, hasValue, context: own }) => {
    if (instance === null || !visible || !hasValue) return [];
    const path = paths.get(instance.id) ?? definition.identifier;
    return fieldHints(definition, own).map((displayKey) => ({
      fieldId: instance.id,
      definitionId: definition.id,
      path,
      displayKey,
      message: text(displayKey),
    }));
  });
}

/** A hint about a visit itself (its date column), from the visit definition's Hint rules. */
export type VisitHint = { displayKey: string; message: string };

/**
 * The hints of a visit definition's own Hint rules that hold, in a context whose current visit carries the date as
 * typed (`formEvaluationContext` with `EditedVisit`): the visit date in the future, before the registration, a
 * follow-up before its baseline. A visit that keeps its date in a field (`EXECUTION_DATE_FIELDS`) has these hints
 * at that field instead (`formHints`).
 */
export function visitDateHints(definition: VisitDefinition, context: EvaluationContext, text: (displayKey: string) => string): VisitHint[] {
  return holdingRules(definition.rules, 'Hint', context)
    .map((rule) => rule.displayKey)
    .filter((key): key is string => typeof key === 'string' && key !== '')
    .map((displayKey) => ({ displayKey, message: text(displayKey) }));
}
