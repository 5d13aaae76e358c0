/**
 * One session for the tabs that share it (issue 26 item 1). The tokens stay in session storage (ecrf-core.md §4),
 * which a tab opened from the app copies; the refresh token is single-use and presenting it twice revokes the
 * session (reuse detection). So the tabs of a session (the `sid` of its access token) agree over a
 * BroadcastChannel: exactly one of them, the holder of the session's Web Lock, renews; it does so before the
 * access token expires and hands the new pair to the others; a tab whose token was refused asks it and waits.
 * The end of the session and the user's activity (for the idle logout) reach every tab alike.
 */
import { decodeJwt } from 'jose';
import { NetworkError } from '../errors/errorCatalogue';
import type { LogoutNotice, SessionTokens } from './sessionStore';

type SessionMessage =
  | { type: 'renewed'; sessionId: string; tokens: SessionTokens }
  | { type: 'renewRequest'; sessionId: string; staleToken: string }
  | { type: 'ended'; sessionId: string; notice: LogoutNotice | null }
  | { type: 'active'; sessionId: string };

export type ChannelLike = {
  postMessage: (message: SessionMessage) => void;
  addEventListener: (type: 'message', listener: (event: MessageEvent<SessionMessage>) => void) => void;
};

export type LockManagerLike = { request: (name: string, callback: () => Promise<void>) => Promise<void> };

export type TabSessionDeps = {
  /** Null where the browser has no BroadcastChannel: the tab then acts alone. */
  channel: ChannelLike | null;
  /** Null where the browser has no Web Locks (an insecure origin): the tab then renews by itself. */
  locks: LockManagerLike | null;
  getTokens: () => SessionTokens | null;
  storeTokens: (tokens: SessionTokens) => void;
  subscribe: (listener: () => void) => () => void;
  /** The server's renewal: the new pair, or null when the refresh token is refused; throws NetworkError. */
  refresh: (refreshToken: string) => Promise<SessionTokens | null>;
};

export type TabSessionHandlers = {
  /** Another tab ended the session (sign-out, idle logout, refused renewal): end it here too. */
  onEnded: (notice: LogoutNotice | null) => void;
};

export type TabSession = {
  /**
   * A request was refused with `staleToken`: resolves true once a newer token is stored (renewed here or by the
   * renewing tab), false when the session cannot be renewed. Throws NetworkError when the renewal did not answer.
   */
  renew: (staleToken: string | null) => Promise<boolean>;
  /** This tab ends the session: the other tabs of it end too. */
  announceEnd: (notice: LogoutNotice | null) => void;
  /** The user is active in this tab: the idle logout of the other tabs starts over. */
  announceActivity: () => void;
  /** Called when another tab of the session reports activity. */
  onActivity: (listener: () => void) => () => void;
  setHandlers: (handlers: TabSessionHandlers) => void;
};

/** The renewing tab renews when this share of the access token's lifetime has passed. */
const RENEW_AT_SHARE = 0.75;
/** A tab waiting for another tab's renewal gives up after this long (the renewal's own request time-out is 30 s). */
export const RENEW_WAIT_MS = 35_000;
/** Activity is announced at most this often: the idle warning comes after minutes. */
const ACTIVITY_EVERY_MS = 5_000;

type TokenFacts = { sessionId: string; lifetimeMs: number } | null;

/** The session id and lifetime an access token carries; null for a token that is no JWT of ours. */
export function tokenFacts(token: string): TokenFacts {
  try {
    const { sid, iat, exp } = decodeJwt(token);
    if (typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { sessionId: sid, lifetimeMs: (exp - iat) * 1000 };
  } catch {
    return null;
  }
}

export function createTabSession(deps: TabSessionDeps): TabSession {
  let handlers: TabSessionHandlers = { onEnded: () => undefined };
  const activityListeners = new Set<() => void>();
  let sessionId: string | null = null;
  let isRenewer = deps.locks === null;
  let releaseLock: (() => void) | null = null;
  let renewTimer: number | undefined;
  let renewing: Promise<boolean> | null = null;
  let waiting: Promise<boolean> | null = null;
  /** The check of a waiting renewal, told when this tab becomes the renewing one. */
  let roleChanged: (() => void) | null = null;
  let lastActivityAnnounced = -Infinity;

  const currentToken = () => deps.getTokens()?.token ?? null;
  const post = (message: SessionMessage) => deps.channel?.postMessage(message);

  /** The renewal itself, one at a time in this tab; a token changed meanwhile needs none. */
  function renewHere(staleToken: string | null): Promise<boolean> {
    renewing ??= (async () => {
      const tokens = deps.getTokens();
      if (tokens === null) return false;
      if (tokens.token !== staleToken) return true;
      const renewed = await deps.refresh(tokens.refreshToken);
      if (renewed === null) return false;
      deps.storeTokens(renewed);
      if (sessionId !== null) post({ type: 'renewed', sessionId, tokens: renewed });
      return true;
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  function scheduleRenewal() {
    window.clearTimeout(renewTimer);
    const token = currentToken();
    const facts = token === null ? null : tokenFacts(token);
    if (!isRenewer || facts === null) return;
    // Timed from now, not from the token's clock: the browser's clock may differ from the server's.
    renewTimer = window.setTimeout(() => {
      // A failed early renewal is no failure yet: the token is still valid, and a refused request renews again.
      renewHere(token).catch(() => undefined);
    }, facts.lifetimeMs * RENEW_AT_SHARE);
  }

  /** Waits for the renewing tab: a newer token, the session's end, or becoming the renewing tab ourselves. */
  function awaitRenewal(staleToken: string): Promise<boolean> {
    waiting ??= new Promise<boolean>((resolve, reject) => {
      const settle = (outcome: () => Promise<boolean> | boolean) => {
        unsubscribe();
        roleChanged = null;
        window.clearTimeout(timer);
        Promise.resolve().then(outcome).then(resolve, reject);
      };
      const check = () => {
        const token = currentToken();
        if (token !== staleToken) settle(() => token !== null);
        else if (isRenewer) settle(() => renewHere(staleToken));
      };
      const unsubscribe = deps.subscribe(check);
      roleChanged = check;
      const timer = window.setTimeout(() => settle(() => Promise.reject(new NetworkError('no renewal'))), RENEW_WAIT_MS);
      post({ type: 'renewRequest', sessionId: sessionId ?? '', staleToken });
    }).finally(() => {
      waiting = null;
    });
    return waiting;
  }

  /** Holds the session's lock while the session lasts: its holder is the one tab that renews. */
  function follow() {
    const token = currentToken();
    const next = token === null ? null : (tokenFacts(token)?.sessionId ?? null);
    if (next !== sessionId) {
      releaseLock?.();
      releaseLock = null;
      isRenewer = deps.locks === null;
      sessionId = next;
      if (next !== null && deps.locks !== null) {
        const held = new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
        void deps.locks.request(`ecrf.session.${next}`, () => {
          if (sessionId !== next) return Promise.resolve();
          isRenewer = true;
          scheduleRenewal();
          roleChanged?.();
          return held;
        });
      }
    }
    scheduleRenewal();
  }

  deps.channel?.addEventListener('message', ({ data }) => {
    if (sessionId === null || data.sessionId !== sessionId) return;
    switch (data.type) {
      case 'renewed':
        if (data.tokens.token !== currentToken()) deps.storeTokens(data.tokens);
        break;
      case 'renewRequest':
        if (isRenewer) {
          // Answered with the current pair when it is newer than the asker's: it missed a renewal.
          const tokens = deps.getTokens();
          if (tokens !== null && tokens.token !== data.staleToken) post({ type: 'renewed', sessionId, tokens });
          else renewHere(data.staleToken).catch(() => undefined);
        }
        break;
      case 'ended':
        handlers.onEnded(data.notice);
        break;
      case 'active':
        for (const listener of activityListeners) listener();
        break;
    }
  });
  deps.subscribe(follow);
  follow();

  return {
    async renew(staleToken) {
      if (staleToken === null || currentToken() !== staleToken) return currentToken() !== null;
      return isRenewer ? renewHere(staleToken) : awaitRenewal(staleToken);
    },
    announceEnd(notice) {
      if (sessionId !== null) post({ type: 'ended', sessionId, notice });
    },
    announceActivity() {
      if (sessionId === null || Date.now() - lastActivityAnnounced < ACTIVITY_EVERY_MS) return;
      lastActivityAnnounced = Date.now();
      post({ type: 'active', sessionId });
    },
    onActivity(listener) {
      activityListeners.add(listener);
      return () => {
        activityListeners.delete(listener);
      };
    },
    setHandlers(next) {
      handlers = next;
    },
  };
}
