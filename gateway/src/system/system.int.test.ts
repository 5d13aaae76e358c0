/** systemAssemblies through the gateway against a real backend. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const QUERY = '{ systemAssemblies { version components { name version } } }';
type Answer = { systemAssemblies: { version: string; components: { name: string; version: string }[] } | null };

describe('systemAssemblies', () => {
  it('names the running components to a platform administrator', async () => {
    const { token } = await harness.signIn('superadmin');
    const answer = await harness.request<Answer>(QUERY, {}, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.systemAssemblies?.version).toBe('1.30.6');
    const names = answer.data?.systemAssemblies?.components.map((c) => c.name);
    expect(names).toEqual(['@ecrf/backend', 'node', 'postgresql', 'database-schema']);
  });

  it('is null for a viewer without AssembliesGetCmd', async () => {
    const { token } = await harness.signIn('physician');
    const answer = await harness.request<Answer>(QUERY, {}, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.systemAssemblies).toBeNull();
  });
});
