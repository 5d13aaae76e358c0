/**
 * The oBDS import as a durable job (docs/obds-import.md "Large files: upload route and job"). The gateway reads the
 * file (identity path), so the job's worker is the gateway: it starts the import once the file passed the schema
 * (`queued`), hands its patients over in batches (`running`, progress = patients stored), and the last batch ends it
 * (`done`); a gateway that gives up says why (`failed`). Only the uploader's own calls move an import. Each change
 * writes the row, its audit record and an `ObdsImportChanged` event in one transaction. A gateway that stops mid-file renews no
 * heartbeat: such an import is marked failed with a German reason when imports are next read, so none stays running.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, actorOf, audit, type AuditActor } from '../audit/audit.service.js';
import { EcrfError, conflict, notFound } from '../errors/errors.js';
import { recordEvent } from '../events/domain-events.js';
import type { CurrentUser } from '../http/route-access.js';
import type { ObdsImportBatch, ObdsImportStart, ObdsImportSummary } from './obds-import.schemas.js';
import { mapObdsPatients, outcomeCounts, summaryOf } from './obds-import.service.js';
import {
  findImports,
  insertImport,
  insertMessages,
  lastPosition,
  lockImport,
  staleImports,
  updateImport,
  type ObdsImportRow,
} from './obds-import.sql.js';

/** A batch of 100 patients takes seconds; an import without a batch for this long lost its gateway. */
export const OBDS_IMPORT_LEASE_MS = 5 * 60_000;

export const OBDS_JOB_MESSAGES = {
  ended: 'Der Import ist bereits beendet.',
  tooManyPatients: (count: number) => `Der Import umfasst nur ${count} Patienten; es wurden mehr übergeben.`,
  interrupted:
    'Der Import wurde unterbrochen (das Gateway wurde neu gestartet oder hat die Verbindung verloren, oder die Anmeldung des Hochladenden wurde beendet). Die bis dahin gelesenen Patienten sind gespeichert; bitte die Datei erneut hochladen: bereits importierte Meldungen werden als Duplikate erkannt.',
  unknownStudy: 'Die Studie existiert nicht.',
} as const;

/** The change's audit record (the import's state, never a patient's data) and its event. */
async function announce(trx: Kysely<DB>, row: ObdsImportRow, actor: AuditActor, operation: 'Create' | 'Update'): Promise<void> {
  await audit(trx, {
    actor,
    tableName: 'obds_import',
    recordId: row.id,
    operation,
    newValue: {
      studyId: row.study_id,
      fileName: row.file_name,
      status: row.status,
      patientsDone: row.patients_done,
      patientCount: row.patient_count,
      failureReason: row.failure_reason,
    },
  });
  await recordEvent(trx, {
    type: 'ObdsImportChanged',
    studyId: row.study_id,
    studyPatientId: null,
    studyInstituteId: null,
    payload: { importId: row.id, status: row.status, patientsDone: row.patients_done, patientCount: row.patient_count },
  });
}

async function withCounts(db: Kysely<DB>, row: ObdsImportRow): Promise<ObdsImportSummary> {
  return summaryOf(row, (await outcomeCounts(db, [row.id])).get(row.id));
}

/** Creates the import of a file that passed the schema: queued, nothing stored yet. */
export async function startObdsImport(db: Kysely<DB>, caller: CurrentUser, input: ObdsImportStart, now: Date): Promise<ObdsImportSummary> {
  const study = await db.selectFrom('study').select('id').where('id', '=', input.studyId).executeTakeFirst();
  if (!study) throw new EcrfError('ECRF_ERR_VALIDATION', OBDS_JOB_MESSAGES.unknownStudy);
  const row = await db.transaction().execute(async (trx) => {
    const created = await insertImport(trx, {
      study_id: input.studyId,
      imported_at: now,
      imported_by_id: caller.id,
      imported_by: caller.userName,
      file_name: input.fileName,
      patient_count: input.patientCount,
      message_count: input.messageCount,
      status: 'queued',
      heartbeat_at: now,
    });
    await announce(trx, created, actorOf(caller), 'Create');
    return created;
  });
  return withCounts(db, row);
}

/** The uploader's running import, locked; another user's import is unknown to them. */
async function ownRunningImport(trx: Kysely<DB>, caller: CurrentUser, id: string): Promise<ObdsImportRow> {
  const row = await lockImport(trx, id);
  if (row?.imported_by_id !== caller.id) throw notFound('import');
  if (row.status !== 'queued' && row.status !== 'running') throw conflict(row.failure_reason ?? OBDS_JOB_MESSAGES.ended);
  return row;
}

/** Stores the next patients of the file; the batch that completes the file ends the import. */
export async function addObdsPatients(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  batch: ObdsImportBatch,
  now: Date,
): Promise<ObdsImportSummary> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownRunningImport(trx, caller, id);
    const done = current.patients_done + batch.patients.length;
    if (done > current.patient_count) throw new EcrfError('ECRF_ERR_VALIDATION', OBDS_JOB_MESSAGES.tooManyPatients(current.patient_count));
    const messages = await mapObdsPatients(
      trx,
      caller,
      { studyId: current.study_id, patients: batch.patients },
      now,
      (await lastPosition(trx, id)) + 1,
    );
    await insertMessages(trx, id, messages);
    const next = await updateImport(trx, id, {
      patients_done: done,
      status: done === current.patient_count ? 'done' : 'running',
      heartbeat_at: now,
    });
    await announce(trx, next, actorOf(caller), 'Update');
    return next;
  });
  return withCounts(db, row);
}

/** The gateway gave up (the file could not be read on, the service failed): the import ends with the reason. */
export async function failObdsImport(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  reason: string,
  now: Date,
): Promise<ObdsImportSummary> {
  const row = await db.transaction().execute(async (trx) => {
    await ownRunningImport(trx, caller, id);
    const next = await updateImport(trx, id, { status: 'failed', failure_reason: reason, heartbeat_at: now });
    await announce(trx, next, actorOf(caller), 'Update');
    return next;
  });
  return withCounts(db, row);
}

/** Marks the imports whose gateway stopped mid-file as failed (each with its event). */
export async function failStaleObdsImports(db: Kysely<DB>, now: Date): Promise<void> {
  const before = new Date(now.getTime() - OBDS_IMPORT_LEASE_MS);
  for (const stale of await staleImports(db, before))
    await db.transaction().execute(async (trx) => {
      const row = await lockImport(trx, stale.id);
      // Another reader or a late batch got there first.
      if (!row || (row.status !== 'queued' && row.status !== 'running') || row.heartbeat_at >= before) return;
      await announce(
        trx,
        await updateImport(trx, row.id, { status: 'failed', failure_reason: OBDS_JOB_MESSAGES.interrupted }),
        SYSTEM_ACTOR,
        'Update',
      );
    });
}

export async function listObdsImports(db: Kysely<DB>, studyId: string, now: Date): Promise<ObdsImportSummary[]> {
  await failStaleObdsImports(db, now);
  const rows = await findImports(db, { studyId });
  const counts = await outcomeCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => summaryOf(row, counts.get(row.id)));
}

export async function readObdsImportSummary(db: Kysely<DB>, id: string, now: Date): Promise<ObdsImportSummary> {
  await failStaleObdsImports(db, now);
  const [row] = await findImports(db, { id });
  if (!row) throw notFound('import');
  return withCounts(db, row);
}
