import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../__generated__/database.js';
import { forgetOpenSessions, isSessionOpen, rememberedSessions, SESSION_CACHE_LIMIT, SESSION_CACHE_MS } from './sessions.js';

/** A database whose refresh-token query finds an open session and counts how often it was asked. */
function openSessions(): { db: Kysely<DB>; queries: () => number } {
  let queries = 0;
  const chain: Record<string, unknown> = {};
  for (const step of ['selectFrom', 'select', 'where', 'limit']) chain[step] = () => chain;
  chain.executeTakeFirst = async () => {
    queries += 1;
    return { id: 'token' };
  };
  return { db: chain as unknown as Kysely<DB>, queries: () => queries };
}

describe('remembered open sessions', () => {
  it('spare the query for a few seconds, then ask again', async () => {
    forgetOpenSessions();
    const { db, queries } = openSessions();
    expect(await isSessionOpen(db, 'a', 0)).toBe(true);
    expect(await isSessionOpen(db, 'a', SESSION_CACHE_MS - 1)).toBe(true);
    expect(queries()).toBe(1);
    expect(await isSessionOpen(db, 'a', SESSION_CACHE_MS)).toBe(true);
    expect(queries()).toBe(2);
  });

  it('stay bounded however many sessions a long-running process sees', async () => {
    forgetOpenSessions();
    const { db } = openSessions();
    for (let i = 0; i < SESSION_CACHE_LIMIT; i += 1) await isSessionOpen(db, `old-${i}`, 0);
    expect(rememberedSessions()).toBe(SESSION_CACHE_LIMIT);
    // Later, the expired ones make room for the new.
    await isSessionOpen(db, 'new', SESSION_CACHE_MS * 2);
    expect(rememberedSessions()).toBe(1);
    // All still fresh: the oldest gives way.
    for (let i = 0; i < SESSION_CACHE_LIMIT + 5; i += 1) await isSessionOpen(db, `busy-${i}`, SESSION_CACHE_MS * 2);
    expect(rememberedSessions()).toBe(SESSION_CACHE_LIMIT);
  });
});
