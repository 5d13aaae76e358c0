/**
 * Persisted operations (issue 15 item 9): the web sends the id relay-compiler gave each operation (`doc_id` in the
 * HTTP body, `extensions.doc_id` over graphql-ws) and the gateway puts the text from the build's map in its place.
 * Where the configuration says so (production), a request from a browser must send an id: its document is refused.
 * Integrators send documents without a browser; graphql-armor's limits hold for them (server.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { GraphQLError } from 'graphql';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

export type PersistedOperationCode = 'PERSISTED_OPERATION_NOT_FOUND' | 'PERSISTED_OPERATION_REQUIRED';

export type PersistedOperations = {
  /** The text of a persisted id; the map is read again when the file changed (relay-compiler in development). */
  documentOf(id: string): string | undefined;
};

export type PersistedOperationRule = {
  operations: PersistedOperations;
  /** Refuse documents from browsers (PERSISTED_OPERATIONS_ONLY_FOR_WEB). */
  onlyForWeb: boolean;
};

type Refusal = { code: PersistedOperationCode; message: string };

/** The map relay-compiler wrote (id → text); none when no file is configured, so every id is unknown. */
export function loadPersistedOperations(file: string | undefined): PersistedOperations {
  if (file === undefined) return { documentOf: () => undefined };
  if (!existsSync(file)) throw new Error(`persisted operations missing: ${file} (run npm run build)`);
  let readAt = statSync(file).mtimeMs;
  let documents = readMap(file);
  return {
    documentOf(id) {
      if (Object.hasOwn(documents, id)) return documents[id];
      const modifiedAt = statSync(file).mtimeMs;
      if (modifiedAt === readAt) return undefined;
      readAt = modifiedAt;
      documents = readMap(file);
      return Object.hasOwn(documents, id) ? documents[id] : undefined;
    },
  };
}

function readMap(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * A request sent by a browser: browsers add `Origin` to every POST and every WebSocket handshake, and
 * `Sec-Fetch-Site` to every request (a same-origin GET has no Origin); no script can set or remove either. Node's
 * fetch sends `Sec-Fetch-Mode` but neither of these.
 */
export function fromBrowser(headers: IncomingHttpHeaders): boolean {
  return headers.origin !== undefined || headers['sec-fetch-site'] !== undefined;
}

/** Puts the persisted text in place of `id`, or says why the operation is refused. */
function resolve(operation: { query?: unknown }, id: unknown, browser: boolean, rule: PersistedOperationRule): Refusal | undefined {
  if (typeof id === 'string') {
    const document = rule.operations.documentOf(id);
    if (document === undefined) return { code: 'PERSISTED_OPERATION_NOT_FOUND', message: `No persisted operation has the id ${id}.` };
    operation.query = document;
    return undefined;
  }
  if (browser && rule.onlyForWeb && typeof operation.query === 'string') {
    return { code: 'PERSISTED_OPERATION_REQUIRED', message: GATEWAY_MESSAGES.persistedOperationRequired };
  }
  return undefined;
}

/**
 * Express middleware before Apollo: resolves `doc_id` in a POST body and refuses browser documents with 400.
 * A GET carries its document in the query string; it is refused from a browser alike (ids travel by POST).
 */
export function persistedOperationsMiddleware(rule: PersistedOperationRule): RequestHandler {
  return (request, response, next) => {
    const browser = fromBrowser(request.headers);
    const body: unknown = request.body;
    const operations: unknown[] = request.method === 'POST' ? (Array.isArray(body) ? body : [body]) : [{ query: request.query.query }];
    for (const operation of operations) {
      if (operation === null || typeof operation !== 'object') continue;
      const persisted = operation as { doc_id?: unknown; query?: unknown };
      const refusal = resolve(persisted, persisted.doc_id, browser, rule);
      if (refusal) {
        response.status(400).json({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] });
        return;
      }
      delete persisted.doc_id;
    }
    next();
  };
}

/** graphql-ws's onSubscribe: resolves `extensions.doc_id`, or answers the refusal as the subscription's error. */
export function resolveSubscription(
  payload: { query: string; extensions?: Record<string, unknown> | null },
  headers: IncomingHttpHeaders,
  rule: PersistedOperationRule,
): GraphQLError[] | undefined {
  const refusal = resolve(payload, payload.extensions?.doc_id, fromBrowser(headers), rule);
  return refusal ? [new GraphQLError(refusal.message, { extensions: { code: refusal.code } })] : undefined;
}
