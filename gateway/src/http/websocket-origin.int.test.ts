import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** The HTTP status of the handshake: 101 when the socket opened. */
function handshake(origin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${harness.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', origin ? { origin } : {});
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('WebSocket Origin (issue 15)', () => {
  it('refuses a handshake from a foreign Origin with 403', async () => {
    expect(await handshake('https://evil.example')).toBe(403);
  });

  it('accepts the gateway’s own origin, a configured public origin and clients without an Origin', async () => {
    expect(await handshake(harness.url)).toBe(101);
    expect(await handshake('https://ecrf.example')).toBe(101);
    expect(await handshake(undefined)).toBe(101);
  });
});
