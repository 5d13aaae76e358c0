/**
 * Uploading news documents beside the graph (files travel as multipart, never through GraphQL), streamed to the
 * backend by files/upload-forwarding.ts:
 * - POST /uploads/news-documents: a new document (the catalogue's POST NewsDocument);
 * - POST /uploads/news-documents/versions?documentId=<NewsDocument id>: a new version (PUT NewsDocument?documentId).
 * The form's parts are the catalogue's: Identifier, Title, Description, Order, Tags (one part each), Kind
 * (News, Document, Legend), DigiNetOnly, Version (new versions: the version read) and the file FileData.
 * The answer is shaped like a mutation payload: the document's global id, or typed errors with a path.
 */
import { NEWS_DOCUMENT_MESSAGES } from '@ecrf/rules';
import type { Express, Response } from 'express';
import type { Pool } from 'undici';
import { forwardRefusal, refuseUpload, registerUploadRoute, streamUpload, type UploadAnswer } from '../files/upload-forwarding.js';
import { toGlobalId } from '../graph/global-id.js';
import type { NewsDocument } from './models.js';
import { uploadDocumentId } from './news-documents.resolvers.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

export const NEWS_UPLOAD_ROUTE = '/uploads/news-documents';
export const NEWS_VERSION_UPLOAD_ROUTE = '/uploads/news-documents/versions';

/** An upload's user error, as `UserError` of the graph: the code, the German message and the form field. */
export type UploadError = { code: string; message: string; path: string[] };

/** The answer of an accepted upload. */
export type NewsUploadResult = { newsDocumentId: string; docVersion: number; errors: UploadError[] };

const PATHS: Record<string, string> = { FileData: 'file', Version: 'version', DigiNetOnly: 'digiNetOnly' };
const pathOf = (field: string): string[] => [PATHS[field] ?? field.charAt(0).toLowerCase() + field.slice(1)];

/** The backend's refusal as typed errors at the form's fields; empty when the user cannot fix it by the form. */
export function uploadErrors({ status, body }: UploadAnswer): UploadError[] {
  const message = typeof body.message === 'string' ? body.message : '';
  if (Array.isArray(body.fieldErrors))
    return (body.fieldErrors as { field: string; message: string }[]).map((e) => ({
      code: 'INVALID_VALUE',
      message: e.message,
      path: pathOf(e.field),
    }));
  if (status === 413) return [{ code: 'FILE_TOO_LARGE', message, path: ['file'] }];
  if (status === 415) return [{ code: 'UNSUPPORTED_FILE_TYPE', message, path: ['file'] }];
  if (status === 409 && message === NEWS_DOCUMENT_MESSAGES.identifierTaken)
    return [{ code: 'ALREADY_EXISTS', message, path: ['identifier'] }];
  if (status === 409) return [{ code: 'STALE_WRITE', message, path: ['version'] }];
  return [];
}

function answer(response: Response, upstream: UploadAnswer, successStatus: number): void {
  if (upstream.status !== successStatus) {
    const errors = uploadErrors(upstream);
    if (errors.length === 0) return forwardRefusal(response, upstream);
    return void response.status(upstream.status).json({ message: errors[0]?.message, code: upstream.body.code, errors });
  }
  const document = upstream.body as NewsDocument;
  const result: NewsUploadResult = {
    newsDocumentId: toGlobalId('NewsDocument', document.documentId),
    docVersion: document.content.docVersion,
    errors: [],
  };
  response.status(successStatus).json(result);
}

export function registerNewsDocumentUploadRoutes(app: Express, pool: Pool): void {
  registerUploadRoute(app, NEWS_UPLOAD_ROUTE, async (request, response, token) => {
    answer(response, await streamUpload(request, pool, token, { method: 'POST', path: '/api/v1.0/NewsDocument' }), 201);
  });
  registerUploadRoute(app, NEWS_VERSION_UPLOAD_ROUTE, async (request, response, token) => {
    const documentId = uploadDocumentId(request.query.documentId);
    if (!documentId) return refuseUpload(response, 400, GATEWAY_MESSAGES.uploadDocumentInvalid);
    const path = `/api/v1.0/NewsDocument?documentId=${encodeURIComponent(documentId)}`;
    answer(response, await streamUpload(request, pool, token, { method: 'PUT', path }), 200);
  });
}
