/**
 * The gateway's delivery of the built web app (issue 14): the precompressed file by Accept-Encoding, hashed
 * assets cached for good, index.html revalidated, and the SPA fallback. A web build of its own (a script, a
 * style sheet and their brotli and gzip files) is written to a temporary folder; no backend call is made.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '@ecrf/database';
import { freePort } from '../../../scripts/services.mjs';
import { defaultClientConfig, developmentEventsApiKey, developmentFileLinkSecret } from '../config/gateway-config.js';
import { createGateway, type Gateway } from '../server.js';

const script = `export const screen = "${'Anmeldung '.repeat(400)}";\n`;
const styles = `.login { color: #24292f; }\n`.repeat(100);
const indexHtml =
  '<!doctype html><html lang="de"><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';

function webBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'ecrf-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  for (const [name, text] of [
    ['index-AbC123.js', script],
    ['index-DeF456.css', styles],
  ] as const) {
    const path = join(dist, 'assets', name);
    writeFileSync(path, text);
    writeFileSync(`${path}.br`, brotliCompressSync(text));
    writeFileSync(`${path}.gz`, gzipSync(text));
  }
  return dist;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

let gateway: Gateway;
let base: string;
beforeAll(async () => {
  gateway = await createGateway({
    // Nothing here reaches the backend: static files only.
    backendUrl: `http://127.0.0.1:${await freePort()}`,
    mainzellisteUrl: `http://127.0.0.1:${await freePort()}`,
    webDist: webBuild(),
    introspection: false,
    persistedOperations: undefined,
    persistedOperationsOnlyForWeb: false,
    graphiql: false,
    exposeUpstreamCalls: false,
    stackTraces: false,
    publicOrigins: [],
    client: defaultClientConfig,
    eventsApiKey: developmentEventsApiKey,
    fileLinkSecret: developmentFileLinkSecret,
    shutdownGraceMs: DEFAULT_SHUTDOWN_GRACE_MS,
    trustProxy: 'loopback',
    redisUrl: undefined,
    redisKeyPrefix: 'ecrf:events',
  });
  base = await gateway.listen(await freePort());
});
afterAll(async () => {
  await gateway?.close();
});

/** A GET with the raw bytes as sent (fetch would decode them). */
function get(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the web app as the gateway sends it', () => {
  it('sends brotli to browsers that take it, gzip to those that take only gzip, the plain file to the rest', async () => {
    const brotli = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.body.length).toBeLessThan(script.length / 10);

    const gzip = await get('/assets/index-DeF456.css', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^text\/css; charset=utf-8$/i);
    expect(gunzipSync(gzip.body).toString()).toBe(styles);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('lets browsers keep hashed assets for a year without asking, and asks them to revalidate the page', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/index-AbC123.js', { 'accept-encoding': encoding });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const page = await get('/index.html', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toBe(indexHtml);
  });

  it('answers every address of the app with index.html, not cached, and a missing asset with 404', async () => {
    const route = await get('/patient/abc', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body.toString()).toBe(indexHtml);
    const missing = await get('/assets/index-Old999.js', { accept: '*/*', 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
  });
});
