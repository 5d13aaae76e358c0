/**
 * Logger options that keep IDAT and capabilities out of the log (docs/mainzelliste.md "IDAT in logs"):
 * requests are logged as method, path without query string and remote address; token and session ids
 * (UUIDs, usable by anyone who reads them until they expire) are masked; bodies and headers are never
 * logged. Pseudonyms in paths (DELETE /patients/…/pid/X) stay: they are not IDAT.
 */
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function safeUrl(url: string): string {
  return (url.split('?')[0] ?? '').replace(UUID, '{id}');
}

type LoggedRequest = { method: string; url: string; ip?: string };
type LoggedReply = { statusCode: number };

export function loggerOptions(level: string, stream?: Writable): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({ method: request.method, url: safeUrl(request.url), remoteAddress: request.ip }),
      res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
    },
    redact: { paths: ['req.headers', 'req.body', 'req.query', 'body', 'fields'], remove: true },
  };
}
