/**
 * The access trail (docs/mainzelliste.md "Audit"): one append-only row per request to a route that
 * touches sessions, tokens or patients: who (server name of the API key or token, auditTrail user),
 * what (action, status, outcome), which pseudonyms. Routes fill request.access; an onSend hook writes
 * it with the final status, so refused and failed accesses are recorded too. IDAT is never passed here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { Pseudonym } from '../db/json-columns.js';
import type { AuditTrail, Token } from '../sessions/session-store.js';
import { insertAuditEvent } from './audit.sql.js';

export type AuditAction =
  | 'session.create'
  | 'session.read'
  | 'session.delete'
  | 'token.create'
  | 'token.read'
  | 'token.delete'
  | 'token.validate'
  | 'monitoring.read'
  | 'patient.create'
  | 'patient.read'
  | 'patient.edit'
  | 'patient.delete'
  | 'patient.checkMatch'
  | 'configuration.read'
  | 'possibleMatch.list'
  | 'possibleMatch.decide';

export type Access = {
  action: AuditAction;
  serverName: string | null;
  sessionId: string | null;
  token: Token | null;
  /** Who acted, for routes without a token (the clerical review); never IDAT. */
  auditTrail: AuditTrail | null;
  outcome: string | null;
  pseudonyms: Pseudonym[];
};

declare module 'fastify' {
  interface FastifyRequest {
    access: Access | null;
  }
}

/** Starts the record of this request's access; later steps fill in server, token and outcome. */
export function recordAccess(request: FastifyRequest, action: AuditAction, fields: Partial<Omit<Access, 'action'>> = {}): Access {
  const access: Access = {
    action,
    serverName: null,
    sessionId: null,
    token: null,
    auditTrail: null,
    outcome: null,
    pseudonyms: [],
    ...fields,
  };
  request.access = access;
  return access;
}

export function registerAuditTrail(app: FastifyInstance, db: Kysely<DB>): void {
  app.decorateRequest('access', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const access = request.access;
    if (!access) return payload;
    const token = access.token;
    const trail = token?.auditTrail ?? access.auditTrail;
    await insertAuditEvent(db, {
      server_name: access.serverName ?? token?.serverName ?? null,
      user_name: trail?.username ?? null,
      remote_system: trail?.remoteSystem ?? null,
      reason: trail?.reasonForChange ?? null,
      remote_address: request.ip,
      action: access.action,
      status: reply.statusCode,
      outcome: access.outcome,
      session_id: access.sessionId ?? token?.sessionId ?? null,
      token_id: token?.id ?? null,
      token_type: token?.type ?? null,
      pseudonyms: JSON.stringify(access.pseudonyms.map(({ idType, idString }) => ({ idType, idString }))),
    });
    return payload;
  });
}
