/**
 * Reading news documents (ecrf-calls.md §7 "News documents"): the list with its filters, one document by id or
 * identifier, a version's file, and the caller's unread news. What a caller may see is decided by the rules'
 * newsDocumentVisibleTo (DigiNet-only documents); deleted documents only by those who may delete and restore them.
 * A document the caller may not see answers 404, as if it did not exist.
 */
import { hasRight, isUnreadNews, newsDocumentVisibleTo, type NewsDocumentKind, type NewsReader } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import type { NewsDocumentDto, NewsDocumentVersionDto, NewsFilter, UserHasNewsDto } from './news-documents.schemas.js';
import {
  atDigiNetLocation,
  findNewsDocuments,
  findReadVersions,
  findVersionFile,
  findVersions,
  type NewsDocumentQuery,
  type NewsDocumentRow,
  type NewsDocumentVersionRow,
} from './news-documents.sql.js';

export type Reader = NewsReader & { id: string; seesDeleted: boolean };

export async function readerOf(db: Kysely<DB>, caller: CurrentUser): Promise<Reader> {
  return {
    id: caller.id,
    role: caller.roleIdentifier,
    atDigiNetLocation: await atDigiNetLocation(db, await callerLocationIds(db, caller)),
    editsNewsDocuments: hasRight(caller.rights, 'NewsDocumentUpdateCmd'),
    seesDeleted: hasRight(caller.rights, 'NewsDocumentDeleteCmd'),
  };
}

const versionDto = (row: NewsDocumentVersionRow): NewsDocumentVersionDto => ({
  docVersion: row.doc_version,
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  sha256: row.sha256,
  uploadedAt: row.uploaded_at.toISOString(),
  uploadedBy: row.uploaded_by,
});

/** Documents with their versions, as the caller sees them (null: left out, no version stored). */
async function toDtos(db: Kysely<DB>, reader: Reader, rows: NewsDocumentRow[]): Promise<NewsDocumentDto[]> {
  const ids = rows.map((row) => row.id);
  const [versions, read] = await Promise.all([findVersions(db, ids), findReadVersions(db, reader.id, ids)]);
  const byDocument = new Map<string, NewsDocumentVersionRow[]>();
  for (const version of versions) byDocument.set(version.document_id, [...(byDocument.get(version.document_id) ?? []), version]);
  return rows.flatMap((row) => {
    const own = byDocument.get(row.id) ?? [];
    const latest = own[0];
    if (!latest) return [];
    return [
      {
        documentId: row.id,
        identifier: row.identifier,
        kind: row.kind,
        title: row.title,
        description: row.description,
        order: row.sort_order,
        tags: row.tags,
        digiNetOnly: row.diginet_only,
        isDeleted: row.is_deleted,
        version: row.version,
        createdAt: row.created_at.toISOString(),
        createdBy: row.created_by,
        changedAt: row.changed_at.toISOString(),
        changedBy: row.changed_by,
        content: versionDto(latest),
        versions: own.map(versionDto),
        isUnread: !row.is_deleted && isUnreadNews(latest.doc_version, read.get(row.id) ?? null),
      },
    ];
  });
}

async function visibleRows(db: Kysely<DB>, reader: Reader, query: NewsDocumentQuery): Promise<NewsDocumentRow[]> {
  const rows = await findNewsDocuments(db, { ...query, includeDeleted: query.includeDeleted && reader.seesDeleted });
  return rows.filter((row) => newsDocumentVisibleTo({ digiNetOnly: row.diginet_only }, reader));
}

export type ListFilter = NewsFilter & { IncludeDeleted?: boolean };

export async function listNewsDocuments(db: Kysely<DB>, caller: CurrentUser, filter: ListFilter): Promise<NewsDocumentDto[]> {
  const reader = await readerOf(db, caller);
  const rows = await visibleRows(db, reader, {
    kind: filter.FilterNewsDocuments,
    digiNetOnly: filter.FilterByDigiNet ?? false,
    includeDeleted: filter.IncludeDeleted ?? false,
  });
  return toDtos(db, reader, rows);
}

/** One document the caller may see (deleted ones for those who may restore them), else 404. */
export async function getNewsDocument(
  db: Kysely<DB>,
  caller: CurrentUser,
  key: { id: string } | { identifier: string },
): Promise<NewsDocumentDto> {
  const reader = await readerOf(db, caller);
  const [document] = await toDtos(db, reader, await visibleRows(db, reader, { ...key, includeDeleted: true }));
  if (!document) throw notFound('news document');
  return document;
}

/** The file of a version of a document the caller may see; `latest` is the newest version. */
export async function newsDocumentFile(db: Kysely<DB>, caller: CurrentUser, documentId: string, docVersion: number | 'latest') {
  await getNewsDocument(db, caller, { id: documentId });
  const file = await findVersionFile(db, documentId, docVersion);
  if (!file) throw notFound('news document version');
  return { fileName: file.file_name, contentType: file.content_type, content: Buffer.from(file.content) };
}

/** The news (by default: kind News) the caller may see and has not read in its newest version. */
export async function unreadNews(db: Kysely<DB>, caller: CurrentUser, filter: NewsFilter): Promise<NewsDocumentDto[]> {
  const reader = await readerOf(db, caller);
  const kind: NewsDocumentKind = filter.FilterNewsDocuments ?? 'News';
  const rows = await visibleRows(db, reader, { kind, digiNetOnly: filter.FilterByDigiNet ?? false, includeDeleted: false });
  return (await toDtos(db, reader, rows)).filter((document) => document.isUnread);
}

export async function userHasNews(db: Kysely<DB>, caller: CurrentUser, filter: NewsFilter): Promise<UserHasNewsDto> {
  const unread = await unreadNews(db, caller, filter);
  return { hasNews: unread.length > 0, unreadCount: unread.length };
}

/** A document as stored, for the answer of a write: its writer sees what they saved, whatever its audience. */
export async function storedNewsDocument(db: Kysely<DB>, caller: CurrentUser, id: string): Promise<NewsDocumentDto> {
  const reader = await readerOf(db, caller);
  const [document] = await toDtos(db, reader, await findNewsDocuments(db, { id, includeDeleted: true }));
  if (!document) throw notFound('news document');
  return document;
}
