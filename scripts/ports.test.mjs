import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BAD_PORTS, choosePort, freePort, isBadPort, portIsFree } from './ports.mjs';

const servers = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Holds `port` (or any port) on 127.0.0.1 until the test ends; answers the port. */
function occupy(port = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve(server.address().port);
    });
  });
}

describe('port choice of npm start', () => {
  it('knows the fetch bad ports', () => {
    expect(isBadPort(6000)).toBe(true);
    expect(isBadPort(10080)).toBe(true);
    expect(isBadPort(4000)).toBe(false);
  });

  it('takes a free default port as it is', async () => {
    const port = await freePort();
    expect(await choosePort({ name: 'das Backend', variable: 'BACKEND_PORT', requested: undefined, fallback: port })).toBe(port);
  });

  it('gives way to a free port that is not a bad port when the default is taken', async () => {
    const taken = await occupy();
    const port = await choosePort({ name: 'das eCRF', variable: 'PORT', requested: '', fallback: taken, browserFacing: true });
    expect(port).not.toBe(taken);
    expect(isBadPort(port)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
  });

  it('skips a bad default port', async () => {
    const port = await choosePort({ name: 'das eCRF', variable: 'PORT', requested: undefined, fallback: 6000, browserFacing: true });
    expect(port).not.toBe(6000);
    expect(BAD_PORTS.has(port)).toBe(false);
  });

  it('refuses a bad port asked for the gateway, naming the reason, and allows it for the other services', async () => {
    await expect(
      choosePort({ name: 'das eCRF (Gateway)', variable: 'PORT', requested: '6000', fallback: 4000, browserFacing: true }),
    ).rejects.toThrow(/PORT=6000: Browser öffnen diesen Port nicht .*bad ports/);
    expect(await choosePort({ name: 'das Backend', variable: 'BACKEND_PORT', requested: '6000', fallback: 4100 })).toBe(6000);
  });

  it('refuses a value that is no port number', async () => {
    await expect(choosePort({ name: 'das Backend', variable: 'BACKEND_PORT', requested: 'abc', fallback: 4100 })).rejects.toThrow(
      'BACKEND_PORT=abc: keine Portnummer',
    );
  });
});
