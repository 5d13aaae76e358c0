/**
 * Sessions (mainzelliste-api.md §1 "Sessions"): POST /sessions → 201 {sessionId, uri} with Location,
 * GET and DELETE /sessions/{sid}; an unknown or expired id is a 404 "Session-ID … unknown.".
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { baseUrl, type App, type AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { notFound, messages } from '../errors/errors.js';
import type { Session } from './session-store.js';

export const SessionParams = Type.Object({ sid: Type.String() });

export function sessionOf(deps: AppDeps, sid: string): Session {
  const session = deps.sessions.get(sid);
  if (!session) throw notFound(messages.sessionUnknown(sid));
  return session;
}

const sessionJson = (deps: AppDeps, request: FastifyRequest, session: Session) => ({
  sessionId: session.id,
  uri: `${baseUrl(deps.config, request)}/sessions/${session.id}`,
});

export function registerSessionRoutes(app: App, deps: AppDeps): void {
  app.post('/sessions', async (request, reply) => {
    const access = recordAccess(request, 'session.create');
    const server = deps.auth.authenticate(request, 'createSession');
    access.serverName = server.name;
    const session = deps.sessions.create(server.name);
    access.sessionId = session.id;
    const body = sessionJson(deps, request, session);
    return reply.status(201).header('location', body.uri).send(body);
  });

  app.get('/sessions/:sid', { schema: { params: SessionParams } }, async (request) => {
    const access = recordAccess(request, 'session.read', { sessionId: request.params.sid });
    access.serverName = deps.auth.authenticate(request, 'createSession').name;
    return sessionJson(deps, request, sessionOf(deps, request.params.sid));
  });

  app.delete('/sessions/:sid', { schema: { params: SessionParams } }, async (request, reply) => {
    const access = recordAccess(request, 'session.delete', { sessionId: request.params.sid });
    access.serverName = deps.auth.authenticate(request, 'createSession').name;
    if (!deps.sessions.delete(request.params.sid)) throw notFound(messages.sessionUnknown(request.params.sid));
    return reply.status(204).send();
  });
}
