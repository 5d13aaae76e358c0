/**
 * GraphiQL (issue 27 item 5): the development gateway serves the web app's explorer page at /graphiql and the schema's
 * SDL beside it; the production gateway answers 404 at both, also where it serves the web app, whose fallback page
 * would otherwise answer, unless GRAPHIQL=true switches them on. The page itself is tested in Chromium
 * (tests/e2e/graphiql.spec.ts).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeDefs } from '../schema.js';
import { startModeGateways, type ModeGateways } from '../test-support/mode-gateways.js';

const WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');

let gateways: ModeGateways;
let switchedOn: ModeGateways;
beforeAll(async () => {
  gateways = await startModeGateways({ WEB_DIST });
  switchedOn = await startModeGateways({ WEB_DIST, GRAPHIQL: 'true' });
});
afterAll(async () => {
  await gateways?.close();
  await switchedOn?.close();
});

const open = (url: string, path = '/graphiql') => fetch(`${url}${path}`, { headers: { accept: 'text/html' } });

describe('GraphiQL', () => {
  it('is served by the development gateway: the web app at /graphiql, the SDL beside it', async () => {
    const page = await open(gateways.urls.development);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const sdl = await open(gateways.urls.development, '/graphiql/schema.graphql');
    expect([sdl.status, sdl.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(await sdl.text()).toBe(typeDefs);
  });

  it('answers 404 in production, page and SDL', async () => {
    expect((await open(gateways.urls.production)).status).toBe(404);
    expect((await open(gateways.urls.production, '/graphiql/schema.graphql')).status).toBe(404);
  });

  it('is served in production when GRAPHIQL=true', async () => {
    expect((await open(switchedOn.urls.production)).status).toBe(200);
    expect((await open(switchedOn.urls.production, '/graphiql/schema.graphql')).status).toBe(200);
  });
});
