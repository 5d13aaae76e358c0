/**
 * Joining the registry's study patients when a data manager decides that a possible match is one person (issue 17,
 * "Dieselbe Person"; docs/decisions.md "Joining study patients"). The candidate (the stored, older person) survives.
 * Per study patient of the tentative patient: where the candidate has a study patient in the same study, everything
 * hanging on the duplicate moves onto it and the duplicate is marked deleted, pointing at the survivor; otherwise the
 * study patient is re-pointed to the candidate. The tentative patient is marked merged into the candidate and keeps
 * its identity link. Runs in the caller's transaction; a conflict refuses the whole join before anything changes.
 */
import { formFieldIds, studyPatientMergeConflicts, type MergeSide } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { moveQueriesWithPatient } from '../patient-documentation/queries-follow-patient.js';
import { EcrfError } from '../errors/errors.js';
import { displayTextsOf } from '../languages/languages.service.js';
import { recordEvent } from '../events/domain-events.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { refreshPatientListFlags } from '../patient-documentation/patient-list-flags.js';
import { findDocumentRows, type StudyPatientRow } from '../patient-documentation/study-patients.sql.js';
import {
  lockStudyPatientsOf,
  markMerged,
  markPatientMerged,
  mergeFacts,
  moveDocumentFlags,
  moveDocumentQueries,
  moveRows,
  MOVED_TABLES,
  repointStudyPatient,
  type MovedTable,
} from './study-patient-merge.sql.js';

export type MergedPerson = { patientId: string; pseudonym: string };
export type MergeRequest = { tentative: MergedPerson; candidate: MergedPerson; actor: AuditActor; reason: string; now: Date };
type Join = { duplicate: StudyPatientRow; survivor: StudyPatientRow };

/** The German reason the duplicate's deletion carries: it names the survivor, whose id the record keeps. */
export const mergedReason = (survivorPseudonym: string, reason: string) =>
  `Zusammengeführt mit ${survivorPseudonym} (Dieselbe Person, Entscheidung zur möglichen Dublette): ${reason}`;

/** The German name of a visit or instrument definition (its identifier without a text). */
async function formNames(trx: Kysely<DB>, patient: StudyPatientRow): Promise<(definitionId: string) => string> {
  const [index, texts] = await Promise.all([
    definitionIndex(trx, patient.studyDefinitionId, patient.definitionVersion),
    displayTextsOf(trx, patient.studyDefinitionId),
  ]);
  return (id) => {
    const form = index.visitById.get(id) ?? index.instrumentById.get(id);
    return form ? (texts.get(form.displayKey) ?? form.identifier) : id;
  };
}

async function mergeSide(trx: Kysely<DB>, patient: StudyPatientRow): Promise<MergeSide> {
  const [{ visits, instruments }, facts, nameOf] = await Promise.all([
    findDocumentRows(trx, patient.id),
    mergeFacts(trx, patient.id),
    formNames(trx, patient),
  ]);
  return {
    pseudonym: patient.pseudonym,
    definitionVersion: { studyDefinitionId: patient.studyDefinitionId, version: patient.definitionVersion },
    patientFields: patient.fields,
    visits: visits.map((visit) => ({ definitionId: visit.definition_id, isDeleted: visit.is_deleted })),
    lockedForms: [...visits, ...instruments].filter((form) => form.locked && !form.is_deleted).map((form) => nameOf(form.definition_id)),
    ...facts,
  };
}

/** Every reason the joins cannot be done now, for all studies at once, so the data manager sees them together. */
async function conflictsOf(trx: Kysely<DB>, joins: readonly Join[]): Promise<string[]> {
  const conflicts: string[] = [];
  for (const { duplicate, survivor } of joins) {
    const index = await definitionIndex(trx, survivor.studyDefinitionId, survivor.definitionVersion);
    const nameOf = await formNames(trx, survivor);
    const visits = [...index.visitById.values()].map((visit) => ({ ...visit, name: nameOf(visit.id) }));
    conflicts.push(...studyPatientMergeConflicts(await mergeSide(trx, duplicate), await mergeSide(trx, survivor), visits));
  }
  return conflicts;
}

async function auditMoves(trx: Kysely<DB>, request: MergeRequest, table: MovedTable, ids: readonly string[], join: Join) {
  for (const id of ids) {
    await audit(trx, {
      actor: request.actor,
      tableName: table,
      recordId: id,
      operation: 'Update',
      oldValue: { studyPatientId: join.duplicate.id },
      newValue: { studyPatientId: join.survivor.id },
      reason: mergedReason(join.survivor.pseudonym, request.reason),
    });
  }
}

const documentationSaved = (patient: StudyPatientRow) =>
  ({
    type: 'DocumentationSaved',
    studyId: patient.studyId,
    studyPatientId: patient.id,
    studyInstituteId: patient.studyInstituteId,
    payload: { visitId: null, instrumentId: null },
  }) as const;

/** Moves the duplicate's documentation onto the survivor, marks it merged, and sets the survivor's derived data again. */
async function join(trx: Kysely<DB>, request: MergeRequest, pair: Join): Promise<void> {
  const { duplicate, survivor } = pair;
  for (const moved of MOVED_TABLES)
    await auditMoves(trx, request, moved.table, await moveRows(trx, moved, duplicate.id, survivor.id), pair);
  await auditMoves(trx, request, 'data_query', await moveDocumentQueries(trx, duplicate.id, survivor.id, request.now), pair);
  await auditMoves(
    trx,
    request,
    'data_verification_flag',
    await moveDocumentFlags(trx, duplicate.id, survivor.id, formFieldIds(duplicate.fields)),
    pair,
  );
  // Queries of the duplicate's location follow the survivor's, as when a patient changes location.
  await moveQueriesWithPatient(trx, {
    studyPatientId: survivor.id,
    studyInstituteId: survivor.studyInstituteId,
    actor: request.actor,
    now: request.now,
  });
  await markMerged(trx, duplicate.id, survivor.id);
  await audit(trx, {
    actor: request.actor,
    tableName: 'study_patient',
    recordId: duplicate.id,
    operation: 'Delete',
    oldValue: { isDeleted: false, mergedIntoStudyPatientId: null, version: duplicate.version },
    newValue: { isDeleted: true, mergedIntoStudyPatientId: survivor.id, mergedInto: survivor.pseudonym, version: duplicate.version + 1 },
    reason: mergedReason(survivor.pseudonym, request.reason),
  });
  await refreshPatientListFlags(trx, survivor);
  await recordEvent(trx, documentationSaved(survivor));
  await recordEvent(trx, documentationSaved(duplicate));
}

async function repoint(trx: Kysely<DB>, request: MergeRequest, patient: StudyPatientRow): Promise<void> {
  await repointStudyPatient(trx, patient.id, request.candidate.patientId);
  await audit(trx, {
    actor: request.actor,
    tableName: 'study_patient',
    recordId: patient.id,
    operation: 'Update',
    oldValue: { patientId: patient.patientId, pseudonym: patient.pseudonym, version: patient.version },
    newValue: { patientId: request.candidate.patientId, pseudonym: request.candidate.pseudonym, version: patient.version + 1 },
    reason: mergedReason(request.candidate.pseudonym, request.reason),
  });
  await recordEvent(trx, documentationSaved(patient));
}

/**
 * Joins the tentative patient's study patients to the candidate's in the caller's transaction; answers, per study
 * patient of the tentative patient, the study patient its documentation now lives on. Refuses with 409 and every
 * conflict in German before anything changes.
 */
export async function mergeTentativePatient(trx: Kysely<DB>, request: MergeRequest): Promise<Map<string, string>> {
  const locked = await lockStudyPatientsOf(trx, [request.tentative.patientId, request.candidate.patientId]);
  const live = async (patientId: string) =>
    Promise.all(locked.filter((row) => row.patient_id === patientId && !row.is_deleted).map((row) => loadStudyPatient(trx, row.id)));
  const [duplicates, candidates] = [await live(request.tentative.patientId), await live(request.candidate.patientId)];
  const joins: Join[] = [];
  const repoints: StudyPatientRow[] = [];
  for (const duplicate of duplicates) {
    const survivor = candidates.find((candidate) => candidate.studyId === duplicate.studyId);
    if (survivor) joins.push({ duplicate, survivor });
    else repoints.push(duplicate);
  }
  const conflicts = await conflictsOf(trx, joins);
  if (conflicts.length > 0) throw new EcrfError('ECRF_ERR_CONFLICT', conflicts.join(' '), { messages: conflicts });

  for (const pair of joins) await join(trx, request, pair);
  for (const patient of repoints) await repoint(trx, request, patient);
  await markPatientMerged(trx, request.tentative.patientId, request.candidate.patientId);
  await audit(trx, {
    actor: request.actor,
    tableName: 'patient',
    recordId: request.tentative.patientId,
    operation: 'Delete',
    oldValue: { isDeleted: false, mergedIntoPatientId: null },
    newValue: { isDeleted: true, mergedIntoPatientId: request.candidate.patientId, mergedInto: request.candidate.pseudonym },
    reason: mergedReason(request.candidate.pseudonym, request.reason),
  });
  await audit(trx, {
    actor: request.actor,
    tableName: 'patient',
    recordId: request.candidate.patientId,
    operation: 'Update',
    event: 'StudyPatientsMerged',
    newValue: {
      tentative: request.tentative.pseudonym,
      candidate: request.candidate.pseudonym,
      joined: joins.map((pair) => ({ duplicate: pair.duplicate.id, survivor: pair.survivor.id })),
      repointed: repoints.map((patient) => patient.id),
    },
    reason: request.reason,
  });
  return new Map([...joins.map((pair) => [pair.duplicate.id, pair.survivor.id] as const), ...repoints.map((p) => [p.id, p.id] as const)]);
}
