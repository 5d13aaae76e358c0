/**
 * GET /, GET /configuration/fieldKeys (mainzelliste-api.md §1 "Other endpoints") and GET /validate/token
 * (Mainzelliste's ValidationResource: whether a token id is live, without a key; 400 without an id, 404 for
 * an unknown or used-up one, 200 with no body otherwise).
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { badRequest, messages, notFound } from '../errors/errors.js';
import { FIELD_KEYS } from '../patients/fields.js';

/** The Mainzelliste release whose API this service speaks; clients read it to pick features. */
export const DISTNAME = 'Mainzelliste';
export const EMULATED_VERSION = '1.9.0';

export function registerRootRoutes(app: App, deps: AppDeps): void {
  app.get('/', async (request, reply) => {
    // Mainzelliste answers browsers and text clients with a sentence, everyone else with JSON.
    if (/text\/(html|plain)/.test(request.headers.accept ?? '')) {
      return reply.type('text/plain; charset=utf-8').send(`This is Mainzelliste running version ${EMULATED_VERSION} for ${DISTNAME}.`);
    }
    return { distname: DISTNAME, version: EMULATED_VERSION };
  });

  app.get('/configuration/fieldKeys', async (request) => {
    const access = recordAccess(request, 'configuration.read');
    access.serverName = deps.auth.authenticate(request, 'readConfiguration').name;
    return [...FIELD_KEYS];
  });

  app.get(
    '/validate/token',
    { schema: { querystring: Type.Object({ tokenId: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const access = recordAccess(request, 'token.validate');
      const { tokenId } = request.query;
      if (!tokenId) throw badRequest(messages.emptyTokenId);
      const token = deps.sessions.token(tokenId);
      if (!token) throw notFound(messages.noValidToken);
      access.token = token;
      return reply.status(200).send();
    },
  );
}
