import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
let token: string;
beforeAll(async () => {
  harness = await startHarness();
  token = (await harness.signIn('superadmin')).token;
});
afterAll(async () => {
  await harness?.close();
});

const CREATE = 'mutation($input: RightInput!) { createRight(input: $input) { right { id identifier } errors { code } } }';
const RIGHTS = '{ rights(first: 500) { edges { node { identifier } } } }';

type Answer = {
  data: { createRight: { right: { id: string; identifier: string } | null } } | null;
  errors?: { extensions?: { code?: string; upstreamCode?: string } }[];
};

async function create(identifier: string, key: string): Promise<Answer> {
  const response = await fetch(`${harness.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify({ query: CREATE, variables: { input: { identifier } } }),
  });
  return (await response.json()) as Answer;
}

/** Issue 15 item 7: a mutation sent again with its Idempotency-Key makes no duplicate. */
describe('Idempotency-Key on mutations', () => {
  it('answers a retried mutation as the first time and creates once', async () => {
    const identifier = `GraphIdem_${Date.now()}`;
    const key = randomUUID();
    const first = await create(identifier, key);
    expect(first.data?.createRight.right?.identifier).toBe(identifier);
    const retry = await create(identifier, key);
    expect(retry.data?.createRight.right?.id).toBe(first.data?.createRight.right?.id);
    const rights = await harness.request<{ rights: { edges: { node: { identifier: string } }[] } }>(RIGHTS, {}, token);
    expect(rights.data?.rights.edges.filter((e) => e.node.identifier === identifier)).toHaveLength(1);
  });

  it('refuses the same key with other variables', async () => {
    const key = randomUUID();
    expect((await create(`GraphIdemA_${Date.now()}`, key)).data?.createRight.right).not.toBeNull();
    const reused = await create(`GraphIdemB_${Date.now()}`, key);
    expect(reused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', upstreamCode: 'ECRF_ERR_IDEMPOTENCY_KEY_REUSED' });
  });
});
