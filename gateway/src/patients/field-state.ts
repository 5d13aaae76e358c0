/**
 * The computed state of a field (visible, editable, required, hints) with @ecrf/rules, as the backend's
 * save evaluates it (docs/gateway.md "Patient documentation"): the definition version the gateway loads,
 * the loaded patient context, the viewer as user, the patient's location as selected institute and the
 * form's own fields as `current`. The index and context are built once per patient and form.
 */
import {
  createEvaluationContext, evaluateFieldState, indexStudyDefinition, isBlank, resolveFieldPath,
  type DataFieldInstance, type DefinitionIndex, type EvaluationContext, type FieldState, type StudyDefinition,
} from '@ecrf/rules';
import type { GatewayContext } from '../context.js';
import { instancesOf, type DataField, type PatientContext } from './models.js';

type Evaluation = { index: DefinitionIndex; contextFor: (roots: readonly DataFieldInstance[]) => EvaluationContext };

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
  const identifierOf = (id: string) => index.fieldById.get(id)?.identifier;
  const patientFields = instancesOf(patient.fields);
  const first = (identifier: string) =>
    resolveFieldPath(patientFields, identifier, identifierOf)[0]?.values.find((v) => !isBlank(v.value))?.value ?? null;
  const patientContext = {
    id: patient.id, patientId: patient.patientId, fields: patientFields,
    visits: patient.visits.map((v) => ({ ...v, fields: instancesOf(v.fields), instruments: v.instruments.map((i) => ({ ...i, fields: instancesOf(i.fields) })) })),
    standaloneInstruments: patient.standaloneInstruments.map((i) => ({ ...i, fields: instancesOf(i.fields) })),
  };
  const forms = new WeakMap<readonly DataFieldInstance[], EvaluationContext>();
  const day = today();
  return {
    index,
    contextFor: (roots) => {
      let evaluation = forms.get(roots);
      if (!evaluation) {
        evaluation = createEvaluationContext({
          index, patientContext, current: roots, today: day,
          patient: { patientId: patient.pseudonym, registrationDate: patient.registrationDate, birthDate: first('birth_date'), sex: first('sex') },
          user: { id: user.id, userName: user.userName, roleIdentifier: user.role.identifier },
          selectedInstitute: { id: patient.studyInstituteId, identifier: patient.instituteIdentifier, displayName: patient.instituteDisplayName, isDigiNet: patient.isDigiNet },
        });
        forms.set(roots, evaluation);
      }
      return evaluation;
    },
  };
}

function evaluationOf(patient: PatientContext, context: GatewayContext): Promise<Evaluation> {
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
  return evaluateFieldState(definition, model.field, contextFor(model.form.roots), model.parentVisible);
}

/** The definition index of the patient's study definition (for the `definition` fields). */
export async function definitionIndexOf(patient: PatientContext, context: GatewayContext): Promise<DefinitionIndex> {
  return (await evaluationOf(patient, context)).index;
}
