/**
 * Health and shutdown of the pseudonymisation service (docs/mainzelliste.md "Health and shutdown"): readiness
 * follows its database; closing drains — the request in flight completes, new connections are refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { holdRequest, readinessStatus } from '../../../scripts/http-probe.mjs';
import { freePort } from '../../../scripts/services.mjs';
import { DEV_API_KEY } from '../config/config.js';
import { createTestService, type TestService } from '../test-support/test-service.js';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close().catch(() => undefined);
  service = undefined;
});

describe('pseudonymisation service health', () => {
  it('is live and ready, and not ready once its database is gone', async () => {
    service = await createTestService();
    const live = await service.app.inject({ method: 'GET', url: '/livez' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await service.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready', checks: { database: 'ok', draining: 'ok' } }]);

    await service.database.close();
    const gone = await service.app.inject({ method: 'GET', url: '/readyz' });
    expect([gone.statusCode, gone.json()]).toEqual([503, { status: 'not ready', checks: { database: 'unreachable', draining: 'ok' } }]);
  });

  it('drains on close: the request in flight completes, new connections are refused', async () => {
    service = await createTestService();
    const url = await service.app.listen({ port: await freePort(), host: '127.0.0.1' });
    const inFlight = await holdRequest(url, { path: '/sessions', headers: { mainzellisteApiKey: DEV_API_KEY }, body: '{}' });
    const closing = service.app.close();
    expect(await readinessStatus(url)).not.toBe(200);
    const answer = await inFlight.finish();
    expect([answer.status, answer.headers.connection]).toEqual([201, 'close']);
    expect(JSON.parse(answer.body)).toHaveProperty('sessionId');
    await closing;
  });
});
