/**
 * Idempotency-Key on POST (issue 15 item 7), with Stripe's semantics: a signed-in caller who sends a POST again
 * with the same key gets the first answer again (status and body, `Idempotent-Replayed: true`) and nothing runs
 * twice, so a retry after a lost answer creates no duplicate. The same key with another request (method, path
 * or body) answers 422; while the first is still running, 409. Keys are kept 24 hours per user. An answer of
 * 5xx, or one that is not JSON text (a file), is not kept: the retry runs again. A credential in an answer (the
 * route's `secretAnswerFields`) is never stored: the replay answers without it.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError } from '../errors/errors.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60_000;

type Claim = { userId: string; key: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level fields of the route's JSON answer that hold a credential: left out of the kept answer. */
    secretAnswerFields?: readonly string[];
  }
  interface FastifyRequest {
    /** The key this request holds until its answer is stored. */
    idempotencyClaim: Claim | null;
  }
}

function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, body ?? null]))
    .digest('hex');
}

function withoutSecrets(payload: string, fields: readonly string[] | undefined): string {
  if (!fields?.length) return payload;
  const answer: unknown = JSON.parse(payload);
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return payload;
  return JSON.stringify(Object.fromEntries(Object.entries(answer).filter(([field]) => !fields.includes(field))));
}

export function registerIdempotency(app: FastifyInstance, db: Kysely<DB>): void {
  app.decorateRequest('idempotencyClaim', null);

  // After route access (registered before): only a caller allowed to run the call claims a key.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (request.method !== 'POST' || typeof key !== 'string' || !request.currentUser) return;
    if (key.length < 1 || key.length > 255) throw new EcrfError('ECRF_ERR_VALIDATION', 'Idempotency-Key must have 1 to 255 characters');
    const userId = request.currentUser.id;
    const hash = requestHash(request.method, request.url, request.body);
    const mine = db.selectFrom('idempotency_key').where('user_id', '=', userId).where('key', '=', key);
    await db
      .deleteFrom('idempotency_key')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('created_at', '<', new Date(Date.now() - IDEMPOTENCY_KEPT_MS))
      .execute();
    const claimed = await db
      .insertInto('idempotency_key')
      .values({ user_id: userId, key, request_hash: hash })
      .onConflict((conflict) => conflict.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotencyClaim = { userId, key };
      return;
    }
    const stored = await mine.select(['request_hash', 'status', 'response']).executeTakeFirst();
    if (stored && stored.request_hash !== hash) {
      throw new EcrfError('ECRF_ERR_IDEMPOTENCY_KEY_REUSED', ACCESS_MESSAGES.idempotencyKeyReused);
    }
    if (!stored || stored.status === null) throw new EcrfError('ECRF_ERR_IDEMPOTENCY_KEY_IN_USE', ACCESS_MESSAGES.idempotencyKeyInUse);
    return reply
      .status(stored.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(stored.response ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.deleteFrom('idempotency_key').where('user_id', '=', claim.userId).where('key', '=', claim.key).execute();
    } else {
      await db
        .updateTable('idempotency_key')
        .set({ status: reply.statusCode, response: withoutSecrets(payload, request.routeOptions.config.secretAnswerFields) })
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute();
    }
    return payload;
  });
}
