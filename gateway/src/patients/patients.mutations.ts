/**
 * Changes of the patient documentation (schema.graphql "Patient documentation"). The backend's refusals
 * the user can act on become typed user errors: a stale version (409 ECRF_ERR_STALE_WRITE) is STALE_WRITE
 * with the backend's German message, and the payload carries the patient as now stored, so the web shows
 * the newer state at once; locked and not editable fields name the field instance in `field`.
 */
import type { DataFieldInput, MutationResolvers, ResolversTypes, UserError, UserErrorCode } from '../__generated__/resolvers.js';
import { attemptWithIds, backendId } from '../administration/user-errors.js';
import type { GatewayContext } from '../context.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { FieldValue } from '@ecrf/rules';
import { contextOf } from './patients.resolvers.js';
import type { CaseProcessDto, CaseProcessStep, StudyPatient } from './models.js';

type Payload<N extends keyof ResolversTypes> = ResolversTypes[N];

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
function attemptSave<T>(context: GatewayContext, run: () => Promise<T>, failed: (errors: UserError[]) => T): Promise<T> {
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
function partId(globalId: string, type: 'Visit' | 'Instrument', field: string): { studyPatientId: string; id: string } {
  const [studyPatientId = '', id = ''] = backendId(globalId, type, field).split('/');
  return { studyPatientId, id };
}

/** A field as the backend's saves take it (FieldInput of the backend's field-instance schemas). */
type FieldInput = {
  id?: string; definitionId: string; values?: FieldValue[]; tags?: string[]; order?: number; isDeleted?: boolean; childFields?: FieldInput[];
};

function fieldInput(input: DataFieldInput): FieldInput {
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
async function reloaded(studyPatientId: string, context: GatewayContext): Promise<StudyPatient> {
  context.loaders.patientContexts.clear(studyPatientId);
  return { id: (await contextOf(studyPatientId, context)).id };
}

/** An instrument of the patient as stored now, with the reloaded patient. */
async function instrumentIn(studyPatientId: string, instrumentId: string, context: GatewayContext) {
  const studyPatient = await reloaded(studyPatientId, context);
  const patient = await contextOf(studyPatientId, context);
  const standalone = patient.standaloneInstruments.find((i) => i.id === instrumentId);
  const visit = patient.visits.find((v) => v.instruments.some((i) => i.id === instrumentId)) ?? null;
  const instrument = standalone ?? visit?.instruments.find((i) => i.id === instrumentId);
  return { instrument: instrument ? { context: patient, visit: standalone ? null : visit, instrument } : null, studyPatient };
}

function caseProcess(answer: CaseProcessDto): Payload<'CaseProcessPayload'> {
  const model = (step: CaseProcessDto['steps'][number]): CaseProcessStep => ({ studyPatientId: step.studyPatientId, step });
  return {
    steps: answer.steps.map(model),
    stoppingStep: answer.stoppingStep ? model(answer.stoppingStep) : null,
    latestFilledStep: answer.latestFilledStep ? model(answer.latestFilledStep) : null,
    errors: [],
  };
}
const caseProcessFailed = (errors: UserError[]): Payload<'CaseProcessPayload'> => ({ steps: [], stoppingStep: null, latestFilledStep: null, errors });

export const patientMutations: Pick<MutationResolvers,
  'createStudyPatient' | 'createVisit' | 'createInstrument' | 'updateInstrument' | 'signVisit' | 'deleteVisit' | 'createCaseProcessStep' | 'updateCaseProcessStep'
> = {
  createStudyPatient: (_, { input }, context) => attemptSave<Payload<'StudyPatientPayload'>>(context, async () => {
    const created = await context.backend.call('post', '/api/v1.0/NngmStudyPatient', {
      body: {
        studyId: input.studyId, studyInstituteId: backendId(input.locationId, 'StudyInstitute', 'locationId'),
        ...(input.pseudonym ? { pseudonym: input.pseudonym } : {}), ...(input.registrationDate ? { registrationDate: input.registrationDate } : {}),
        ...(input.fields ? { fields: input.fields.map(fieldInput) } : {}),
      },
    });
    return { studyPatient: { id: created.id }, errors: [] };
  }, (errors) => ({ studyPatient: null, errors })),

  createVisit: (_, { input }, context) => attemptSave<Payload<'VisitPayload'>>(context, async () => {
    const studyPatientId = backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId');
    const [, definitionId = ''] = backendId(input.definitionId, 'VisitDefinition', 'definitionId').split('/');
    const created = await context.backend.call('post', '/api/v1.0/Visit', {
      body: { studyPatientId, definitionId, visitDate: input.visitDate ?? null, ...(input.fields ? { fields: input.fields.map(fieldInput) } : {}) },
    });
    const studyPatient = await reloaded(studyPatientId, context);
    const patient = await contextOf(studyPatientId, context);
    const visit = patient.visits.find((v) => v.id === created.id);
    return { visit: visit ? { context: patient, visit } : null, studyPatient, errors: [] };
  }, (errors) => ({ visit: null, studyPatient: null, errors })),

  createInstrument: (_, { input }, context) => attemptSave<Payload<'InstrumentPayload'>>(context, async () => {
    const studyPatientId = backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId');
    const [, definitionId = ''] = backendId(input.definitionId, 'InstrumentDefinition', 'definitionId').split('/');
    const created = await context.backend.call('post', '/api/v1.0/Instrument', {
      body: {
        studyPatientId, definitionId, visitId: input.visitId ? partId(input.visitId, 'Visit', 'visitId').id : null,
        ...(input.fields ? { fields: input.fields.map(fieldInput) } : {}), ...(input.reasonForChange ? { reasonForChange: input.reasonForChange } : {}),
      },
    });
    return { ...(await instrumentIn(studyPatientId, created.id, context)), errors: [] };
  }, (errors) => ({ instrument: null, studyPatient: null, errors })),

  updateInstrument: (_, { input }, context) => {
    let studyPatientId: string | undefined;
    return attemptSave<Payload<'InstrumentPayload'>>(context, async () => {
      const ids = partId(input.id, 'Instrument', 'id');
      studyPatientId = ids.studyPatientId;
      await context.backend.call('put', '/api/v1.0/Instrument/{id}', {
        path: { id: ids.id },
        body: { version: input.version, fields: input.fields.map(fieldInput), ...(input.reasonForChange ? { reasonForChange: input.reasonForChange } : {}) },
      });
      return { ...(await instrumentIn(ids.studyPatientId, ids.id, context)), errors: [] };
    }, (errors) => ({
      instrument: null,
      // On a stale write the patient as now stored comes along, so the newer state can be shown at once.
      studyPatient: studyPatientId && errors.some((e) => e.code === 'STALE_WRITE') ? { id: studyPatientId } : null,
      errors,
    }));
  },

  signVisit: (_, { input }, context) => attemptSave<Payload<'SignVisitPayload'>>(context, async () => {
    const ids = partId(input.id, 'Visit', 'id');
    const answer = await context.backend.call('post', '/api/v1.0/Visit/{id}/sign', {
      path: { id: ids.id }, body: { password: input.password, ...(input.meaning ? { meaning: input.meaning } : {}) },
    });
    await reloaded(ids.studyPatientId, context);
    const patient = await contextOf(ids.studyPatientId, context);
    const visit = patient.visits.find((v) => v.id === ids.id);
    return { success: answer.success, message: answer.message, visit: visit ? { context: patient, visit } : null, errors: [] };
  }, (errors) => ({ success: false, message: errors[0]?.message ?? '', visit: null, errors })),

  deleteVisit: (_, { input }, context) => attemptSave<Payload<'DeleteVisitPayload'>>(context, async () => {
    const ids = partId(input.id, 'Visit', 'id');
    if (!input.reasonOfChange.trim()) {
      return { deletedVisitId: null, studyPatient: null, errors: [{ code: 'REASON_REQUIRED', message: 'Bitte geben Sie einen Änderungsgrund an.', field: 'reasonOfChange' }] };
    }
    await context.backend.call('delete', '/api/v1.0/NngmVisit/{visitId}', { path: { visitId: ids.id }, query: { reasonOfChange: input.reasonOfChange } });
    return { deletedVisitId: input.id, studyPatient: await reloaded(ids.studyPatientId, context), errors: [] };
  }, (errors) => ({ deletedVisitId: null, studyPatient: null, errors })),

  createCaseProcessStep: (_, { input }, context) => attemptSave<Payload<'CaseProcessPayload'>>(context, async () => caseProcess(await context.backend.call('post', '/api/v1.0/CaseProcess', {
    body: {
      visitId: partId(input.visitId, 'Visit', 'visitId').id, definitionIdentifier: input.definitionIdentifier, state: lower(input.state), order: input.order,
      mainStateIdentifier: input.mainStateIdentifier ?? null, ...(input.subStates ? { subStates: input.subStates } : {}),
    },
  })), caseProcessFailed),

  updateCaseProcessStep: (_, { input }, context) => attemptSave<Payload<'CaseProcessPayload'>>(context, async () => caseProcess(await context.backend.call('put', '/api/v1.0/CaseProcess/{id}', {
    path: { id: input.id },
    body: { state: lower(input.state), mainStateIdentifier: input.mainStateIdentifier ?? null, ...(input.subStates ? { subStates: input.subStates } : {}) },
  })), caseProcessFailed),
};

function lower(state: 'COMPLETE' | 'INCOMPLETE' | 'STOP'): 'complete' | 'incomplete' | 'stop' {
  return state === 'COMPLETE' ? 'complete' : state === 'INCOMPLETE' ? 'incomplete' : 'stop';
}
