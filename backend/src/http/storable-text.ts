/**
 * Text PostgreSQL cannot store answers 400, never 500 (issue 15 item 4): a NUL character (refused in text
 * and jsonb) or a lone UTF-16 surrogate (refused in jsonb, silently replaced in text) anywhere in the path
 * parameters, the query or a JSON body — values and keys — is refused before validation, naming where it is.
 */
import type { FastifyInstance } from 'fastify';
import { EcrfError } from '../errors/errors.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

const UNSTORABLE = /\0|\p{Cs}/u;

/** Parsed JSON, query and params: arrays and records (the query parser's have no Object prototype). */
function isPlain(value: object): boolean {
  const constructor: unknown = (value as { constructor?: unknown }).constructor;
  return Array.isArray(value) || constructor === undefined || constructor === Object;
}

/** The path of the first unstorable string under `value`, or null. Uploads (buffers, streams) are not walked. */
function unstorableAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || !isPlain(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = `${path}/${key}`;
    if (UNSTORABLE.test(key)) return at;
    const found = unstorableAt(inner, at);
    if (found) return found;
  }
  return null;
}

export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const at = unstorableAt(request.params, 'params') ?? unstorableAt(request.query, 'querystring') ?? unstorableAt(request.body, 'body');
    if (at) throw new EcrfError('ECRF_ERR_VALIDATION', CONFLICT_MESSAGES.unstorableText(at));
  });
}
