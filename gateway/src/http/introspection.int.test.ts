/**
 * Introspection in production (issue 15 item 9): a gateway configured as in production refuses the schema's
 * introspection, while the development gateway answers it. Neither reaches a backend: introspection and
 * `__typename` are answered by the gateway alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModeGateways, type ModeGateways } from '../test-support/mode-gateways.js';

const INTROSPECTION = '{ __schema { queryType { name } } }';

let gateways: ModeGateways;
let urls: ModeGateways['urls'];
beforeAll(async () => {
  gateways = await startModeGateways();
  urls = gateways.urls;
});
afterAll(async () => {
  await gateways?.close();
});

const ask = async (url: string, query: string) => {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { message: string }[] } };
};

describe('introspection', () => {
  it('is refused by the production gateway, which still answers other operations', async () => {
    const refused = await ask(urls.production, INTROSPECTION);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors?.[0]?.message).toMatch(/introspection/i);
    expect((await ask(urls.production, '{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });

  it('is answered by the development gateway', async () => {
    expect((await ask(urls.development, INTROSPECTION)).body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});
