/**
 * Creating the patient documentation: patients, visits and instruments, instrument saves, signatures,
 * visit deletion and the case process (schema.graphql "Patient documentation"). Refusals and reloading
 * are shared with the other changes (save.ts).
 */
import type { MutationResolvers, ResolversTypes } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import { backendId } from '../graph/user-errors.js';
import type { Changed } from './payloads.js';
import { caseProcessOf } from './patients.resolvers.js';
import { attemptSave, changed, definitionKeyOf, fieldInputs, missingReason, partId, refused } from './save.js';
import type { CaseProcessDto } from './models.js';

type Payload<N extends keyof ResolversTypes> = ResolversTypes[N];

function caseProcess(answer: CaseProcessDto): Payload<'CaseProcessPayload'> {
  const studyPatientId = answer.steps[0]?.studyPatientId ?? '';
  return { ...caseProcessOf(studyPatientId, answer.steps), errors: [] };
}
const caseProcessFailed = (errors: UserErrorModel[]): Payload<'CaseProcessPayload'> => ({
  steps: [],
  stoppingStep: null,
  latestFilledStep: null,
  errors,
});

export const patientMutations: Pick<
  MutationResolvers,
  | 'createStudyPatient'
  | 'createVisit'
  | 'createInstrument'
  | 'updateInstrument'
  | 'signVisit'
  | 'deleteVisit'
  | 'createCaseProcessStep'
  | 'updateCaseProcessStep'
> = {
  createStudyPatient: (_, { input }, context) =>
    attemptSave<Payload<'StudyPatientPayload'>>(
      context,
      () => ({ fields: input.fields }),
      async () => {
        const created = await context.backend.call('post', '/api/v1.0/NngmStudyPatient', {
          body: {
            studyId: backendId(input.studyId, 'Study', 'studyId'),
            studyInstituteId: backendId(input.locationId, 'StudyInstitute', 'locationId'),
            ...(input.pseudonym ? { pseudonym: input.pseudonym } : {}),
            ...(input.registrationDate ? { registrationDate: input.registrationDate } : {}),
            ...(input.fields ? { fields: fieldInputs(input.fields) } : {}),
          },
        });
        return changed(context, { studyPatientId: created.id });
      },
      (errors) => refused(context, undefined, errors),
    ),

  createVisit: (_, { input }, context) =>
    attemptSave<Payload<'VisitPayload'>>(
      context,
      () => ({ fields: input.fields }),
      async () => {
        const studyPatientId = backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId');
        const definitionId = definitionKeyOf(input.definitionId, 'VisitDefinition', 'definitionId');
        const created = await context.backend.call('post', '/api/v1.0/Visit', {
          body: {
            studyPatientId,
            definitionId,
            visitDate: input.visitDate ?? null,
            ...(input.fields ? { fields: fieldInputs(input.fields) } : {}),
          },
        });
        return changed(context, { studyPatientId, visitId: created.id });
      },
      (errors) => refused(context, undefined, errors),
    ),

  createInstrument: (_, { input }, context) =>
    attemptSave<Payload<'InstrumentPayload'>>(
      context,
      () => ({ fields: input.fields }),
      async () => {
        const studyPatientId = backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId');
        const definitionId = definitionKeyOf(input.definitionId, 'InstrumentDefinition', 'definitionId');
        const created = await context.backend.call('post', '/api/v1.0/Instrument', {
          body: {
            studyPatientId,
            definitionId,
            visitId: input.visitId ? partId(input.visitId, 'Visit', 'visitId').id : null,
            ...(input.fields ? { fields: fieldInputs(input.fields) } : {}),
            ...(input.reasonForChange ? { reasonForChange: input.reasonForChange } : {}),
          },
        });
        return changed(context, { studyPatientId, instrumentId: created.id });
      },
      (errors) => refused(context, undefined, errors),
    ),

  updateInstrument: (_, { input }, context) => {
    let record: Changed | undefined;
    return attemptSave<Payload<'InstrumentPayload'>>(
      context,
      () => ({ studyPatientId: record?.studyPatientId, fields: input.fields }),
      async () => {
        const ids = partId(input.id, 'Instrument', 'id');
        record = { studyPatientId: ids.studyPatientId, instrumentId: ids.id };
        await context.backend.call('put', '/api/v1.0/Instrument/{id}', {
          path: { id: ids.id },
          body: {
            version: input.version,
            fields: fieldInputs(input.fields),
            ...(input.reasonForChange ? { reasonForChange: input.reasonForChange } : {}),
          },
        });
        return changed(context, record);
      },
      (errors) => refused(context, record, errors),
    );
  },

  signVisit: (_, { input }, context) =>
    attemptSave<Payload<'SignVisitPayload'>>(
      context,
      () => ({}),
      async () => {
        const ids = partId(input.id, 'Visit', 'id');
        const answer = await context.backend.call('post', '/api/v1.0/Visit/{id}/sign', {
          path: { id: ids.id },
          body: { password: input.password, ...(input.meaning ? { meaning: input.meaning } : {}) },
        });
        return {
          ...changed(context, { studyPatientId: ids.studyPatientId, visitId: ids.id }),
          success: answer.success,
          message: answer.message,
        };
      },
      (errors) => ({ ...refused(context, undefined, errors), success: false, message: errors[0]?.message ?? '' }),
    ),

  deleteVisit: (_, { input }, context) =>
    attemptSave<Payload<'DeleteVisitPayload'>>(
      context,
      () => ({}),
      async () => {
        const ids = partId(input.id, 'Visit', 'id');
        const missing = missingReason(input.reasonForChange);
        if (missing) return { deletedVisitId: null, changed: null, errors: missing };
        await context.backend.call('delete', '/api/v1.0/NngmVisit/{visitId}', {
          path: { visitId: ids.id },
          query: { reasonOfChange: input.reasonForChange },
        });
        return { ...changed(context, { studyPatientId: ids.studyPatientId }), deletedVisitId: input.id };
      },
      (errors) => ({ ...refused(context, undefined, errors), deletedVisitId: null }),
    ),

  createCaseProcessStep: (_, { input }, context) =>
    attemptSave<Payload<'CaseProcessPayload'>>(
      context,
      () => ({}),
      async () =>
        caseProcess(
          await context.backend.call('post', '/api/v1.0/CaseProcess', {
            body: {
              visitId: partId(input.visitId, 'Visit', 'visitId').id,
              definitionIdentifier: input.definitionIdentifier,
              state: lower(input.state),
              order: input.order,
              mainStateIdentifier: input.mainStateIdentifier ?? null,
              ...(input.subStates ? { subStates: input.subStates } : {}),
            },
          }),
        ),
      caseProcessFailed,
    ),

  updateCaseProcessStep: (_, { input }, context) =>
    attemptSave<Payload<'CaseProcessPayload'>>(
      context,
      () => ({}),
      async () =>
        caseProcess(
          await context.backend.call('put', '/api/v1.0/CaseProcess/{id}', {
            path: { id: partId(input.id, 'CaseProcessStep', 'id').id },
            body: {
              ...(input.version ? { version: input.version } : {}),
              state: lower(input.state),
              mainStateIdentifier: input.mainStateIdentifier ?? null,
              ...(input.subStates ? { subStates: input.subStates } : {}),
            },
          }),
        ),
      caseProcessFailed,
    ),
};

function lower(state: 'COMPLETE' | 'INCOMPLETE' | 'STOP'): 'complete' | 'incomplete' | 'stop' {
  return state === 'COMPLETE' ? 'complete' : state === 'INCOMPLETE' ? 'incomplete' : 'stop';
}
