/**
 * Writing news documents (ecrf-calls.md §7 "News documents"): create with the first version, a new version with
 * any metadata changes, the metadata alone, delete (soft, restorable) and restore, and marking news read. Every
 * change runs in one transaction with its audit row (old and new values) and is refused with 409 when the
 * version read is no longer the stored one.
 */
import { NEWS_DOCUMENT_MESSAGES, newsDocumentFieldErrors, normalizeNewsDocumentTags, type NewsDocumentMetadata } from '@ecrf/rules';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, actorOf } from '../audit/audit.service.js';
import type { JsonObject } from '../db/json-columns.js';
import { EcrfError, invalidFields } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import type { CheckedFile, NewsDocumentForm } from './news-document-form.js';
import type { NewsDocumentDto, NewsDocumentUpdate, NewsFilter, UserHasNewsDto } from './news-documents.schemas.js';
import {
  identifierTaken,
  insertNewsDocument,
  insertVersion,
  latestDocVersion,
  markRead,
  updateNewsDocument,
} from './news-documents.sql.js';
import { getNewsDocument, storedNewsDocument, unreadNews } from './news-reading.service.js';
import { NEWS_WRITE_MESSAGES } from '../errors/messages.js';

/** What the audit trail keeps of a document: its metadata and its newest file (never the file itself). */
function snapshot(document: Pick<NewsDocumentDto, keyof NewsDocumentMetadata | 'isDeleted' | 'version'>): JsonObject {
  const { identifier, kind, title, description, order, tags, digiNetOnly, isDeleted, version } = document;
  return { identifier, kind, title, description, order, tags, digiNetOnly, isDeleted, version };
}
const fileSnapshot = (docVersion: number, file: CheckedFile & { sha256: string }): JsonObject => ({
  docVersion,
  fileName: file.fileName,
  contentType: file.contentType,
  sizeBytes: file.content.length,
  sha256: file.sha256,
});

const withSha = (file: CheckedFile) => ({ ...file, sha256: createHash('sha256').update(file.content).digest('hex') });

async function assertIdentifierFree(db: Kysely<DB>, identifier: string, exceptId?: string): Promise<void> {
  if (await identifierTaken(db, identifier, exceptId)) throw new EcrfError('ECRF_ERR_CONFLICT', NEWS_DOCUMENT_MESSAGES.identifierTaken);
}

const stale = (current: NewsDocumentDto): EcrfError => new EcrfError('ECRF_ERR_STALE_WRITE', NEWS_DOCUMENT_MESSAGES.stale, { current });

/** Someone changed the document between reading and writing; the transaction is rolled back. */
class LostRace extends Error {}

/**
 * Runs a change in one transaction. A lost race on the version answers the document as stored now (read after
 * the rollback: embedded PGlite has one connection), a lost race on the unique identifier like the check before it.
 */
async function changing<T>(db: Kysely<DB>, caller: CurrentUser, id: string | null, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof LostRace && id !== null) throw stale(await storedNewsDocument(db, caller, id));
    if ((error as { code?: string }).code === '23505') throw new EcrfError('ECRF_ERR_CONFLICT', NEWS_DOCUMENT_MESSAGES.identifierTaken);
    throw error;
  }
}

/** The document to change: visible to the caller, not deleted (unless restoring), with the version read. */
async function loadForChange(db: Kysely<DB>, caller: CurrentUser, id: string, version: number, expectDeleted = false) {
  const current = await getNewsDocument(db, caller, { id });
  if (current.version !== version) throw stale(current);
  if (current.isDeleted !== expectDeleted)
    throw new EcrfError('ECRF_ERR_CONFLICT', expectDeleted ? NEWS_WRITE_MESSAGES.notDeleted : NEWS_WRITE_MESSAGES.deleted);
  return current;
}

export async function createNewsDocument(db: Kysely<DB>, caller: CurrentUser, now: Date, form: NewsDocumentForm): Promise<NewsDocumentDto> {
  const m = form.metadata;
  const metadata: NewsDocumentMetadata = {
    identifier: m.identifier ?? '',
    kind: m.kind ?? 'Document',
    title: m.title ?? '',
    description: m.description ?? '',
    order: m.order ?? 0,
    tags: m.tags ?? [],
    digiNetOnly: m.digiNetOnly ?? false,
  };
  await assertIdentifierFree(db, metadata.identifier);
  const file = withSha(form.file);
  const id = await changing(db, caller, null, async (trx) => {
    const documentId = await insertNewsDocument(trx, {
      identifier: metadata.identifier,
      kind: metadata.kind,
      title: metadata.title,
      description: metadata.description,
      sort_order: metadata.order,
      tags: JSON.stringify(metadata.tags),
      diginet_only: metadata.digiNetOnly,
      created_at: now,
      created_by: caller.userName,
      changed_at: now,
      changed_by: caller.userName,
    });
    await insertVersion(trx, {
      document_id: documentId,
      doc_version: 1,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.content.length,
      sha256: file.sha256,
      content: file.content,
      uploaded_at: now,
      uploaded_by_id: caller.id,
      uploaded_by: caller.userName,
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'news_document',
      recordId: documentId,
      operation: 'Create',
      newValue: { ...snapshot({ ...metadata, isDeleted: false, version: 1 }), content: fileSnapshot(1, file) },
    });
    return documentId;
  });
  return storedNewsDocument(db, caller, id);
}

/** A new version of the file, and the metadata fields sent with it (each upload is a new version; nothing is replaced). */
export async function uploadNewsDocumentVersion(
  db: Kysely<DB>,
  caller: CurrentUser,
  now: Date,
  id: string,
  form: NewsDocumentForm,
): Promise<NewsDocumentDto> {
  if (form.version === null) throw invalidFields([{ field: 'Version', message: NEWS_WRITE_MESSAGES.versionMissing }]);
  const current = await loadForChange(db, caller, id, form.version);
  const changed = { ...current, ...form.metadata, version: current.version + 1 };
  if (form.metadata.identifier !== undefined) await assertIdentifierFree(db, form.metadata.identifier, id);
  const file = withSha(form.file);
  await changing(db, caller, id, async (trx) => {
    const updated = await updateNewsDocument(trx, id, current.version, {
      identifier: changed.identifier,
      kind: changed.kind,
      title: changed.title,
      description: changed.description,
      sort_order: changed.order,
      tags: JSON.stringify(changed.tags),
      diginet_only: changed.digiNetOnly,
      changed_at: now,
      changed_by: caller.userName,
    });
    if (!updated) throw new LostRace();
    const docVersion = (await latestDocVersion(trx, id)) + 1;
    await insertVersion(trx, {
      document_id: id,
      doc_version: docVersion,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.content.length,
      sha256: file.sha256,
      content: file.content,
      uploaded_at: now,
      uploaded_by_id: caller.id,
      uploaded_by: caller.userName,
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'news_document',
      recordId: id,
      operation: 'Update',
      oldValue: { ...snapshot(current), content: { ...current.content } },
      newValue: { ...snapshot(changed), content: fileSnapshot(docVersion, file) },
    });
  });
  return storedNewsDocument(db, caller, id);
}

/** PUT NewsDocument/{documentId} (JSON): the metadata as a whole; the files stay as they are. */
export async function updateNewsDocumentMetadata(
  db: Kysely<DB>,
  caller: CurrentUser,
  now: Date,
  id: string,
  body: NewsDocumentUpdate,
): Promise<NewsDocumentDto> {
  const { version, ...rest } = body;
  const metadata: NewsDocumentMetadata = { ...rest, identifier: rest.identifier.trim(), tags: normalizeNewsDocumentTags(rest.tags) };
  const errors = newsDocumentFieldErrors(metadata);
  if (errors.length > 0) throw invalidFields(errors);
  const current = await loadForChange(db, caller, id, version);
  await assertIdentifierFree(db, metadata.identifier, id);
  await changing(db, caller, id, async (trx) => {
    const updated = await updateNewsDocument(trx, id, current.version, {
      identifier: metadata.identifier,
      kind: metadata.kind,
      title: metadata.title,
      description: metadata.description,
      sort_order: metadata.order,
      tags: JSON.stringify(metadata.tags),
      diginet_only: metadata.digiNetOnly,
      changed_at: now,
      changed_by: caller.userName,
    });
    if (!updated) throw new LostRace();
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'news_document',
      recordId: id,
      operation: 'Update',
      oldValue: snapshot(current),
      newValue: snapshot({ ...metadata, isDeleted: false, version: current.version + 1 }),
    });
  });
  return storedNewsDocument(db, caller, id);
}

/** Deletes softly (the document and its versions stay, listed with IncludeDeleted) or restores it. */
export async function setNewsDocumentDeleted(
  db: Kysely<DB>,
  caller: CurrentUser,
  now: Date,
  id: string,
  version: number,
  deleted: boolean,
): Promise<NewsDocumentDto> {
  const current = await loadForChange(db, caller, id, version, !deleted);
  await changing(db, caller, id, async (trx) => {
    const updated = await updateNewsDocument(trx, id, version, { is_deleted: deleted, changed_at: now, changed_by: caller.userName });
    if (!updated) throw new LostRace();
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'news_document',
      recordId: id,
      operation: deleted ? 'Delete' : 'Update',
      oldValue: snapshot(current),
      newValue: snapshot({ ...current, isDeleted: deleted, version: version + 1 }),
    });
  });
  return storedNewsDocument(db, caller, id);
}

/** Marks the newest version of every unread news item of the filter read; audited when something was unread. */
export async function markNewsRead(db: Kysely<DB>, caller: CurrentUser, now: Date, filter: NewsFilter): Promise<UserHasNewsDto> {
  const unread = await unreadNews(db, caller, filter);
  if (unread.length > 0) {
    const read = unread.map((document) => ({ documentId: document.documentId, docVersion: document.content.docVersion }));
    await db.transaction().execute(async (trx) => {
      await markRead(trx, caller.id, read, now);
      await audit(trx, {
        actor: actorOf(caller),
        tableName: 'news_document_read',
        recordId: caller.id,
        operation: 'Update',
        event: 'NewsRead',
        newValue: { read: read.map((r) => `${r.documentId}@${r.docVersion}`) },
      });
    });
  }
  return { hasNews: false, unreadCount: 0 };
}
