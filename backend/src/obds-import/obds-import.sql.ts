/** SQL of the oBDS imports (migration 0120): the uploads and their messages. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ObdsImportTable, ObdsMessageTable } from '../__generated__/database.js';
import type { ObdsAcceptedField } from '../db/json-columns.js';

export type ObdsImportRow = Selectable<ObdsImportTable>;
export type ObdsMessageRow = Selectable<ObdsMessageTable>;

export async function insertImport(
  db: Kysely<DB>,
  row: Insertable<ObdsImportTable>,
  messages: Omit<Insertable<ObdsMessageTable>, 'import_id'>[],
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('obds_import').values(row).returning('id').executeTakeFirstOrThrow();
    if (messages.length > 0)
      await trx
        .insertInto('obds_message')
        .values(messages.map((m) => ({ ...m, import_id: id })))
        .execute();
    return id;
  });
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
