/**
 * News documents (ecrf-calls.md §3 "News document", §7 "News documents"; ecrf-core.md §2, §6). One entity serves
 * the three document screens, told apart by its kind: the network's news (`/newsDocuments`), general documents
 * (`/documents`) and legend documents (`/legendDocuments`). A document is a file with versions: every upload
 * adds one, and a new version of a news item makes it unread again for everyone.
 *
 * Who sees what: a document meant for DigiNet centres (`digiNetOnly`) is seen by users at a DigiNet location,
 * by the DigiNet roles (their work is the DigiNet programme, not a location) and by the editors who keep it.
 * The news dialog after sign-in is for users of non-admin type (core §6).
 */
import { hasAdminFlag, isAdminRole } from '../roles/role-groups.js';

export const NEWS_DOCUMENT_KINDS = ['News', 'Document', 'Legend'] as const;
export type NewsDocumentKind = (typeof NEWS_DOCUMENT_KINDS)[number];

/** Largest file of one version: release notes and guides are a few MB; the limit keeps the database lean. */
export const NEWS_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** The file types a document may have, recognised by their content (not the name or the declared type). */
export const NEWS_DOCUMENT_FILE_TYPES = [
  { extension: 'pdf', mime: 'application/pdf' },
  { extension: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { extension: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { extension: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { extension: 'odt', mime: 'application/vnd.oasis.opendocument.text' },
  { extension: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  { extension: 'odp', mime: 'application/vnd.oasis.opendocument.presentation' },
  { extension: 'png', mime: 'image/png' },
  { extension: 'jpg', mime: 'image/jpeg' },
] as const;

/** The `accept` list of a file input offering exactly these types. */
export const NEWS_DOCUMENT_ACCEPT = [...NEWS_DOCUMENT_FILE_TYPES.map((t) => `.${t.extension}`), '.jpeg'].join(',');

/** The accepted type with this MIME type, or null when documents may not have it. */
export function newsDocumentFileType(mime: string | undefined): (typeof NEWS_DOCUMENT_FILE_TYPES)[number] | null {
  return NEWS_DOCUMENT_FILE_TYPES.find((type) => type.mime === mime) ?? null;
}

export const NEWS_DOCUMENT_LIMITS = { identifier: 64, title: 200, description: 2000, tags: 10, tag: 40, order: 9999 } as const;

/** German texts of the refusals (the server answers them; the web shows them at the field). */
export const NEWS_DOCUMENT_MESSAGES = {
  noFile: 'Bitte wählen Sie eine Datei aus.',
  emptyFile: 'Die Datei ist leer.',
  tooLarge: 'Die Datei ist größer als 20 MB und wurde nicht gespeichert.',
  unsupportedType:
    'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx), OpenDocument (.odt, .ods, .odp), PNG und JPEG.',
  identifier:
    'Die Kennung besteht aus 1 bis 64 Buchstaben, Ziffern, Punkten, Binde- oder Unterstrichen und beginnt mit einem Buchstaben oder einer Ziffer.',
  identifierTaken: 'Diese Kennung ist bereits vergeben.',
  title: 'Bitte geben Sie einen Titel mit höchstens 200 Zeichen an.',
  description: 'Die Beschreibung darf höchstens 2000 Zeichen lang sein.',
  order: 'Die Reihenfolge ist eine ganze Zahl von 0 bis 9999.',
  tags: 'Höchstens 10 Schlagwörter mit je höchstens 40 Zeichen.',
  kind: 'Die Art ist News, Document oder Legend.',
  stale: 'Das Dokument wurde inzwischen von einer anderen Person geändert. Bitte laden Sie den aktuellen Stand.',
} as const;

export type NewsDocumentMetadata = {
  identifier: string;
  kind: NewsDocumentKind;
  title: string;
  description: string;
  order: number;
  tags: string[];
  digiNetOnly: boolean;
};

export type NewsDocumentFieldError = { field: keyof NewsDocumentMetadata; message: string };

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Tags as stored: trimmed, without empty ones and without repeats (case-insensitive, the first spelling kept). */
export function normalizeNewsDocumentTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags.map((t) => t.trim()).filter((t) => t !== '')) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

/** The broken rules of the given metadata fields (only those present are checked), by field. */
export function newsDocumentFieldErrors(metadata: Partial<NewsDocumentMetadata>): NewsDocumentFieldError[] {
  const errors: NewsDocumentFieldError[] = [];
  const m = NEWS_DOCUMENT_MESSAGES;
  if (metadata.identifier !== undefined && !IDENTIFIER.test(metadata.identifier))
    errors.push({ field: 'identifier', message: m.identifier });
  if (metadata.kind !== undefined && !NEWS_DOCUMENT_KINDS.includes(metadata.kind)) errors.push({ field: 'kind', message: m.kind });
  if (metadata.title !== undefined && (metadata.title.trim() === '' || metadata.title.length > NEWS_DOCUMENT_LIMITS.title))
    errors.push({ field: 'title', message: m.title });
  if (metadata.description !== undefined && metadata.description.length > NEWS_DOCUMENT_LIMITS.description)
    errors.push({ field: 'description', message: m.description });
  if (
    metadata.order !== undefined &&
    (!Number.isInteger(metadata.order) || metadata.order < 0 || metadata.order > NEWS_DOCUMENT_LIMITS.order)
  )
    errors.push({ field: 'order', message: m.order });
  if (metadata.tags !== undefined) {
    const tags = normalizeNewsDocumentTags(metadata.tags);
    if (tags.length > NEWS_DOCUMENT_LIMITS.tags || tags.some((tag) => tag.length > NEWS_DOCUMENT_LIMITS.tag))
      errors.push({ field: 'tags', message: m.tags });
  }
  return errors;
}

/** The roles whose work is the DigiNet follow-up programme itself (core §6), wherever they are assigned. */
const DIGINET_ROLES: readonly string[] = ['AccountingDigiNet', 'EvaluationDigiNet'];

export type NewsReader = {
  role: string;
  /** One of the reader's locations belongs to a DigiNet institute. */
  atDigiNetLocation: boolean;
  /** The reader keeps the documents (NewsDocumentUpdateCmd). */
  editsNewsDocuments: boolean;
};

/** Whether the reader sees a document: DigiNet-only documents are for DigiNet centres, the DigiNet roles and editors. */
export function newsDocumentVisibleTo(document: { digiNetOnly: boolean }, reader: NewsReader): boolean {
  return !document.digiNetOnly || reader.atDigiNetLocation || reader.editsNewsDocuments || DIGINET_ROLES.includes(reader.role);
}

/** Unread news: the reader has not read the newest version (never read anything of it, or an older version). */
export function isUnreadNews(latestDocVersion: number, readDocVersion: number | null): boolean {
  return readDocVersion === null || readDocVersion < latestDocVersion;
}

/** "The news dialog appears after login for non-admin-type users" (core §6): admin roles and the admin flag are admin type. */
export function showsNewsDialog(role: string): boolean {
  return !isAdminRole(role) && !hasAdminFlag(role);
}
