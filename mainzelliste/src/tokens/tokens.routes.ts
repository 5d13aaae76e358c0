/**
 * Tokens (mainzelliste-api.md §1 "Sessions", "Token data by type"): POST /sessions/{sid}/tokens with
 * {type, allowedUses?, data}; 400 for a malformed body or bad data, 401 without createToken or
 * tt_<type> (a missing type is "" and so a 401). Below API 2.0 the answer is {tokenId, uri}, from 2.0
 * the full token. GET and DELETE /sessions/{sid}/tokens/{tid} read and revoke one.
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { baseUrl, type App, type AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { badRequest, notFound } from '../errors/errors.js';
import { atLeast, requestApiVersion } from '../http/api-version.js';
import { sessionOf, SessionParams } from '../sessions/sessions.routes.js';
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

function allowedUsesOf(value: unknown): number {
  if (value === undefined) return 1;
  const uses = typeof value === 'string' ? Number(value) : value;
  if (typeof uses !== 'number' || !Number.isInteger(uses) || uses < 1) throw badRequest('allowedUses must be a positive integer.');
  return uses;
}

export function tokenJson(deps: AppDeps, request: FastifyRequest, token: Token): Raw {
  const uri = `${baseUrl(deps.config, request)}/sessions/${token.sessionId}/tokens/${token.id}`;
  if (!atLeast(requestApiVersion(request), 2)) return { tokenId: token.id, uri };
  return { id: token.id, type: token.type, allowedUses: token.allowedUses, remainingUses: token.remainingUses, data: token.rawData, uri };
}

/** Checks of token data against stored patients (mainzelliste-api.md §1 "API version", "editPatient"). */
async function checkAgainstPatients(deps: AppDeps, data: TokenData, request: FastifyRequest): Promise<void> {
  if (data.type === 'editPatient' && !(await deps.patients.find(data.patientId))) {
    throw badRequest(`No patient found with ID of type ${data.patientId.idType}.`);
  }
  if (data.type === 'readPatients' && !atLeast(requestApiVersion(request), 3, 2)) {
    for (const id of data.searchIds) {
      if (id.idString !== '*' && !(await deps.patients.find(id))) throw badRequest(`No patient found with ID of type ${id.idType}.`);
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
    if (!isObject(body)) throw badRequest('The token must be a JSON object.');
    const type = typeof body.type === 'string' ? body.type : '';
    deps.auth.authenticate(request, `tt_${type}`);
    if (!isObject(body.data)) throw badRequest('The token needs data.');
    const rawData = renameIdTypes(body.data);
    const data = parseTokenData(type, rawData, requestApiVersion(request));
    const auditTrail = auditTrailOf(rawData.auditTrail ?? body.auditTrail, deps.config.auditTrailRequired);
    const allowedUses = allowedUsesOf(body.allowedUses);
    if (data.type === 'readPatients' && (data.readAllPatientIds || data.readAllPatientIdTypes)) {
      if (data.readAllPatientIds) deps.auth.authenticate(request, 'readAllPatientIds');
      if (data.readAllPatientIdTypes) deps.auth.authenticate(request, 'readAllPatientIdTypes');
    }
    await checkAgainstPatients(deps, data, request);
    const token = deps.sessions.addToken(session, { type: data.type, serverName: server.name, data, rawData, allowedUses, auditTrail });
    access.token = token;
    if (data.type === 'editPatient') access.pseudonyms = [data.patientId];
    const json = tokenJson(deps, request, token);
    return reply.status(201).header('location', json.uri).send(json);
  });

  const TokenParams = Type.Object({ sid: Type.String(), tid: Type.String() });

  app.get('/sessions/:sid/tokens/:tid', { schema: { params: TokenParams } }, async (request) => {
    const access = recordAccess(request, 'token.read', { sessionId: request.params.sid });
    access.serverName = deps.auth.authenticate(request, 'createToken').name;
    const token = sessionOf(deps, request.params.sid).tokens.get(request.params.tid);
    if (!token) throw notFound(`Token ${request.params.tid} unknown.`);
    access.token = token;
    return tokenJson(deps, request, token);
  });

  app.delete('/sessions/:sid/tokens/:tid', { schema: { params: TokenParams } }, async (request, reply) => {
    const access = recordAccess(request, 'token.delete', { sessionId: request.params.sid });
    access.serverName = deps.auth.authenticate(request, 'createToken').name;
    if (!deps.sessions.deleteToken(sessionOf(deps, request.params.sid), request.params.tid))
      throw notFound(`Token ${request.params.tid} unknown.`);
    return reply.status(204).send();
  });
}
