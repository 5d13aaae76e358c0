/**
 * The gateway's health and shutdown (docs/gateway.md "Health and shutdown"): readiness follows the backend and
 * Redis; SIGTERM to the built gateway process closes its subscriptions with 1001 (Going away), lets the request
 * in flight complete, refuses new connections and exits with 0.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { holdRequest, readinessStatus } from '../../../scripts/http-probe.mjs';
import { freePort, startGateway } from '../../../scripts/services.mjs';
import { testGatewayConfig } from '../test-support/test-gateway-config.js';
import { createGateway } from '../server.js';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

async function readiness(url: string) {
  const answer = await fetch(`${url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as unknown };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A graphql-ws connection, acknowledged; resolves `closed` with the close code. */
async function subscriber(url: string, token: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'connection_ack') resolve();
    });
    socket.once('error', reject);
    void closed.then((code) => reject(new Error(`closed with ${code} before the acknowledgement`)));
  });
  return { closed };
}

describe('gateway health', () => {
  it('is not ready while the backend and Redis are unreachable, though live', async () => {
    const gateway = await createGateway(
      testGatewayConfig({
        backendUrl: `http://127.0.0.1:${await freePort()}`,
        mainzellisteUrl: `http://127.0.0.1:${await freePort()}`,
        redisUrl: `redis://127.0.0.1:${await freePort()}`,
        redisKeyPrefix: `ecrf:test:${randomUUID()}`,
      }),
    );
    const url = await gateway.listen(await freePort());
    try {
      expect(await readiness(url)).toEqual({
        status: 503,
        body: { status: 'not ready', checks: { backend: 'unreachable', redis: 'unreachable', draining: 'ok' } },
      });
      const live = await fetch(`${url}/livez`);
      expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      await gateway.close();
    }
  });

  it('drains on SIGTERM: subscribers get 1001, the request in flight completes, new connections are refused', async () => {
    const logs: string[] = [];
    const gateway = await startGateway({
      port: await freePort(),
      backendUrl: harness.backendUrl,
      mainzellisteUrl: `http://127.0.0.1:${await freePort()}`,
      env: { ...process.env, NODE_ENV: 'test', REDIS_URL, REDIS_KEY_PREFIX: `ecrf:test:${randomUUID()}` },
      log: (line) => logs.push(line),
    });
    try {
      expect(await readiness(gateway.url)).toEqual({
        status: 200,
        body: { status: 'ready', checks: { backend: 'ok', redis: 'ok', draining: 'ok' } },
      });
      const { token } = await harness.signIn('physician');
      const subscription = await subscriber(gateway.url, token);
      const inFlight = await holdRequest(gateway.url, { path: '/graphql', body: JSON.stringify({ query: '{ __typename }' }) });

      process.kill(gateway.pid, 'SIGTERM');
      expect(await subscription.closed).toBe(1001);
      await waitFor('new connections to be turned away', async () => (await readinessStatus(gateway.url)) !== 200);
      const answer = await inFlight.finish();
      expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { data: { __typename: 'Query' } }]);
      await waitFor('the process to exit', async () => gateway.exitCode !== null);
      expect(gateway.exitCode, logs.join('\n')).toBe(0);
    } finally {
      await gateway.stop();
    }
  }, 60_000);
});
