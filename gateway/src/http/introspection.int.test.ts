/**
 * Introspection in production (issue 15 item 9): a gateway configured as in production refuses the schema's
 * introspection, while the development gateway answers it. Neither reaches a backend: introspection and
 * `__typename` are answered by the gateway alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import { gatewayConfigFromEnv } from '../config/gateway-config.js';
import { createGateway, type Gateway } from '../server.js';

const INTROSPECTION = '{ __schema { queryType { name } } }';

const gateways: Gateway[] = [];
const urls: Record<'production' | 'development', string> = { production: '', development: '' };

beforeAll(async () => {
  for (const mode of ['production', 'development'] as const) {
    const gateway = await createGateway(
      gatewayConfigFromEnv({
        NODE_ENV: mode,
        EVENTS_API_KEY: 'introspection-test-key',
        FILE_LINK_SECRET: 'introspection-test-secret',
        BACKEND_URL: `http://127.0.0.1:${await freePort()}`,
        MAINZELLISTE_URL: `http://127.0.0.1:${await freePort()}`,
      }),
    );
    gateways.push(gateway);
    urls[mode] = await gateway.listen(await freePort());
  }
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
});

const ask = async (url: string, query: string) => {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
