/**
 * The computed state of a field (visible, editable, required, hints) with @ecrf/rules, as the backend's
 * save evaluates it (docs/gateway.md "Patient documentation"): the patient's rule inputs (the definition
 * version the patient is documented under, the loaded documentation, the viewer as user, the patient's location as
 * selected institute, the registry's day) and `formEvaluationContext` of @ecrf/rules for the form at its
 * place, the instrument's state pass included. The inputs are built once per patient, the context once
 * per form; the visit options (visit-options.ts) evaluate on the same.
 */
import {
  ENTRY_FIELD_TYPES,
  evaluateFieldState,
  formEvaluationContext,
  patientEvaluationInput,
  withinEntry,
  type DataFieldInstance,
  type EvaluationContext,
  type FieldState,
  type FormPlace,
  type PatientEvaluationInput,
} from '@ecrf/rules';
import type { GatewayContext } from '../context.js';
import { loadedVersion } from '../study-definitions/definition-models.js';
import { definitionVersionOf, storedDocumentation } from './documentation.js';
import type { DataField, PatientContext } from './models.js';

/** The rules' view of one loaded patient. */
export type Evaluation = {
  input: PatientEvaluationInput;
  /** The context of a form's root fields at its place; one per form. */
  contextFor: (place: FormPlace, roots: readonly DataFieldInstance[]) => EvaluationContext;
};

const evaluations = new WeakMap<PatientContext, Promise<Evaluation>>();

async function buildEvaluation(patient: PatientContext, context: GatewayContext): Promise<Evaluation> {
  const [{ index }, user] = await Promise.all([loadedVersion(context, definitionVersionOf(patient)), context.loaders.currentUser()]);
  const input = patientEvaluationInput({
    index,
    documentation: storedDocumentation(patient),
    patient,
    viewer: { id: user.id, userName: user.userName, roleIdentifier: user.role.identifier },
    now: new Date(),
  });
  const forms = new WeakMap<readonly DataFieldInstance[], EvaluationContext>();
  return {
    input,
    contextFor: (place, roots) => {
      let evaluation = forms.get(roots);
      if (!evaluation) {
        evaluation = formEvaluationContext(input, place, roots);
        forms.set(roots, evaluation);
      }
      return evaluation;
    },
  };
}

/** The evaluation of a loaded patient, built once per loaded context. */
export function evaluationOf(patient: PatientContext, context: GatewayContext): Promise<Evaluation> {
  let evaluation = evaluations.get(patient);
  if (!evaluation) {
    evaluation = buildEvaluation(patient, context);
    evaluations.set(patient, evaluation);
  }
  return evaluation;
}

/** The field's state; a field whose definition is unknown to the loaded version shows as stored, read-only. */
export async function fieldState(model: DataField, context: GatewayContext): Promise<FieldState> {
  const { input, contextFor } = await evaluationOf(model.form.context, context);
  const definition = input.index.fieldById.get(model.field.definitionId);
  if (!definition) {
    const visible = model.parentVisible && model.field.isVisible !== false && model.field.isDeleted !== true;
    return { visible, editable: false, required: false, hints: [], redirects: [], populatedValue: undefined, values: model.field.values };
  }
  const formContext = contextFor(model.form.place, model.form.roots);
  return evaluateFieldState(
    definition,
    model.field,
    model.entry ? withinEntry(formContext, model.entry) : formContext,
    model.parentVisible,
  );
}

/** Whether the field is a list entry (ListEntry or EventReportListEntry): its children evaluate within it. */
export async function isListEntry(model: DataField, context: GatewayContext): Promise<boolean> {
  const { input } = await evaluationOf(model.form.context, context);
  const type = input.index.fieldById.get(model.field.definitionId)?.definitionType;
  return type !== undefined && ENTRY_FIELD_TYPES.includes(type);
}
