/**
 * JSON bodies as Mainzelliste's parser (org.json) takes them (docs/mainzelliste.md "Request bodies"):
 * - an empty body with a JSON content type is no body (DELETE with `Content-Type: application/json`);
 * - lenient JSON, as clients written against the official service send it: unquoted strings
 *   (`"idtypes": [pid]`), single quotes and content after the document (`} } }`) are repaired by jsonrepair;
 * - a truncated document stays a 400: repairing it would invent the rest of the request.
 * Parse errors never quote the body, which may hold IDAT.
 */
import type { FastifyInstance } from 'fastify';
import { jsonrepair } from 'jsonrepair';
import secureJson from 'secure-json-parse';
import { badRequest } from '../errors/errors.js';

/** Whether the text ends inside a string or an unclosed object or array. */
export function isTruncated(text: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote !== null) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return quote !== null || depth > 0;
}

const parse = (text: string): unknown => secureJson.parse(text, null, { protoAction: 'remove', constructorAction: 'remove' });

export function parseLenientJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parse(text);
  } catch {
    if (isTruncated(text)) throw badRequest('Invalid input: the body is not complete JSON.');
    try {
      return parse(jsonrepair(text));
    } catch {
      throw badRequest('Invalid input: the body is not JSON.');
    }
  }
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseLenientJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
