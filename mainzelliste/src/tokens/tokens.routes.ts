/**
 * Tokens (mainzelliste-api.md §1 "Sessions", "Token data by type"): POST /sessions/{sid}/tokens with
 * {type, allowedUses?, data}; 400 for a malformed body or bad data, 401 without createToken or
 * tt_<type> (a missing type is "" and so a 401). Below API 2.0 the answer is {tokenId, uri}, from 2.0
 * the full token. GET and DELETE /sessions/{sid}/tokens/{tid} read and revoke one.
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { refinedRefusal } from '../config/permissions.js';
import { badRequest, messages, notFound, unauthorized } from '../errors/errors.js';
import { idTypesOf } from '../patients/fields.js';
import { atLeast, requestApiVersion } from '../http/api-version.js';
import { sessionOf, SessionParams, sessionUri } from '../sessions/sessions.routes.js';
import type { AuditTrail, Token } from '../sessions/session-store.js';
import { parseTokenData, renameIdTypes, type TokenData } from './token-data.js';

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

function auditTrailOf(value: unknown, required: boolean): AuditTrail | null {
  if (value === undefined && !required) return null;
  if (
    !isObject(value) ||
    typeof value.username !== 'string' ||
    typeof value.remoteSystem !== 'string' ||
    typeof value.reasonForChange !== 'string'
  ) {
    throw badRequest('auditTrail must be {username, remoteSystem, reasonForChange}.');
  }
  return { username: value.username, remoteSystem: value.remoteSystem, reasonForChange: value.reasonForChange };
}

/**
 * allowedUses as Mainzelliste reads it (TokenParam): a number or a numeric string in Java's int range; missing,
 * empty or 0 is one use. Mainzelliste turns a negative count into one use; here it is refused.
 */
function allowedUsesOf(value: unknown): number {
  if (value === undefined || value === null || value === '') return 1;
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  const uses = /^[+-]?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(uses) || Math.abs(uses) > 2 ** 31 - 1) throw badRequest(messages.allowedUsesFormat);
  if (uses < 0) throw badRequest('allowedUses must not be negative.');
  return Math.max(uses, 1);
}

export function tokenJson(deps: AppDeps, request: FastifyRequest, token: Token): Raw {
  const uri = `${sessionUri(deps, request, token.sessionId)}tokens/${token.id}`;
  if (!atLeast(requestApiVersion(request), 2)) return { tokenId: token.id, uri };
  return { id: token.id, type: token.type, allowedUses: token.allowedUses, remainingUses: token.remainingUses, data: token.rawData, uri };
}

/** Checks of token data against stored patients (mainzelliste-api.md §1 "API version", "editPatient"). */
async function checkAgainstPatients(deps: AppDeps, data: TokenData, request: FastifyRequest): Promise<void> {
  if (data.type === 'editPatient' && !(await deps.patients.find(data.patientId))) {
    throw badRequest(`No patient exists with id ${data.patientId.idType}=${data.patientId.idString}`);
  }
  if (data.type === 'readPatients' && !atLeast(requestApiVersion(request), 3, 2)) {
    for (const id of data.searchIds) {
      if (id.idString.trim() !== '*' && !(await deps.patients.find(id))) {
        throw badRequest(`No patient found with provided ${id.idType} '${id.idString}'!`);
      }
    }
  }
}

export function registerTokenRoutes(app: App, deps: AppDeps): void {
  app.post('/sessions/:sid/tokens', { schema: { params: SessionParams } }, async (request, reply) => {
    const access = recordAccess(request, 'token.create', { sessionId: request.params.sid });
    const server = deps.auth.authenticate(request, 'createToken');
    access.serverName = server.name;
    const session = sessionOf(deps, request.params.sid);
    const body = request.body;
    if (!isObject(body)) throw badRequest('Invalid input: the token must be a JSON object.');
    const type = typeof body.type === 'string' ? body.type : '';
    deps.auth.authenticate(request, `tt_${type}`);
    const rules = server.refinedPermissions?.get(`tt_${type}`);
    const refusal = rules ? refinedRefusal(rules, body) : null;
    if (refusal !== null) throw unauthorized(refusal);
    if (!isObject(body.data)) throw badRequest('Invalid input: the token needs data.');
    const rawData = renameIdTypes(body.data);
    const data = parseTokenData(type, rawData, {
      version: requestApiVersion(request),
      idTypes: idTypesOf(deps.config.externalIdTypes),
      externalIdTypes: deps.config.externalIdTypes,
      callbackOrigins: deps.config.callbackOrigins,
      may: (permission) => server.permissions.has(permission),
    });
    const auditTrail = auditTrailOf(rawData.auditTrail ?? body.auditTrail, deps.config.auditTrailRequired);
    const allowedUses = allowedUsesOf(body.allowedUses);
    await checkAgainstPatients(deps, data, request);
    const token = deps.sessions.addToken(session, { type: data.type, serverName: server.name, data, rawData, allowedUses, auditTrail });
    access.token = token;
    if (data.type === 'editPatient') access.pseudonyms = [data.patientId];
    const json = tokenJson(deps, request, token);
    return reply.status(201).header('location', json.uri).send(json);
  });

  const TokenParams = Type.Object({ sid: Type.String(), tid: Type.String() });

  // Knowing the session id authorises reading and revoking its tokens (Mainzelliste's SessionsResource).
  app.get('/sessions/:sid/tokens', { schema: { params: SessionParams } }, async (request) => {
    recordAccess(request, 'token.read', { sessionId: request.params.sid });
    return [...sessionOf(deps, request.params.sid).tokens.values()].map((token) => tokenJson(deps, request, token));
  });

  app.get('/sessions/:sid/tokens/:tid', { schema: { params: TokenParams } }, async (request) => {
    const { sid, tid } = request.params;
    const access = recordAccess(request, 'token.read', { sessionId: sid });
    const token = sessionOf(deps, sid).tokens.get(tid);
    if (!token) throw notFound(messages.noTokenInSession(tid, sid));
    access.token = token;
    return tokenJson(deps, request, token);
  });

  app.delete('/sessions/:sid/tokens/:tid', { schema: { params: TokenParams } }, async (request, reply) => {
    recordAccess(request, 'token.delete', { sessionId: request.params.sid });
    deps.sessions.deleteToken(sessionOf(deps, request.params.sid), request.params.tid);
    return reply.status(204).send();
  });
}
