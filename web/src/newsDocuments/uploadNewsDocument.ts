/**
 * Uploading news documents (ecrf-calls.md §7 "News documents": multipart create and new versions): the form goes to
 * the gateway's upload routes (components/postUpload.ts) with the catalogue's part names; no file travels through
 * GraphQL. The answer names the document, or typed errors at the form's fields.
 */
import type { NewsDocumentKind } from '@ecrf/rules';
import { postUpload, type UploadDeps } from '../components/postUpload';
import { texts } from '../texts';

export const NEWS_UPLOAD_PATH = '/uploads/news-documents';
export const NEWS_VERSION_UPLOAD_PATH = '/uploads/news-documents/versions';

export type NewDocumentFields = {
  identifier: string;
  kind: NewsDocumentKind;
  title: string;
  description: string;
  order: number;
  tags: readonly string[];
  digiNetOnly: boolean;
};

/** A refusal at a form field (`path[0]`: identifier, title, …, file, version), as the graph's UserError. */
export type UploadFieldError = { code: string; message: string; path: string[] };

export type NewsUploadResult =
  { ok: true; newsDocumentId: string; docVersion: number } | { ok: false; message: string; errors: UploadFieldError[] };

async function send(path: string, form: () => FormData, deps: UploadDeps): Promise<NewsUploadResult> {
  try {
    const { status, body } = await postUpload(path, form, deps);
    if (status === 200 || status === 201)
      return { ok: true, newsDocumentId: String(body.newsDocumentId), docVersion: Number(body.docVersion) };
    const errors = Array.isArray(body.errors) ? (body.errors as UploadFieldError[]) : [];
    return { ok: false, message: typeof body.message === 'string' ? body.message : texts.newsDocuments.uploadFailed, errors };
  } catch {
    return { ok: false, message: texts.newsDocuments.uploadFailed, errors: [] };
  }
}

/** A new document with its first version. */
export function uploadNewDocument(fields: NewDocumentFields, file: File, deps: UploadDeps): Promise<NewsUploadResult> {
  return send(
    NEWS_UPLOAD_PATH,
    () => {
      const form = new FormData();
      form.append('Identifier', fields.identifier);
      form.append('Kind', fields.kind);
      form.append('Title', fields.title);
      form.append('Description', fields.description);
      form.append('Order', String(fields.order));
      for (const tag of fields.tags) form.append('Tags', tag);
      form.append('DigiNetOnly', String(fields.digiNetOnly));
      form.append('FileData', file, file.name);
      return form;
    },
    deps,
  );
}

/** A new version of a document (its global id), with the version read. */
export function uploadNewVersion(documentId: string, version: number, file: File, deps: UploadDeps): Promise<NewsUploadResult> {
  return send(
    `${NEWS_VERSION_UPLOAD_PATH}?documentId=${encodeURIComponent(documentId)}`,
    () => {
      const form = new FormData();
      form.append('Version', String(version));
      form.append('FileData', file, file.name);
      return form;
    },
    deps,
  );
}
