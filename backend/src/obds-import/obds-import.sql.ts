/** SQL of the oBDS imports (migration 0120): the uploads and their messages. */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, ObdsImportTable, ObdsMessageTable } from '../__generated__/database.js';
import type { ObdsAcceptedField } from '../db/json-columns.js';

export type ObdsImportRow = Selectable<ObdsImportTable>;
export type ObdsMessageRow = Selectable<ObdsMessageTable>;

export async function insertImport(db: Kysely<DB>, row: Insertable<ObdsImportTable>): Promise<ObdsImportRow> {
  return db.insertInto('obds_import').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The import's row, locked for the batch or the end that changes it. */
export async function lockImport(db: Kysely<DB>, id: string): Promise<ObdsImportRow | undefined> {
  return db.selectFrom('obds_import').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateImport(db: Kysely<DB>, id: string, change: Updateable<ObdsImportTable>): Promise<ObdsImportRow> {
  return db.updateTable('obds_import').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The last message position of an import (0 before the first batch). */
export async function lastPosition(db: Kysely<DB>, importId: string): Promise<number> {
  const row = await db
    .selectFrom('obds_message')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export async function insertMessages(
  db: Kysely<DB>,
  importId: string,
  messages: Omit<Insertable<ObdsMessageTable>, 'import_id'>[],
): Promise<void> {
  if (messages.length > 0)
    await db
      .insertInto('obds_message')
      .values(messages.map((m) => ({ ...m, import_id: importId })))
      .execute();
}

/** Queued or running imports whose heartbeat is older than `before`: their gateway stopped. */
export async function staleImports(db: Kysely<DB>, before: Date): Promise<ObdsImportRow[]> {
  return db.selectFrom('obds_import').selectAll().where('status', 'in', ['queued', 'running']).where('heartbeat_at', '<', before).execute();
}

export async function countOutcomes(db: Kysely<DB>, importIds: readonly string[]) {
  if (importIds.length === 0) return [];
  return db
    .selectFrom('obds_message')
    .select(['import_id', 'outcome', (eb) => eb.fn.countAll<string>().as('count')])
    .where('import_id', 'in', [...importIds])
    .groupBy(['import_id', 'outcome'])
    .execute();
}

/** The study patients' Meldung_IDs taken before (the first import of each), for recognising a repeated import. */
export async function findTakenMessages(db: Kysely<DB>, studyPatientIds: readonly string[]) {
  if (studyPatientIds.length === 0) return [];
  return db
    .selectFrom('obds_message as m')
    .innerJoin('obds_import as i', 'i.id', 'm.import_id')
    .select(['m.study_patient_id', 'm.message_id', 'i.imported_at'])
    .where('m.study_patient_id', 'in', [...studyPatientIds])
    .where('m.outcome', 'in', ['proposed', 'notApplicable', 'notMapped'])
    .execute();
}

export async function findImports(db: Kysely<DB>, filter: { studyId?: string; id?: string }): Promise<ObdsImportRow[]> {
  let query = db.selectFrom('obds_import').selectAll().orderBy('imported_at', 'desc').orderBy('id');
  if (filter.studyId) query = query.where('study_id', '=', filter.studyId);
  if (filter.id) query = query.where('id', '=', filter.id);
  return query.execute();
}

export async function findMessages(db: Kysely<DB>, importId: string): Promise<ObdsMessageRow[]> {
  return db.selectFrom('obds_message').selectAll().where('import_id', '=', importId).orderBy('position').execute();
}

export async function findMessage(db: Kysely<DB>, importId: string, id: string): Promise<ObdsMessageRow | undefined> {
  return db.selectFrom('obds_message').selectAll().where('import_id', '=', importId).where('id', '=', id).executeTakeFirst();
}

/** Records the decision once: undefined when the message was decided meanwhile. */
export async function decideMessage(
  db: Kysely<DB>,
  id: string,
  decision: { accepted: ObdsAcceptedField[]; decidedAt: Date; decidedBy: string },
): Promise<ObdsMessageRow | undefined> {
  return db
    .updateTable('obds_message')
    .set({ accepted: JSON.stringify(decision.accepted), decided_at: decision.decidedAt, decided_by: decision.decidedBy })
    .where('id', '=', id)
    .where('decided_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
