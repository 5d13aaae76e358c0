/**
 * Changing and removing the patient documentation (schema.graphql "Patient documentation"): patient
 * fields and location, the visit date and fields, deleting patients and instruments, and field locks
 * (PUT DataField/{id}, DataFieldLockCmd). Stale versions answer STALE_WRITE with the patient as stored.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import type { MutationResolvers, ResolversTypes } from '../__generated__/resolvers.js';
import { backendId } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import { instancesOf } from './models.js';
import { contextOf } from './patients.resolvers.js';
import { attemptSave, changed, fieldInputs, missingReason, partId, refused } from './save.js';
import type { Changed } from './payloads.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

type Payload<N extends keyof ResolversTypes> = ResolversTypes[N];

/** Whether the field instance belongs to the patient's forms (patient, visits, instruments). */
async function patientHoldsField(studyPatientId: string, fieldId: string, context: GatewayContext): Promise<boolean> {
  const patient = await contextOf(studyPatientId, context);
  const instruments = [...patient.standaloneInstruments, ...patient.visits.flatMap((v) => v.instruments)];
  const holds = (fields: readonly DataFieldInstance[]): boolean => fields.some((f) => f.id === fieldId || holds(f.childFields));
  return [patient.fields, ...patient.visits.map((v) => v.fields), ...instruments.map((i) => i.fields)].some((fields) =>
    holds(instancesOf(fields)),
  );
}

export const patientChangeMutations: Pick<
  MutationResolvers,
  'updateStudyPatient' | 'deleteStudyPatient' | 'updateVisit' | 'deleteInstrument' | 'setFieldLock'
> = {
  updateStudyPatient: (_, { input }, context) => {
    let studyPatientId: string | undefined;
    return attemptSave<Payload<'StudyPatientPayload'>>(
      context,
      () => ({ studyPatientId, fields: input.fields }),
      async () => {
        studyPatientId = backendId(input.id, 'StudyPatient', 'id');
        await context.backend.call('put', '/api/v1.0/StudyPatient/{id}', {
          path: { id: studyPatientId },
          body: {
            version: input.version,
            ...(input.fields ? { fields: fieldInputs(input.fields) } : {}),
            ...(input.locationId ? { studyInstituteId: backendId(input.locationId, 'StudyInstitute', 'locationId') } : {}),
            ...(input.reasonForChange ? { reasonForChange: input.reasonForChange } : {}),
          },
        });
        return changed(context, { studyPatientId });
      },
      (errors) => refused(context, studyPatientId ? { studyPatientId } : undefined, errors),
    );
  },

  deleteStudyPatient: (_, { input }, context) =>
    attemptSave<Payload<'DeleteStudyPatientPayload'>>(
      context,
      () => ({}),
      async () => {
        const studyPatientId = backendId(input.id, 'StudyPatient', 'id');
        const missing = missingReason(input.reasonForChange);
        if (missing) return { deletedStudyPatientId: null, errors: missing };
        await context.backend.call('delete', '/api/v1.0/StudyPatient/{id}', {
          path: { id: studyPatientId },
          query: { reasonOfChange: input.reasonForChange },
        });
        context.loaders.patientContexts.clear(studyPatientId);
        return { deletedStudyPatientId: input.id, errors: [] };
      },
      (errors) => ({ deletedStudyPatientId: null, errors }),
    ),

  updateVisit: (_, { input }, context) => {
    let record: Changed | undefined;
    return attemptSave<Payload<'VisitPayload'>>(
      context,
      () => ({ studyPatientId: record?.studyPatientId, fields: input.fields }),
      async () => {
        const ids = partId(input.id, 'Visit', 'id');
        record = { studyPatientId: ids.studyPatientId, visitId: ids.id };
        await context.backend.call('put', '/api/v1.0/Visit/{id}', {
          path: { id: ids.id },
          body: {
            version: input.version,
            // Left out keeps the stored date; null clears it.
            ...(input.visitDate !== undefined ? { visitDate: input.visitDate } : {}),
            ...(input.fields ? { fields: fieldInputs(input.fields) } : {}),
            ...(input.reasonForChange ? { reasonForChange: input.reasonForChange } : {}),
          },
        });
        return changed(context, record);
      },
      (errors) => refused(context, record, errors),
    );
  },

  deleteInstrument: (_, { input }, context) =>
    attemptSave<Payload<'DeleteInstrumentPayload'>>(
      context,
      () => ({}),
      async () => {
        const ids = partId(input.id, 'Instrument', 'id');
        const missing = missingReason(input.reasonForChange);
        if (missing) return { deletedInstrumentId: null, changed: null, errors: missing };
        await context.backend.call('delete', '/api/v1.0/Instrument/{id}', {
          path: { id: ids.id },
          query: { reasonOfChange: input.reasonForChange },
        });
        return { ...changed(context, { studyPatientId: ids.studyPatientId }), deletedInstrumentId: input.id };
      },
      (errors) => ({ ...refused(context, undefined, errors), deletedInstrumentId: null }),
    ),

  setFieldLock: (_, { input }, context) => {
    let studyPatientId: string | undefined;
    return attemptSave<Payload<'SetFieldLockPayload'>>(
      context,
      () => ({ studyPatientId }),
      async () => {
        studyPatientId = backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId');
        const field = partId(input.fieldId, 'DataField', 'fieldId');
        const lock = {
          ...(typeof input.lockedManually === 'boolean' ? { lockedManually: input.lockedManually } : {}),
          // Left out keeps the stored lock date; null clears it.
          ...(input.lockDate !== undefined ? { lockDate: input.lockDate } : {}),
        };
        if (Object.keys(lock).length === 0) {
          return {
            changed: null,
            errors: [{ code: 'INVALID_VALUE', message: GATEWAY_MESSAGES.lockOrDateRequired, field: 'lockedManually' }],
          };
        }
        // The backend finds the form by the field alone; the field must be this patient's, so the reload shows it.
        if (field.studyPatientId !== studyPatientId || !(await patientHoldsField(studyPatientId, field.id, context))) {
          return {
            changed: null,
            errors: [{ code: 'INVALID_VALUE', message: GATEWAY_MESSAGES.fieldNotOfPatient, field: 'fieldId' }],
          };
        }
        await context.backend.call('put', '/api/v1.0/DataField/{id}', {
          path: { id: field.id },
          body: { version: input.ownerVersion, ...lock },
        });
        return changed(context, { studyPatientId });
      },
      (errors) => refused(context, studyPatientId ? { studyPatientId } : undefined, errors),
    );
  },
};
