/**
 * Uploads beside the graph (the OncoBox import, news documents): the browser posts multipart/form-data with its
 * bearer token to a gateway route, and the body is streamed to the backend call as it arrives (undici request
 * body = the incoming request), so the gateway never holds a file and no file travels base64-encoded in GraphQL.
 * Each upload route decides the backend call and turns the backend's answer into the graph's terms.
 */
import type { Express, Request, Response } from 'express';
import type { Pool } from 'undici';
import { tokenFromAuthorization } from '../context.js';
import { UPLOAD_MESSAGES } from '../graph/messages.js';

/** The backend's answer to the forwarded upload. */
export type UploadAnswer = { status: number; body: Record<string, unknown> };

export const refuseUpload = (response: Response, status: number, message: string, code?: string): void =>
  void response.status(status).json({ message, code });

/** The backend's German refusal, with its status (a backend failure is the gateway's 502). */
export function forwardRefusal(response: Response, answer: UploadAnswer): void {
  const { message, code } = answer.body;
  refuseUpload(
    response,
    answer.status >= 500 ? 502 : answer.status,
    typeof message === 'string' ? message : UPLOAD_MESSAGES.failed,
    typeof code === 'string' ? code : undefined,
  );
}

/** Streams the browser's form to the backend call under the caller's token; answers what the backend answered. */
export async function streamUpload(
  request: Request,
  pool: Pool,
  token: string,
  target: { method: 'POST' | 'PUT'; path: string },
): Promise<UploadAnswer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': request.headers['content-type'] ?? '',
    accept: 'application/json',
  };
  const length = request.headers['content-length'];
  if (length) headers['content-length'] = length;
  const upstream = await pool.request({ method: target.method, path: target.path, headers, body: request });
  const body = (await upstream.body.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: upstream.statusCode, body };
}

/**
 * Registers an upload route: a request without a bearer token answers 401, one that is not multipart 415, before
 * `handle` runs; a failure on the way (backend unreachable) answers 502 with a German text.
 */
export function registerUploadRoute(
  app: Express,
  path: string,
  handle: (request: Request, response: Response, token: string) => Promise<void>,
): void {
  app.post(path, (request, response) => {
    const token = tokenFromAuthorization(request.headers.authorization);
    if (!token) return refuseUpload(response, 401, UPLOAD_MESSAGES.unauthenticated);
    if (!request.headers['content-type']?.startsWith('multipart/form-data')) return refuseUpload(response, 415, UPLOAD_MESSAGES.multipart);
    handle(request, response, token).catch(() => {
      if (!response.headersSent) refuseUpload(response, 502, UPLOAD_MESSAGES.failed);
    });
  });
}
