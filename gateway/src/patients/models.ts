/**
 * Models behind the patient documentation types (schema.graphql "Patient documentation"): the loaded
 * patient context (GET StudyPatient/context?ids=) and, for its parts, the part with the context it belongs
 * to, so visits, instruments and fields are served from the one loaded context.
 */
import type { DataFieldInstance, FormPlace } from '@ecrf/rules';
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type PatientContext = SuccessBody<Operation<'/api/v1.0/StudyPatient/context', 'get'>>[number];
export type PatientPage = SuccessBody<Operation<'/api/v1.0/NngmStudyPatient/study/{studyId}/my', 'get'>>;
export type PatientListItem = PatientPage['items'][number];
export type VisitDto = PatientContext['visits'][number];
export type InstrumentDto = VisitDto['instruments'][number];
export type CaseProcessStepDto = PatientContext['caseProcessSteps'][number];
export type CaseProcessDto = SuccessBody<Operation<'/api/v1.0/CaseProcess/{id}', 'put'>>;

/** A study patient: known by id (and its table row when it comes from the list); the context loads on demand. */
export type StudyPatient = { id: string; listItem?: PatientListItem };
export type Visit = { context: PatientContext; visit: VisitDto };
export type Instrument = { context: PatientContext; visit: VisitDto | null; instrument: InstrumentDto };
/** A plausibility hint that holds, at a field of the visit's own form (instrument null) or of one of its instruments. */
export type DocumentationHint = { instrument: Instrument | null; formPath: string; fieldDisplayKey: string; message: string };
/** The form a field belongs to, at its place: its root fields are the `current` fields of the rules' evaluation. */
export type Form = { context: PatientContext; place: FormPlace; roots: readonly DataFieldInstance[] };
/** `entry`: the list entry the field stands in; its rules read the entry's own fields first (as the backend's save does). */
export type DataField = { form: Form; field: DataFieldInstance; parentVisible: boolean; entry?: DataFieldInstance };
/** The signature as stored with the visit. */
export type VisitSignature = NonNullable<VisitDto['signatureData']>;
/** A withdrawn signature as stored with the visit. */
export type VisitSignatureWithdrawal = NonNullable<VisitDto['signatureWithdrawal']>;
export type CaseProcessStep = { studyPatientId: string; step: CaseProcessStepDto };

/**
 * The field instances of a form. The backend declares them as the `DataFieldInstance` trees of
 * @ecrf/rules (unrolled to a fixed depth in the OpenAPI document), so they are read as such.
 */
export function instancesOf(fields: readonly unknown[]): readonly DataFieldInstance[] {
  return fields as readonly DataFieldInstance[];
}
