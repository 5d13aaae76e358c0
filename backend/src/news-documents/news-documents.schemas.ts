/**
 * TypeBox schemas of the news document calls (ecrf-calls.md §3 "News document": documentId, identifier, versions,
 * content; creation fields Identifier, Title, Description, Order, Tags, FileData; §7 "News documents").
 */
import { NEWS_DOCUMENT_KINDS, NEWS_DOCUMENT_LIMITS, NEWS_DOCUMENT_MAX_BYTES, type NewsDocumentKind } from '@ecrf/rules';
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

/** The kinds of the rules' list (an enum in OpenAPI). */
const kindOf = (description: string) => Type.Unsafe<NewsDocumentKind>({ type: 'string', enum: [...NEWS_DOCUMENT_KINDS], description });

export const KindSchema = kindOf(
  'News: the network’s news (/newsDocuments); Document: general documents (/documents); Legend: legend documents (/legendDocuments)',
);

export const NewsDocumentVersionSchema = Type.Object({
  docVersion: Type.Integer({ minimum: 1, description: 'number of the upload, from 1' }),
  fileName: Type.String(),
  contentType: Type.String({ description: 'the type recognised from the file’s content' }),
  sizeBytes: Type.Integer({ minimum: 1 }),
  sha256: Type.String({ description: 'hex digest of the file' }),
  uploadedAt: Type.String({ format: 'date-time' }),
  uploadedBy: Type.String({ description: 'user name' }),
});
export type NewsDocumentVersionDto = Static<typeof NewsDocumentVersionSchema>;

export const NewsDocumentSchema = Type.Object(
  {
    documentId: Uuid,
    identifier: Type.String(),
    kind: KindSchema,
    title: Type.String(),
    description: Type.String(),
    order: Type.Integer({ description: 'position in its list, ascending' }),
    tags: Type.Array(Type.String()),
    digiNetOnly: Type.Boolean({ description: 'meant for DigiNet centres only' }),
    isDeleted: Type.Boolean(),
    version: Type.Integer({ minimum: 1, description: 'send it back with the next change; a stale one answers 409' }),
    createdAt: Type.String({ format: 'date-time' }),
    createdBy: Type.String(),
    changedAt: Type.String({ format: 'date-time' }),
    changedBy: Type.String(),
    content: NewsDocumentVersionSchema,
    versions: Type.Array(NewsDocumentVersionSchema, { description: 'every upload, newest first' }),
    isUnread: Type.Boolean({ description: 'the caller has not marked its newest version read (PUT userHasNews); false when deleted' }),
  },
  { description: 'content is the newest version' },
);
export type NewsDocumentDto = Static<typeof NewsDocumentSchema>;

/** FilterNewsDocuments, FilterByDigiNet and IncludeDeleted as the catalogue names them (ecrf-calls.md §7). */
export const NewsFilterQuery = Type.Object({
  FilterNewsDocuments: Type.Optional(kindOf('only documents of this kind; left out: every kind (userHasNews: News)')),
  FilterByDigiNet: Type.Optional(Type.Boolean({ default: false, description: 'only the documents meant for DigiNet centres' })),
});
export type NewsFilter = Static<typeof NewsFilterQuery>;

export const NewsListQuery = Type.Object({
  ...NewsFilterQuery.properties,
  IncludeDeleted: Type.Optional(Type.Boolean({ default: false, description: 'also deleted ones (callers with NewsDocumentDeleteCmd)' })),
});

export const DocumentIdParams = Type.Object({ documentId: Uuid });
export const VersionQuery = Type.Object({ version: Type.Integer({ minimum: 1, description: 'the version read' }) });
export const DocumentIdQuery = Type.Object({ documentId: Uuid });
export const ContentParams = Type.Object({ documentId: Uuid, docVersion: Type.Integer({ minimum: 1 }) });
export const DownloadQuery = Type.Object({
  download: Type.Optional(Type.Boolean({ default: false, description: 'true: as an attachment; otherwise shown inline' })),
});

const Tags = Type.Array(Type.String({ maxLength: NEWS_DOCUMENT_LIMITS.tag }), { maxItems: NEWS_DOCUMENT_LIMITS.tags });

/** PUT NewsDocument/{documentId} (JSON): the metadata as a whole, with the version read. */
export const NewsDocumentUpdateSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  identifier: Type.String(),
  kind: KindSchema,
  title: Type.String(),
  description: Type.String(),
  order: Type.Integer(),
  tags: Tags,
  digiNetOnly: Type.Boolean(),
});
export type NewsDocumentUpdate = Static<typeof NewsDocumentUpdateSchema>;

const file = Type.Unsafe<string>({
  type: 'string',
  format: 'binary',
  description: `the file: PDF, DOCX, XLSX, PPTX, ODT, ODS, ODP, PNG or JPEG, recognised by its content; at most ${NEWS_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`,
});

/** The multipart form of POST NewsDocument, documented in OpenAPI; the route reads it part by part. */
export const NewsDocumentCreateForm = Type.Object({
  Identifier: Type.String(),
  Title: Type.String(),
  Description: Type.Optional(Type.String()),
  Order: Type.Optional(Type.Integer({ default: 0 })),
  Tags: Type.Optional(Type.Array(Type.String(), { description: 'one part per tag' })),
  Kind: Type.Optional(Type.String({ description: 'News, Document (default) or Legend' })),
  DigiNetOnly: Type.Optional(Type.Boolean({ default: false })),
  FileData: file,
});

/** The multipart form of PUT NewsDocument?documentId: a new version, with any metadata fields to change. */
export const NewsDocumentVersionForm = Type.Object({
  Version: Type.Integer({ minimum: 1, description: 'the version read' }),
  Identifier: Type.Optional(Type.String()),
  Title: Type.Optional(Type.String()),
  Description: Type.Optional(Type.String()),
  Order: Type.Optional(Type.Integer()),
  Tags: Type.Optional(Type.Array(Type.String(), { description: 'one part per tag; given: replaces the tags' })),
  Kind: Type.Optional(Type.String()),
  DigiNetOnly: Type.Optional(Type.Boolean()),
  FileData: file,
});

export const UserHasNewsSchema = Type.Object({
  hasNews: Type.Boolean({ description: 'the caller has unread news' }),
  unreadCount: Type.Integer({ minimum: 0 }),
});
export type UserHasNewsDto = Static<typeof UserHasNewsSchema>;
