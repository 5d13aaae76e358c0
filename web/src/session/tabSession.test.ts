import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnsecuredJWT } from 'jose';
import { NetworkError } from '../errors/errorCatalogue';
import type { SessionTokens } from './sessionStore';
import { createTabSession, RENEW_WAIT_MS, tokenFacts, type ChannelLike, type LockManagerLike } from './tabSession';

/** An access token as the backend signs it: sid, iat and exp matter here. */
function accessToken(sessionId: string, serial: number, lifetimeSeconds = 60): string {
  return new UnsecuredJWT({ sid: sessionId, serial })
    .setIssuedAt(1_000)
    .setExpirationTime(1_000 + lifetimeSeconds)
    .encode();
}

/** BroadcastChannel between the tabs of one test: every other tab receives a message, asynchronously. */
function createHub() {
  const channels = new Set<{ deliver: (data: unknown) => void }>();
  return {
    channel(): ChannelLike {
      const listeners: ((event: MessageEvent) => void)[] = [];
      const self = { deliver: (data: unknown) => listeners.forEach((listener) => listener({ data } as MessageEvent)) };
      channels.add(self);
      return {
        postMessage: (message) => {
          for (const other of channels) if (other !== self) queueMicrotask(() => other.deliver(structuredClone(message)));
        },
        addEventListener: (_type, listener) => listeners.push(listener as (event: MessageEvent) => void),
      };
    },
  };
}

/** Web Locks: the first request of a name holds it until its callback's promise settles; later ones queue. */
function createLocks(): LockManagerLike {
  const queues = new Map<string, Promise<void>>();
  return {
    request(name, callback) {
      const previous = queues.get(name) ?? Promise.resolve();
      const next = previous.then(callback);
      queues.set(name, next);
      return next;
    },
  };
}

/** One tab: its own session storage (copied from `copyOf`, as a tab opened from the app), its part in the session. */
function openTab(
  hub: ReturnType<typeof createHub>,
  locks: LockManagerLike,
  server: Server,
  copyOf?: { tokens: () => SessionTokens | null },
) {
  let tokens: SessionTokens | null = copyOf ? copyOf.tokens() : null;
  const listeners = new Set<() => void>();
  const ended = vi.fn();
  const session = createTabSession({
    channel: hub.channel(),
    locks,
    getTokens: () => tokens,
    storeTokens: (next) => {
      tokens = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: server.refresh,
  });
  session.setHandlers({
    onEnded: (notice) => {
      ended(notice);
      tokens = null;
      listeners.forEach((listener) => listener());
    },
  });
  return {
    session,
    ended,
    tokens: () => tokens,
    close() {
      tokens = null;
      listeners.forEach((listener) => listener());
    },
    signIn(pair: SessionTokens) {
      tokens = pair;
      listeners.forEach((listener) => listener());
    },
  };
}

/** The backend's rotation with reuse detection: a refresh token works once; presenting it again revokes the session. */
function createServer() {
  let serial = 1;
  let current = 'refresh-1';
  let revoked = false;
  const presented: string[] = [];
  return {
    presented,
    revoked: () => revoked,
    first: (): SessionTokens => ({ token: accessToken('s1', 1), refreshToken: current }),
    refresh: vi.fn((refreshToken: string): Promise<SessionTokens | null> => {
      presented.push(refreshToken);
      if (revoked || refreshToken !== current) {
        revoked = true;
        return Promise.resolve(null);
      }
      serial += 1;
      current = `refresh-${serial}`;
      return Promise.resolve({ token: accessToken('s1', serial), refreshToken: current });
    }),
  };
}
type Server = ReturnType<typeof createServer>;

const settle = () => vi.advanceTimersByTimeAsync(0);

/** A signed-in tab and a tab opened from it; the first holds the session's lock. */
async function twoTabs() {
  const hub = createHub();
  const locks = createLocks();
  const server = createServer();
  const first = openTab(hub, locks, server);
  first.signIn(server.first());
  await settle();
  const second = openTab(hub, locks, server, first);
  await settle();
  return { hub, locks, server, first, second };
}

describe('one session across tabs (issue 26 item 1)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the session id and lifetime from the access token', () => {
    expect(tokenFacts(accessToken('s9', 1, 900))).toEqual({ sessionId: 's9', lifetimeMs: 900_000 });
    expect(tokenFacts('not a token')).toBeNull();
  });

  it('renews in one tab only, before the token expires, and hands the new pair to the copied tab', async () => {
    const { server, first, second } = await twoTabs();

    for (let renewal = 1; renewal <= 5; renewal += 1) {
      await vi.advanceTimersByTimeAsync(45_000);
      expect(server.presented).toHaveLength(renewal);
      expect(second.tokens()).toEqual(first.tokens());
    }
    expect(new Set(server.presented).size).toBe(5);
    expect(server.revoked()).toBe(false);
  });

  it('a tab whose token was refused asks the renewing tab instead of presenting its refresh token', async () => {
    const { server, first, second } = await twoTabs();
    const stale = second.tokens()?.token ?? null;

    const [secondRenewed, firstRenewed] = await Promise.all([second.session.renew(stale), first.session.renew(stale)]);
    expect([secondRenewed, firstRenewed]).toEqual([true, true]);
    expect(server.presented).toEqual(['refresh-1']);
    expect(second.tokens()).toEqual(first.tokens());
    expect(second.tokens()?.token).not.toBe(stale);
  });

  it('a tab that missed a renewal gets the current pair when it asks', async () => {
    const { hub, locks, server, first } = await twoTabs();
    const copy = first.tokens();
    await first.session.renew(copy?.token ?? null);
    // A tab copied from an older state (its storage was copied before the renewal reached it)
    const late = openTab(hub, locks, server);
    late.signIn(copy as SessionTokens);
    await settle();

    await expect(late.session.renew(copy?.token ?? null)).resolves.toBe(true);
    expect(late.tokens()).toEqual(first.tokens());
    expect(server.presented).toEqual(['refresh-1']);
  });

  it('the next tab renews when the renewing tab is gone', async () => {
    const { server, first, second } = await twoTabs();

    const renewal = second.session.renew(second.tokens()?.token ?? null);
    // The renewing tab closes before the request reaches it: its lock passes to the waiting tab.
    first.close();
    await expect(renewal).resolves.toBe(true);
    expect(server.presented).toEqual(['refresh-1']);
    expect(second.tokens()?.refreshToken).toBe('refresh-2');
  });

  it('fails as a network failure when no tab answers, without presenting the refresh token', async () => {
    const hub = createHub();
    const neverGranted: LockManagerLike = { request: () => new Promise<void>(() => undefined) };
    const server = createServer();
    const lonely = openTab(hub, neverGranted, server);
    lonely.signIn(server.first());
    const renewal = lonely.session.renew(lonely.tokens()?.token ?? null);
    const outcome = expect(renewal).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(RENEW_WAIT_MS);
    await outcome;
    expect(server.presented).toEqual([]);
  });

  it('ends the session in every tab of it, not in a tab of another session', async () => {
    const { hub, locks, server, first, second } = await twoTabs();
    const other = openTab(hub, locks, server);
    other.signIn({ token: accessToken('s2', 1), refreshToken: 'other' });
    await settle();

    first.session.announceEnd('autoLogout');
    await settle();
    expect(second.ended).toHaveBeenCalledWith('autoLogout');
    expect(other.ended).not.toHaveBeenCalled();
  });

  it('tells the other tabs of activity, at most every few seconds', async () => {
    const { first, second } = await twoTabs();
    const heard = vi.fn();
    second.session.onActivity(heard);
    await settle();

    first.session.announceActivity();
    first.session.announceActivity();
    await settle();
    expect(heard).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    first.session.announceActivity();
    await settle();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
