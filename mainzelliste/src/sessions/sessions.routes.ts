/**
 * Sessions (mainzelliste-api.md §1 "Sessions"; Mainzelliste's SessionsResource): creating one needs the API key
 * with createSession; afterwards knowing the session id is the authorisation, as in Mainzelliste:
 * - POST /sessions → 201 {sessionId, uri} with Location; the uri ends with '/', so clients resolve "tokens"
 *   against it;
 * - GET /sessions/{sid} → 200, or 404 "No session with id …";
 * - DELETE /sessions/{sid} → 204, also for an unknown or expired session.
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { baseUrl, type App, type AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { notFound, messages } from '../errors/errors.js';
import type { Session } from './session-store.js';

export const SessionParams = Type.Object({ sid: Type.String() });

/** The live session for routes below /sessions/{sid}/…; 404 "Session-ID … unknown." otherwise (SessionIdParam). */
export function sessionOf(deps: AppDeps, sid: string): Session {
  const session = deps.sessions.get(sid);
  if (!session) throw notFound(messages.sessionUnknown(sid));
  return session;
}

export const sessionUri = (deps: AppDeps, request: FastifyRequest, sessionId: string): string =>
  `${baseUrl(deps.config, request)}/sessions/${sessionId}/`;

export function registerSessionRoutes(app: App, deps: AppDeps): void {
  app.post('/sessions', async (request, reply) => {
    const access = recordAccess(request, 'session.create');
    const server = deps.auth.authenticate(request, 'createSession');
    access.serverName = server.name;
    const session = deps.sessions.create(server.name);
    access.sessionId = session.id;
    const uri = sessionUri(deps, request, session.id);
    return reply.status(201).header('location', uri).send({ sessionId: session.id, uri });
  });

  app.get('/sessions/:sid', { schema: { params: SessionParams } }, async (request) => {
    const { sid } = request.params;
    recordAccess(request, 'session.read', { sessionId: sid });
    if (!deps.sessions.get(sid)) throw notFound(messages.noSession(sid));
    return { sessionId: sid, uri: sessionUri(deps, request, sid) };
  });

  app.delete('/sessions/:sid', { schema: { params: SessionParams } }, async (request, reply) => {
    recordAccess(request, 'session.delete', { sessionId: request.params.sid });
    deps.sessions.delete(request.params.sid);
    return reply.status(204).send();
  });
}
