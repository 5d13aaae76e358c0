/**
 * Using a token on /patients (mainzelliste-api.md §1 "DeleteTokenFilter"): a token of the wrong type or
 * an unknown one is a 401 "Please supply a valid '<type>' token."; a use counts only when the answer's
 * status is below 400, so a 409 leaves an addPatient token for the sureness=true retry.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Access } from '../audit/audit.js';
import type { TokenType } from '../config/config.js';
import { messages, unauthorized } from '../errors/errors.js';
import type { Token } from '../sessions/session-store.js';
import type { TokenData } from '../tokens/token-data.js';

declare module 'fastify' {
  interface FastifyRequest {
    usedToken: Token | null;
  }
}

export function registerTokenUse(app: FastifyInstance, deps: Pick<AppDeps, 'sessions'>): void {
  app.decorateRequest('usedToken', null);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.usedToken && reply.statusCode < 400) deps.sessions.consume(request.usedToken);
    return payload;
  });
}

export function useToken<T extends TokenType>(
  deps: AppDeps,
  request: FastifyRequest,
  access: Access,
  tokenId: string | undefined,
  type: T,
): { token: Token; data: Extract<TokenData, { type: T }> } {
  const token = tokenId ? deps.sessions.token(tokenId) : undefined;
  if (!token || token.type !== type || token.data.type !== type) throw unauthorized(messages.invalidToken(type));
  request.usedToken = token;
  access.token = token;
  return { token, data: token.data as Extract<TokenData, { type: T }> };
}
