/**
 * POST /uploads/onkozert?locationId=<StudyInstitute id>: the browser's OncoBox upload (multipart/form-data, one
 * file part). The body is streamed to the backend's import call as it arrives (undici request body = the
 * incoming request), so the gateway never holds the file and no file travels base64-encoded in GraphQL. The answer
 * is the import's report in the graph's terms, or the backend's German refusal with its status.
 */
import type { Express, Request, Response } from 'express';
import type { Pool } from 'undici';
import { tokenFromAuthorization } from '../context.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import type { OnkozertImport } from './models.js';

export const UPLOAD_ROUTE = '/uploads/onkozert';

export const UPLOAD_MESSAGES = {
  unauthenticated: 'Bitte melden Sie sich an.',
  location: 'Bitte wählen Sie einen gültigen Standort.',
  multipart: 'Bitte senden Sie die Datei als multipart/form-data.',
  failed: 'Die Datei konnte nicht übertragen werden. Bitte versuchen Sie es später erneut.',
} as const;

/** The report the browser shows after an upload. */
export type UploadReport = {
  importId: string;
  fileName: string;
  acceptedRowCount: number;
  rejectedRowCount: number;
  rejectedRows: OnkozertImport['rejected'];
};

const refuse = (response: Response, status: number, message: string, code?: string) => response.status(status).json({ message, code });

async function forward(request: Request, response: Response, pool: Pool): Promise<void> {
  const token = tokenFromAuthorization(request.headers.authorization);
  if (!token) return void refuse(response, 401, UPLOAD_MESSAGES.unauthenticated);
  const location = fromGlobalId(String(request.query.locationId ?? ''));
  if (location?.type !== 'StudyInstitute') return void refuse(response, 400, UPLOAD_MESSAGES.location);
  const contentType = request.headers['content-type'];
  if (!contentType?.startsWith('multipart/form-data')) return void refuse(response, 415, UPLOAD_MESSAGES.multipart);

  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': contentType, accept: 'application/json' };
  const length = request.headers['content-length'];
  if (length) headers['content-length'] = length;
  const upstream = await pool.request({
    method: 'POST',
    path: `/api/v1.0/Onkozert/import?studyInstituteId=${encodeURIComponent(location.id)}`,
    headers,
    body: request,
  });
  const body = (await upstream.body.json().catch(() => ({}))) as Record<string, unknown>;
  if (upstream.statusCode !== 201) {
    const message = typeof body.message === 'string' ? body.message : UPLOAD_MESSAGES.failed;
    return void refuse(
      response,
      upstream.statusCode >= 500 ? 502 : upstream.statusCode,
      message,
      typeof body.code === 'string' ? body.code : undefined,
    );
  }
  const created = body as OnkozertImport;
  const report: UploadReport = {
    importId: toGlobalId('OnkozertImport', created.id),
    fileName: created.fileName,
    acceptedRowCount: created.accepted,
    rejectedRowCount: created.rejectedRows,
    rejectedRows: created.rejected,
  };
  response.status(201).json(report);
}

export function registerOnkozertUploadRoute(app: Express, pool: Pool): void {
  app.post(UPLOAD_ROUTE, (request, response) => {
    forward(request, response, pool).catch(() => {
      if (!response.headersSent) refuse(response, 502, UPLOAD_MESSAGES.failed);
    });
  });
}
