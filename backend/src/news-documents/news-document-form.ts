/**
 * The multipart form of POST and PUT NewsDocument (ecrf-calls.md §7: metadata plus file): read part by part, the
 * file buffered up to the size limit, its type recognised from its content with file-type (a renamed program is
 * refused whatever its name or declared type), the metadata fields parsed and checked with @ecrf/rules.
 */
import {
  NEWS_DOCUMENT_KINDS,
  NEWS_DOCUMENT_MAX_BYTES,
  NEWS_DOCUMENT_MESSAGES,
  newsDocumentFieldErrors,
  newsDocumentFileType,
  normalizeNewsDocumentTags,
  type NewsDocumentKind,
  type NewsDocumentMetadata,
} from '@ecrf/rules';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { EcrfError, invalidFields, type FieldError } from '../errors/errors.js';
import { withinUploadLimit } from '../http/upload-limit.js';

/** The form's part names (the catalogue's creation fields, plus Kind, DigiNetOnly and Version). */
const PART_OF: Record<keyof NewsDocumentMetadata, string> = {
  identifier: 'Identifier',
  kind: 'Kind',
  title: 'Title',
  description: 'Description',
  order: 'Order',
  tags: 'Tags',
  digiNetOnly: 'DigiNetOnly',
};
const FILE_PART = 'FileData';
const KNOWN_PARTS = new Set([...Object.values(PART_OF), 'Version']);

export const multipartLimits = { fileSize: NEWS_DOCUMENT_MAX_BYTES, files: 1, fields: 40, fieldSize: 64 * 1024 };

export type CheckedFile = { fileName: string; contentType: string; content: Buffer };
export type NewsDocumentForm = { metadata: Partial<NewsDocumentMetadata>; version: number | null; file: CheckedFile };

const refused = (message: string, field = FILE_PART): EcrfError => invalidFields([{ field, message }]);

/** A file name without path parts or control characters, ending in the extension of its recognised type. */
export function storedFileName(uploaded: string, extension: string): string {
  const base = (uploaded.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 200);
  return `${base === '' ? 'dokument' : base}.${extension}`;
}

/** The uploaded file as stored: a supported type by its content, within the limit, never empty. */
export async function checkFile(fileName: string, content: Buffer): Promise<CheckedFile> {
  if (content.length === 0) throw refused(NEWS_DOCUMENT_MESSAGES.emptyFile);
  if (content.length > NEWS_DOCUMENT_MAX_BYTES) throw new EcrfError('ECRF_ERR_FILE_TOO_LARGE', NEWS_DOCUMENT_MESSAGES.tooLarge);
  const type = newsDocumentFileType((await fileTypeFromBuffer(content))?.mime);
  if (!type) throw new EcrfError('ECRF_ERR_UNSUPPORTED_FILE_TYPE', NEWS_DOCUMENT_MESSAGES.unsupportedType);
  return { fileName: storedFileName(fileName, type.extension), contentType: type.mime, content };
}

function parseMetadata(fields: Map<string, string[]>): { metadata: Partial<NewsDocumentMetadata>; errors: FieldError[] } {
  const one = (name: string) => fields.get(name)?.at(-1);
  const metadata: Partial<NewsDocumentMetadata> = {};
  const errors: FieldError[] = [];
  const text = (key: 'identifier' | 'title' | 'description') => {
    const value = one(PART_OF[key]);
    if (value !== undefined) metadata[key] = key === 'identifier' ? value.trim() : value;
  };
  text('identifier');
  text('title');
  text('description');
  const order = one(PART_OF.order);
  if (order !== undefined) {
    if (/^\s*\d+\s*$/.test(order)) metadata.order = Number(order);
    else errors.push({ field: PART_OF.order, message: NEWS_DOCUMENT_MESSAGES.order });
  }
  const kind = one(PART_OF.kind);
  if (kind !== undefined) {
    if ((NEWS_DOCUMENT_KINDS as readonly string[]).includes(kind)) metadata.kind = kind as NewsDocumentKind;
    else errors.push({ field: PART_OF.kind, message: NEWS_DOCUMENT_MESSAGES.kind });
  }
  const digiNetOnly = one(PART_OF.digiNetOnly);
  if (digiNetOnly !== undefined) metadata.digiNetOnly = digiNetOnly === 'true';
  const tags = fields.get(PART_OF.tags);
  if (tags !== undefined) metadata.tags = normalizeNewsDocumentTags(tags);
  for (const error of newsDocumentFieldErrors(metadata)) errors.push({ field: PART_OF[error.field], message: error.message });
  return { metadata, errors };
}

/** Reads and checks the whole form; every broken field is answered at once (400 with field errors). */
export async function readNewsDocumentForm(
  request: FastifyRequest,
  required: readonly (keyof NewsDocumentMetadata)[],
): Promise<NewsDocumentForm> {
  if (!request.isMultipart()) throw refused(NEWS_DOCUMENT_MESSAGES.noFile);
  const { fields, upload } = await withinUploadLimit(request, NEWS_DOCUMENT_MESSAGES.tooLarge, async () => {
    const parts = { fields: new Map<string, string[]>(), upload: null as { fileName: string; content: Buffer } | null };
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_PART)
          throw refused(`Unbekanntes Dateifeld ${part.fieldname}; die Datei gehört in ${FILE_PART}.`, part.fieldname);
        parts.upload = { fileName: part.filename, content: await part.toBuffer() };
      } else if (KNOWN_PARTS.has(part.fieldname)) {
        parts.fields.set(part.fieldname, [...(parts.fields.get(part.fieldname) ?? []), String(part.value)]);
      }
    }
    return parts;
  });
  const { metadata, errors } = parseMetadata(fields);
  for (const key of required)
    if (metadata[key] === undefined && !errors.some((e) => e.field === PART_OF[key]))
      errors.push({ field: PART_OF[key], message: key === 'title' ? NEWS_DOCUMENT_MESSAGES.title : NEWS_DOCUMENT_MESSAGES.identifier });
  const versionText = fields.get('Version')?.at(-1);
  const version = versionText !== undefined && /^\d+$/.test(versionText) ? Number(versionText) : null;
  if (!upload) errors.push({ field: FILE_PART, message: NEWS_DOCUMENT_MESSAGES.noFile });
  if (errors.length > 0 || !upload) throw invalidFields(errors);
  return { metadata, version, file: await checkFile(upload.fileName, upload.content) };
}
