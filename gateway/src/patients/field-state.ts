/**
 * The computed state of a field (visible, editable, required, hints) with @ecrf/rules, as the backend's
 * save evaluates it (docs/gateway.md "Patient documentation"): the definition version the gateway loads,
 * the loaded patient context, the viewer as user, the patient's location as selected institute and the
 * form's own fields as `current`. The index and context are built once per patient and form; the visit
 * options (visit-options.ts) evaluate on the same.
 */
import {
  ENTRY_FIELD_TYPES, createEvaluationContext, evaluateFieldState, indexStudyDefinition, patientDataOf, withinEntry,
  type DataFieldInstance, type DefinitionIndex, type EvaluationContext, type FieldState, type StudyDefinition, type StudyPatientContext,
} from '@ecrf/rules';
import type { GatewayContext } from '../context.js';
import { instancesOf, type DataField, type PatientContext } from './models.js';

/** The rules' view of one loaded patient: `contextFor(patientContext.fields)` is the patient-level context. */
export type Evaluation = {
  index: DefinitionIndex;
  patientContext: StudyPatientContext;
  /** yyyy-MM-dd */
  today: string;
  contextFor: (roots: readonly DataFieldInstance[]) => EvaluationContext;
};

const evaluations = new WeakMap<PatientContext, Promise<Evaluation>>();

/** "Today" as the backend's rules see it: the UTC day. */
const today = (): string => new Date().toISOString().slice(0, 10);

async function buildEvaluation(patient: PatientContext, context: GatewayContext): Promise<Evaluation> {
  const [definition, user] = await Promise.all([
    context.loaders.studyDefinitions.load(patient.studyDefinitionId),
    context.loaders.currentUser(),
  ]);
  // The backend answers the definition document that @ecrf/rules defines (schema.graphql "Study definitions").
  const index = indexStudyDefinition(definition as unknown as StudyDefinition);
  const patientFields = instancesOf(patient.fields);
  const patientContext: StudyPatientContext = {
    id: patient.id, patientId: patient.patientId, fields: patientFields,
    visits: patient.visits.map((v) => ({ ...v, fields: instancesOf(v.fields), instruments: v.instruments.map((i) => ({ ...i, fields: instancesOf(i.fields) })) })),
    standaloneInstruments: patient.standaloneInstruments.map((i) => ({ ...i, fields: instancesOf(i.fields) })),
  };
  const forms = new WeakMap<readonly DataFieldInstance[], EvaluationContext>();
  const day = today();
  return {
    index, patientContext, today: day,
    contextFor: (roots) => {
      let evaluation = forms.get(roots);
      if (!evaluation) {
        evaluation = createEvaluationContext({
          index, patientContext, current: roots, today: day,
          patient: patientDataOf(patient, patientFields, index),
          user: { id: user.id, userName: user.userName, roleIdentifier: user.role.identifier },
          selectedInstitute: { id: patient.studyInstituteId, identifier: patient.instituteIdentifier, displayName: patient.instituteDisplayName, isDigiNet: patient.isDigiNet },
        });
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
  const { index, contextFor } = await evaluationOf(model.form.context, context);
  const definition = index.fieldById.get(model.field.definitionId);
  if (!definition) {
    const visible = model.parentVisible && model.field.isVisible !== false && model.field.isDeleted !== true;
    return { visible, editable: false, required: false, hints: [], redirects: [], populatedValue: undefined, values: model.field.values };
  }
  const formContext = contextFor(model.form.roots);
  return evaluateFieldState(definition, model.field, model.entry ? withinEntry(formContext, model.entry) : formContext, model.parentVisible);
}

/** Whether the field is a list entry (ListEntry or EventReportListEntry): its children evaluate within it. */
export async function isListEntry(model: DataField, context: GatewayContext): Promise<boolean> {
  const { index } = await evaluationOf(model.form.context, context);
  const type = index.fieldById.get(model.field.definitionId)?.definitionType;
  return type !== undefined && ENTRY_FIELD_TYPES.includes(type);
}
