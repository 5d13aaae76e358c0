/**
 * GraphiQL (issue 15 item 9): the development gateway serves it at /graphiql as one self-contained page (no script
 * or style from another host: there is no internet in the clinics' networks), the production gateway answers 404
 * there, also where it serves the web app, whose fallback page would otherwise answer.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModeGateways, type ModeGateways } from '../test-support/mode-gateways.js';

const WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');

let gateways: ModeGateways;
let urls: ModeGateways['urls'];
beforeAll(async () => {
  gateways = await startModeGateways({ WEB_DIST });
  urls = gateways.urls;
});
afterAll(async () => {
  await gateways?.close();
});

const open = (url: string) => fetch(`${url}/graphiql`, { headers: { accept: 'text/html' } });

describe('GraphiQL', () => {
  it('is served by the development gateway with every script and style inlined', async () => {
    const response = await open(urls.development);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('renderYogaGraphiQL');
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"/);
  });

  it('answers 404 in production', async () => {
    expect((await open(urls.production)).status).toBe(404);
  });
});
