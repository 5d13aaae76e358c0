/**
 * Sessions and their tokens, in memory as in Mainzelliste (mainzelliste-api.md §1 "Sessions"): a session
 * not used for sessionTimeout idle minutes is gone with its tokens. A token use refreshes its session.
 * Tokens are used up by consume() when a /patients answer is below 400 ("DeleteTokenFilter").
 */
import { randomUUID } from 'node:crypto';
import type { TokenType } from '../config/config.js';
import type { TokenData } from '../tokens/token-data.js';

export type AuditTrail = { username: string; remoteSystem: string; reasonForChange: string };

export type Token = {
  id: string;
  type: TokenType;
  sessionId: string;
  serverName: string;
  data: TokenData;
  /** The token data as given (idtypes renamed), echoed in API ≥ 2.0 answers. */
  rawData: Record<string, unknown>;
  allowedUses: number;
  remainingUses: number;
  auditTrail: AuditTrail | null;
};

export type Session = { id: string; serverName: string; lastUsed: number; tokens: Map<string, Token> };

export type SessionStore = {
  create: (serverName: string) => Session;
  /** The live session (its idle time restarts), or undefined. */
  get: (id: string) => Session | undefined;
  delete: (id: string) => boolean;
  addToken: (session: Session, token: Omit<Token, 'id' | 'sessionId' | 'remainingUses'>) => Token;
  /** The live token (its session's idle time restarts), or undefined. */
  token: (id: string) => Token | undefined;
  /** One use of a token; the last use removes it. */
  consume: (token: Token) => void;
  deleteToken: (session: Session, tokenId: string) => boolean;
  /** Drops expired sessions; called by a timer and by tests. */
  sweep: () => void;
  close: () => void;
};

export function createSessionStore(timeoutMs: number, now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, Session>();
  const tokens = new Map<string, Token>();

  const drop = (session: Session): void => {
    for (const id of session.tokens.keys()) tokens.delete(id);
    sessions.delete(session.id);
  };
  const live = (session: Session | undefined): Session | undefined => {
    if (!session) return undefined;
    if (now() - session.lastUsed > timeoutMs) {
      drop(session);
      return undefined;
    }
    session.lastUsed = now();
    return session;
  };

  const sweep = (): void => {
    for (const session of [...sessions.values()]) if (now() - session.lastUsed > timeoutMs) drop(session);
  };
  const timer = setInterval(sweep, Math.min(timeoutMs, 60_000));
  timer.unref();

  return {
    create: (serverName) => {
      const session: Session = { id: randomUUID(), serverName, lastUsed: now(), tokens: new Map() };
      sessions.set(session.id, session);
      return session;
    },
    get: (id) => live(sessions.get(id)),
    delete: (id) => {
      const session = sessions.get(id);
      if (!session) return false;
      drop(session);
      return true;
    },
    addToken: (session, fields) => {
      const token: Token = { ...fields, id: randomUUID(), sessionId: session.id, remainingUses: fields.allowedUses };
      session.tokens.set(token.id, token);
      tokens.set(token.id, token);
      return token;
    },
    token: (id) => {
      const token = tokens.get(id);
      if (!token) return undefined;
      return live(sessions.get(token.sessionId)) ? token : undefined;
    },
    consume: (token) => {
      token.remainingUses -= 1;
      if (token.remainingUses > 0) return;
      tokens.delete(token.id);
      sessions.get(token.sessionId)?.tokens.delete(token.id);
    },
    deleteToken: (session, tokenId) => {
      tokens.delete(tokenId);
      return session.tokens.delete(tokenId);
    },
    sweep,
    close: () => clearInterval(timer),
  };
}
