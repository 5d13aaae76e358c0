/**
 * What every change of the patient documentation shares (schema.graphql "Patient documentation"): the
 * backend's refusals the user can act on become typed user errors (a stale version, 409
 * ECRF_ERR_STALE_WRITE, is STALE_WRITE with the backend's German message; locked and not editable fields
 * name the field instance in `field`), fields travel in the backend's save shape, and after a change the
 * patient's context is loaded again, so payloads show what is stored.
 */
import type { DataFieldInput, UserError, UserErrorCode } from '../__generated__/resolvers.js';
import { attemptWithIds, backendId } from '../administration/user-errors.js';
import type { GatewayContext } from '../context.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { FieldValue } from '@ecrf/rules';
import { contextOf } from './patients.resolvers.js';
import type { Instrument, StudyPatient, Visit } from './models.js';

const codes: Record<string, UserErrorCode> = {
  ECRF_ERR_STALE_WRITE: 'STALE_WRITE', ECRF_ERR_FIELD_NOT_EDITABLE: 'FIELD_NOT_EDITABLE', ECRF_ERR_FIELD_LOCKED: 'FIELD_LOCKED',
  ECRF_ERR_REASON_REQUIRED: 'REASON_REQUIRED', ECRF_ERR_VISIT_NOT_AVAILABLE: 'VISIT_NOT_AVAILABLE', ECRF_ERR_VISIT_NOT_EDITABLE: 'VISIT_NOT_EDITABLE',
};

/** The user errors of a documentation refusal, or null for anything else. */
function documentationErrors(error: unknown): UserError[] | null {
  if (!(error instanceof UpstreamError) || !error.code) return null;
  const code = codes[error.code];
  if (!code) return null;
  const fieldId = typeof error.body.fieldId === 'string' ? error.body.fieldId : null;
  return [{ code, message: error.message, field: fieldId }];
}

/** `attemptWithIds` that knows the documentation's refusals too. */
export function attemptSave<T>(context: GatewayContext, run: () => Promise<T>, failed: (errors: UserError[]) => T): Promise<T> {
  return attemptWithIds(context, async () => {
    try {
      return await run();
    } catch (error) {
      const errors = documentationErrors(error);
      if (!errors) throw error;
      return failed(errors);
    }
  }, failed);
}

/** A part id `<studyPatientId>/<id>` of a visit or instrument global id. */
export function partId(globalId: string, type: 'Visit' | 'Instrument', field: string): { studyPatientId: string; id: string } {
  const [studyPatientId = '', id = ''] = backendId(globalId, type, field).split('/');
  return { studyPatientId, id };
}

/** A field as the backend's saves take it (FieldInput of the backend's field-instance schemas). */
type FieldInput = {
  id?: string; definitionId: string; values?: FieldValue[]; tags?: string[]; order?: number; isDeleted?: boolean; childFields?: FieldInput[];
};

export function fieldInput(input: DataFieldInput): FieldInput {
  return {
    ...(input.fieldId ? { id: input.fieldId } : {}),
    definitionId: input.definitionId,
    ...(input.values ? {
      values: input.values.map((v) => ({
        value: v.value ?? null, unit: v.unit ?? null,
        organization: v.organizationId ? { id: v.organizationId } : null, person: v.personId ? { id: v.personId } : null,
      })),
    } : {}),
    ...(input.tags ? { tags: input.tags } : {}),
    ...(typeof input.order === 'number' ? { order: input.order } : {}),
    ...(typeof input.isDeleted === 'boolean' ? { isDeleted: input.isDeleted } : {}),
    ...(input.childFields ? { childFields: input.childFields.map(fieldInput) } : {}),
  };
}

/** The patient as stored now: the context is loaded again after a change. */
export async function reloaded(studyPatientId: string, context: GatewayContext): Promise<StudyPatient> {
  context.loaders.patientContexts.clear(studyPatientId);
  return { id: (await contextOf(studyPatientId, context)).id };
}

/** A visit of the patient as stored now, with the reloaded patient. */
export async function visitIn(studyPatientId: string, visitId: string, context: GatewayContext): Promise<{ visit: Visit | null; studyPatient: StudyPatient }> {
  const studyPatient = await reloaded(studyPatientId, context);
  const patient = await contextOf(studyPatientId, context);
  const visit = patient.visits.find((v) => v.id === visitId);
  return { visit: visit ? { context: patient, visit } : null, studyPatient };
}

/** An instrument of the patient as stored now, with the reloaded patient. */
export async function instrumentIn(studyPatientId: string, instrumentId: string, context: GatewayContext): Promise<{ instrument: Instrument | null; studyPatient: StudyPatient }> {
  const studyPatient = await reloaded(studyPatientId, context);
  const patient = await contextOf(studyPatientId, context);
  const standalone = patient.standaloneInstruments.find((i) => i.id === instrumentId);
  const visit = patient.visits.find((v) => v.instruments.some((i) => i.id === instrumentId)) ?? null;
  const instrument = standalone ?? visit?.instruments.find((i) => i.id === instrumentId);
  return { instrument: instrument ? { context: patient, visit: standalone ? null : visit, instrument } : null, studyPatient };
}

/**
 * The patient to send along with refusals: on a stale write the patient as now stored, so the web shows
 * the newer state from the same response; null otherwise. A context read earlier in the request is dropped.
 */
export function patientAfterRefusal(studyPatientId: string | undefined, errors: readonly UserError[], context: GatewayContext): StudyPatient | null {
  if (!studyPatientId || !errors.some((e) => e.code === 'STALE_WRITE')) return null;
  context.loaders.patientContexts.clear(studyPatientId);
  return { id: studyPatientId };
}

/** A deletion's reason of change (ecrf-calls.md §7): the user error when it is blank, else null. */
export function missingReason(reasonOfChange: string): UserError[] | null {
  return reasonOfChange.trim() ? null : [{ code: 'REASON_REQUIRED', message: 'Bitte geben Sie einen Änderungsgrund an.', field: 'reasonOfChange' }];
}
