/** SQL of the news documents (migration 0092): documents, their versions with the files, and what users have read. */
import type { NewsDocumentKind } from '@ecrf/rules';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, NewsDocumentTable, NewsDocumentVersionTable } from '../__generated__/database.js';

export type NewsDocumentRow = Awaited<ReturnType<typeof findNewsDocuments>>[number];
export type NewsDocumentVersionRow = Awaited<ReturnType<typeof findVersions>>[number];

export type NewsDocumentQuery = {
  id?: string;
  identifier?: string;
  kind?: NewsDocumentKind;
  digiNetOnly?: boolean;
  includeDeleted: boolean;
};

/** Documents by the filter, in list order: `order`, then the newest upload first, then the title. */
export async function findNewsDocuments(db: Kysely<DB>, filter: NewsDocumentQuery) {
  let query = db
    .selectFrom('news_document as d')
    .selectAll('d')
    .select((eb) =>
      eb
        .selectFrom('news_document_version as v')
        .whereRef('v.document_id', '=', 'd.id')
        .select((inner) => inner.fn.max('v.uploaded_at').as('latest'))
        .as('latest_upload'),
    )
    .orderBy('d.sort_order')
    .orderBy(sql`latest_upload`, (ob) => ob.desc().nullsLast())
    .orderBy('d.title');
  if (filter.id !== undefined) query = query.where('d.id', '=', filter.id);
  if (filter.identifier !== undefined) query = query.where('d.identifier', '=', filter.identifier);
  if (filter.kind !== undefined) query = query.where('d.kind', '=', filter.kind);
  if (filter.digiNetOnly) query = query.where('d.diginet_only', '=', true);
  if (!filter.includeDeleted) query = query.where('d.is_deleted', '=', false);
  return query.execute();
}

/** The versions of the documents without their files, newest first. */
export async function findVersions(db: Kysely<DB>, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('news_document_version')
    .select(['document_id', 'doc_version', 'file_name', 'content_type', 'size_bytes', 'sha256', 'uploaded_at', 'uploaded_by'])
    .where('document_id', 'in', [...documentIds])
    .orderBy('document_id')
    .orderBy('doc_version', 'desc')
    .execute();
}

/** The file of a version; `latest` picks the newest one. */
export async function findVersionFile(db: Kysely<DB>, documentId: string, docVersion: number | 'latest') {
  let query = db
    .selectFrom('news_document_version')
    .select(['doc_version', 'file_name', 'content_type', 'size_bytes', 'content'])
    .where('document_id', '=', documentId);
  query = docVersion === 'latest' ? query.orderBy('doc_version', 'desc').limit(1) : query.where('doc_version', '=', docVersion);
  return query.executeTakeFirst();
}

export async function identifierTaken(db: Kysely<DB>, identifier: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('news_document').select('id').where('identifier', '=', identifier);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertNewsDocument(db: Kysely<DB>, row: Insertable<NewsDocumentTable>): Promise<string> {
  return (await db.insertInto('news_document').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertVersion(db: Kysely<DB>, row: Insertable<NewsDocumentVersionTable>): Promise<void> {
  await db.insertInto('news_document_version').values(row).execute();
}

export async function latestDocVersion(db: Kysely<DB>, documentId: string): Promise<number> {
  const row = await db
    .selectFrom('news_document_version')
    .select((eb) => eb.fn.max('doc_version').as('latest'))
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row?.latest ?? 0;
}

/**
 * Changes a document only when it still has the version read, counting the version up; false when stale
 * (two racing writes cannot both win).
 */
export async function updateNewsDocument(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<NewsDocumentTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('news_document')
    .set({ ...set, version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The newest version of each of the documents the user has read. */
export async function findReadVersions(db: Kysely<DB>, userId: string, documentIds: readonly string[]): Promise<Map<string, number>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('news_document_read')
    .select(['document_id', 'doc_version'])
    .where('user_id', '=', userId)
    .where('document_id', 'in', [...documentIds])
    .execute();
  return new Map(rows.map((row) => [row.document_id, row.doc_version]));
}

/** Records that the user has read these versions; a later mark of an older version never lowers what is stored. */
export async function markRead(
  db: Kysely<DB>,
  userId: string,
  read: readonly { documentId: string; docVersion: number }[],
  now: Date,
): Promise<void> {
  if (read.length === 0) return;
  await db
    .insertInto('news_document_read')
    .values(read.map((r) => ({ user_id: userId, document_id: r.documentId, doc_version: r.docVersion, read_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'document_id']).doUpdateSet({
        doc_version: sql`greatest(news_document_read.doc_version, excluded.doc_version)`,
        read_at: now,
      }),
    )
    .execute();
}

/** Whether one of the user's locations belongs to a DigiNet institute (the super right reaches every location). */
export async function atDigiNetLocation(db: Kysely<DB>, locationIds: readonly string[]): Promise<boolean> {
  if (locationIds.length === 0) return false;
  const row = await db
    .selectFrom('study_institute as si')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select('si.id')
    .where('si.id', 'in', [...locationIds])
    .where('si.is_deleted', '=', false)
    .where(sql<boolean>`(i.additional_info ->> 'isDigiNet') = 'true'`)
    .executeTakeFirst();
  return row !== undefined;
}
