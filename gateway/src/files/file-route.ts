/**
 * GET /files/<sealed ticket>: the backend call of a download link, streamed to the browser chunk by chunk
 * (undici body → HTTP response through pipeline), so no file is held in the gateway's memory. The answer is a
 * short German text when the link is no longer valid or the backend refuses the file.
 */
import { pipeline } from 'node:stream/promises';
import contentDisposition from 'content-disposition';
import type { Express, Response } from 'express';
import type { Pool } from 'undici';
import { FILE_ROUTE, type FileLinks } from './file-links.js';
import { FILE_MESSAGES } from '../graph/messages.js';

/** Messages of a download that cannot be served (the browser shows them as a page). */

function refuse(response: Response, status: number, message: string): void {
  response.status(status).type('text/plain; charset=utf-8').send(message);
}

const messageOf = (status: number): string =>
  status === 401 || status === 403
    ? FILE_MESSAGES.forbidden
    : status === 404 || status === 410
      ? FILE_MESSAGES.notFound
      : FILE_MESSAGES.failed;

export function registerFileRoute(app: Express, pool: Pool, links: FileLinks): void {
  app.get(`${FILE_ROUTE}/:sealed`, async (request, response) => {
    const ticket = await links.open(request.params.sealed);
    if (!ticket) return refuse(response, 410, FILE_MESSAGES.expired);
    const controller = new AbortController();
    response.on('close', () => controller.abort());
    try {
      const upstream = await pool.request({
        method: ticket.method,
        path: ticket.path,
        headers: { authorization: `Bearer ${ticket.accessToken}` },
        signal: controller.signal,
      });
      if (upstream.statusCode !== 200) {
        await upstream.body.dump();
        const status = upstream.statusCode === 401 ? 403 : upstream.statusCode;
        return refuse(response, status >= 500 ? 502 : status, messageOf(upstream.statusCode));
      }
      const header = (name: string) => {
        const value = upstream.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      response.status(200);
      response.setHeader('content-type', header('content-type') ?? 'application/octet-stream');
      const length = header('content-length');
      if (length) response.setHeader('content-length', length);
      response.setHeader('content-disposition', contentDisposition(ticket.fileName));
      response.setHeader('cache-control', 'no-store');
      await pipeline(upstream.body, response);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!response.headersSent) return refuse(response, 502, FILE_MESSAGES.failed);
      response.destroy(error as Error);
    }
  });
}
