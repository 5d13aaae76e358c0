/**
 * Everything a save needs to enforce the rules of @ecrf/rules for one study patient: the stored
 * documents, the indexed definition version and the patient's rule inputs, from which
 * `formEvaluationContext` of @ecrf/rules builds the context of the form being saved at its place
 * (docs/rules.md "Evaluation inputs"), as the gateway and the browser do. "Today" is the registry's day
 * (Europe/Berlin); the rules' selected institute is the patient's location.
 */
import {
  formEvaluationContext,
  patientEvaluationInput,
  type FormPlace,
  type DataFieldInstance,
  type DefinitionIndex,
  type EvaluationContext,
  type PatientEvaluationInput,
  type HeldRights,
  type RightName,
  hasRight,
} from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { definitionIndex } from './definition-cache.js';
import { loadPatientDocuments, loadStudyPatient, storedDocumentation, type PatientDocuments } from './patient-documents.js';
import { withVisitAssignedTo, type StudyPatientRow } from './study-patients.sql.js';
import type { RecordName } from '../errors/messages.js';

export type Workspace = {
  patient: StudyPatientRow;
  index: DefinitionIndex;
  documents: PatientDocuments;
  now: Date;
  /** A visit's or instrument's definition identifier, by definition id. */
  identifierOf: (definitionId: string) => string;
  evaluation: PatientEvaluationInput;
  /** The context of `fields` at `place` (null: a visit being created). */
  contextFor: (place: FormPlace | null, fields: readonly DataFieldInstance[]) => EvaluationContext;
  /** The context of the documentation as stored, at patient level. */
  storedContext: EvaluationContext;
};

/**
 * A patient is visible with the all-patients right, at one of the caller's locations, or when a visit
 * of the patient is assigned to one of the caller's institutes (ecrf-calls.md §6 NngmStudyPatientGetMyAssignedCmd).
 * What the caller may not see answers 404 as if it did not exist (issue 15): a 403 would confirm it does.
 * `hiddenAs` names the record the route asked for, so the answer reads as that route's own "not found".
 */
export async function assertPatientAccess(
  db: Kysely<DB>,
  caller: CurrentUser,
  patient: { id: string; studyInstituteId: string },
  hiddenAs: RecordName = 'study patient',
): Promise<void> {
  if (hasRight(caller.rights, 'StudyPatientGetAllCmd')) return;
  const access = { rights: caller.rights, locationIds: await callerLocationIds(db, caller) };
  if (!(await visibleStudyPatientIds(db, access, [patient])).has(patient.id)) throw notFound(hiddenAs);
}

/** The same rule for many patients at once: the ids of those visible, in one query at most. */
export async function visibleStudyPatientIds(
  db: Kysely<DB>,
  access: { rights: HeldRights; locationIds: ReadonlySet<string> | readonly string[] },
  patients: readonly { id: string; studyInstituteId: string }[],
  allRight: RightName = 'StudyPatientGetAllCmd',
): Promise<Set<string>> {
  if (hasRight(access.rights, allRight)) return new Set(patients.map((p) => p.id));
  const locations = new Set(access.locationIds);
  const atLocation = new Set(patients.filter((p) => locations.has(p.studyInstituteId)).map((p) => p.id));
  const elsewhere = patients.filter((p) => !atLocation.has(p.id)).map((p) => p.id);
  return new Set([...atLocation, ...(await withVisitAssignedTo(db, elsewhere, [...locations]))]);
}

/** `hiddenAs`: the record the route asked for, named in its 404 when the patient is not the caller's (assertPatientAccess). */
export async function openWorkspace(
  db: Kysely<DB>,
  studyPatientId: string,
  caller: CurrentUser,
  { now = new Date(), hiddenAs = 'study patient' }: { now?: Date; hiddenAs?: RecordName } = {},
): Promise<Workspace> {
  const patient = await loadStudyPatient(db, studyPatientId);
  await assertPatientAccess(db, caller, patient, hiddenAs);
  const index = await definitionIndex(db, patient.studyDefinitionId, patient.definitionVersion);
  const identifierOf = (id: string) => index.visitById.get(id)?.identifier ?? index.instrumentById.get(id)?.identifier ?? '';
  const documents = await loadPatientDocuments(db, studyPatientId, identifierOf);
  // Reads (the patient context) need no rule evaluation: it is computed on first use, once per request.
  let evaluation: PatientEvaluationInput | undefined;
  const evaluationOf = () =>
    (evaluation ??= patientEvaluationInput({
      index,
      documentation: storedDocumentation(patient, documents),
      patient,
      viewer: { id: caller.id, userName: caller.userName, roleIdentifier: caller.roleIdentifier },
      now,
    }));
  let storedContext: EvaluationContext | undefined;
  return {
    patient,
    index,
    documents,
    now,
    identifierOf,
    get evaluation() {
      return evaluationOf();
    },
    contextFor: (place, fields) => formEvaluationContext(evaluationOf(), place, fields),
    get storedContext() {
      return (storedContext ??= formEvaluationContext(evaluationOf(), { kind: 'patient' }, patient.fields));
    },
  };
}
