/**
 * Study patients (ecrf-calls.md §7 "Study and study definition": StudyPatient, NngmStudyPatient) and the
 * patient context of ecrf-calls.md §3, read in a fixed number of queries whatever the number of visits.
 */
import { hasRight } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { audit, actorOf } from '../audit/audit.service.js';
import { recordEvent } from '../events/domain-events.js';
import { flagDto } from '../patient-documentation/verification-flag-changes.js';
import { findFlagsOfPatients } from '../patient-documentation/verification-flags.sql.js';
import type { DB } from '../__generated__/database.js';
import { EcrfError, forbidden, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import type { FieldInput } from '../patient-documentation/field-instance.schemas.js';
import { assertElearningPassed } from '../elearning/elearning-gate.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { callerLocationIds, studyOfLocation } from '../institutes/institutes.sql.js';
import { studyPatientsWithIdentity } from '../identity/identity.sql.js';
import { findPatients } from '../patients/patients.sql.js';
import { savePatientFields } from '../patient-documentation/patient-fields.service.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { openWorkspace } from '../patient-documentation/patient-workspace.js';
import { insertStudyPatient, type StudyPatientRow } from '../patient-documentation/study-patients.sql.js';
import { ACCESS_MESSAGES, CONFLICT_MESSAGES } from '../errors/messages.js';

export function studyPatientDto(row: StudyPatientRow) {
  return { ...row, displayName: row.pseudonym, portalRegisteredAt: row.portalRegisteredAt?.toISOString() ?? null };
}

/** ecrf-calls.md §3: id, fields, visits (with instruments and fields), standaloneInstruments, dataVerificationFlags, patientId. */
export async function patientContext(db: Kysely<DB>, caller: CurrentUser, id: string) {
  const ws = await openWorkspace(db, id, caller);
  const [flags, withIdentity] = await Promise.all([findFlagsOfPatients(db, [id]), studyPatientsWithIdentity(db, [id])]);
  return {
    ...studyPatientDto(ws.patient),
    hasIdentity: withIdentity.has(id),
    visits: ws.documents.visits,
    standaloneInstruments: ws.documents.standaloneInstruments,
    caseProcessSteps: ws.documents.caseProcessSteps,
    dataVerificationFlags: flags.map(flagDto),
  };
}

async function assertLocation(db: Kysely<DB>, caller: CurrentUser, studyId: string, studyInstituteId: string): Promise<void> {
  if ((await studyOfLocation(db, studyInstituteId)) !== studyId)
    throw new EcrfError('ECRF_ERR_VALIDATION', CONFLICT_MESSAGES.locationNotInStudy);
  if (hasRight(caller.rights, 'StudyPatientGetAllCmd')) return;
  if (!(await callerLocationIds(db, caller)).includes(studyInstituteId)) throw forbidden(ACCESS_MESSAGES.notYourLocation);
}

export async function createStudyPatient(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: { patientId: string; studyId: string; studyInstituteId: string; fields?: FieldInput[] },
): Promise<StudyPatientRow> {
  await assertLocation(db, caller, input.studyId, input.studyInstituteId);
  const [patient] = await findPatients(db, { ids: [input.patientId] });
  if (!patient) throw notFound('patient');
  const definition = await currentDefinitionOf(db, input.studyId);
  if (!definition) throw new EcrfError('ECRF_ERR_VALIDATION', CONFLICT_MESSAGES.studyWithoutDefinition);
  await assertElearningPassed(db, caller, definition.id);
  const id = await db.transaction().execute(async (trx) => {
    const studyPatientId = await insertStudyPatient(trx, {
      patient_id: patient.id,
      study_id: input.studyId,
      study_institute_id: input.studyInstituteId,
      study_definition_id: definition.id,
      definition_version: definition.version,
      fields: '[]',
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'study_patient',
      recordId: studyPatientId,
      operation: 'Create',
      newValue: {
        patientId: patient.id,
        studyId: input.studyId,
        studyInstituteId: input.studyInstituteId,
        studyDefinitionId: definition.id,
        definitionVersion: definition.version,
      },
    });
    await recordEvent(trx, {
      type: 'StudyPatientRegistered',
      studyId: input.studyId,
      studyPatientId,
      studyInstituteId: input.studyInstituteId,
      payload: {},
    });
    return studyPatientId;
  });
  if (input.fields && input.fields.length > 0) await savePatientFields(db, caller, id, { version: 1, fields: input.fields });
  return loadStudyPatient(db, id);
}
