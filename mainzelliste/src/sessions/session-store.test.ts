import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store.js';

describe('session store (mainzelliste-api.md §1 "Sessions")', () => {
  it('expires idle sessions with their tokens and refreshes on use', () => {
    let clock = 0;
    const store = createSessionStore(10_000, () => clock);
    const session = store.create('server');
    const token = store.addToken(session, {
      type: 'checkMatch',
      serverName: 'server',
      data: { type: 'checkMatch', idTypes: ['pid'], callback: null, redirect: null },
      rawData: {},
      allowedUses: 2,
      auditTrail: null,
    });
    clock = 9_000;
    expect(store.token(token.id)).toBe(token);
    clock = 18_000;
    expect(store.get(session.id)).toBe(session);
    clock = 28_001;
    expect(store.token(token.id)).toBeUndefined();
    expect(store.get(session.id)).toBeUndefined();
    store.close();
  });

  it('removes a token after its last use', () => {
    const store = createSessionStore(10_000);
    const session = store.create('server');
    const token = store.addToken(session, {
      type: 'deletePatient',
      serverName: 'server',
      data: { type: 'deletePatient', callback: null, redirect: null },
      rawData: {},
      allowedUses: 2,
      auditTrail: null,
    });
    store.consume(token);
    expect(store.token(token.id)?.remainingUses).toBe(1);
    store.consume(token);
    expect(store.token(token.id)).toBeUndefined();
    expect(session.tokens.size).toBe(0);
    store.close();
  });
});
