/**
 * Everything a save needs to enforce the rules of @ecrf/rules for one study patient: the stored
 * documents, the indexed definition version and an evaluation context that sees the form being saved in
 * place of its stored fields (docs/rules.md). "Today" is the server's day (UTC), passed in as the
 * engine requires. The selected institute of the rules is the patient's location.
 */
import {
  createEvaluationContext, patientDataOf, type FormPlace,
  type DataFieldInstance, type DefinitionIndex, type EvaluationContext, type InstituteData,
} from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { forbidden } from '../errors/errors.js';
import { hasRight, type CurrentUser } from '../http/route-access.js';
import type { RightName } from '../rights/rights.catalogue.js';
import { todayOf } from '../instruments/form-save.js';
import { definitionIndex } from './definition-cache.js';
import {
  loadPatientDocuments, loadStudyPatient, rulesPatientContext, type PatientDocuments, type StudyPatientRow,
} from './patient-documents.js';

export type Workspace = {
  patient: StudyPatientRow;
  index: DefinitionIndex;
  documents: PatientDocuments;
  today: string;
  now: Date;
  contextFor: (place?: FormPlace, fields?: readonly DataFieldInstance[]) => EvaluationContext;
};

/** Locations (study institutes) the user is assigned to. */
export async function callerLocationIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('study_institute_user').select('study_institute_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.study_institute_id);
}

/**
 * A patient is visible with the all-patients right, at one of the caller's locations, or when a visit
 * of the patient is assigned to one of the caller's institutes (ecrf-calls.md §6 NngmStudyPatientGetMyAssignedCmd).
 */
export async function assertPatientAccess(db: Kysely<DB>, caller: CurrentUser, patient: { id: string; studyInstituteId: string }, allRight: RightName = 'StudyPatientGetAllCmd'): Promise<void> {
  if (hasRight(caller, allRight)) return;
  const locations = await callerLocationIds(db, caller.id);
  if (locations.includes(patient.studyInstituteId)) return;
  const assigned = locations.length === 0 ? undefined : await db.selectFrom('visit as v')
    .innerJoin('study_institute as si', 'si.institute_id', 'v.assigned_institute_id')
    .select('v.id').where('v.study_patient_id', '=', patient.id).where('v.is_deleted', '=', false).where('si.id', 'in', locations)
    .executeTakeFirst();
  if (!assigned) throw forbidden('the patient is not documented at one of your locations');
}


export async function openWorkspace(db: Kysely<DB>, studyPatientId: string, caller: CurrentUser, now = new Date()): Promise<Workspace> {
  const patient = await loadStudyPatient(db, studyPatientId);
  await assertPatientAccess(db, caller, patient);
  const index = await definitionIndex(db, patient.studyDefinitionId, patient.definitionVersion);
  const identifierOf = (id: string) => index.visitById.get(id)?.identifier ?? index.instrumentById.get(id)?.identifier ?? '';
  const documents = await loadPatientDocuments(db, studyPatientId, identifierOf);
  const today = todayOf(now);
  const institute: InstituteData = { id: patient.instituteId, identifier: patient.instituteIdentifier, displayName: patient.instituteDisplayName, isDigiNet: patient.isDigiNet };
  const user = { id: caller.id, userName: caller.userName, roleIdentifier: caller.roleIdentifier };
  return {
    patient, index, documents, today, now,
    contextFor: (place, fields) => createEvaluationContext({
      index, patientContext: rulesPatientContext(patient, documents, place, fields), patient: patientDataOf(patient, patient.fields, index),
      current: fields, user, selectedInstitute: institute, today,
    }),
  };
}
