/**
 * Issue 18, defect 7: a hung or stopped backend ends in the spec's connection message (ecrf-core.md §8),
 * not in an endless "Wird geladen …" or a generic load failure. A second real gateway reaches the real
 * backend through a TCP relay that this test can make hang or refuse.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { freePort, startGateway, type Service } from '../../scripts/services.mjs';
import { useBrowser } from '../support/browser.js';
import { demoPassword } from './pages/login-page.js';

type RelayMode = 'pass' | 'hang' | 'refuse';

/** Forwards TCP to the backend; 'hang' accepts and never answers, 'refuse' stops listening. */
function startRelay(target: URL, port: number) {
  let mode: RelayMode = 'pass';
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (mode === 'hang') return;
        const upstream = connect(Number(target.port), target.hostname);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    listen,
    async setMode(next: RelayMode) {
      mode = next;
      // Kept-alive connections would still forward: the gateway has to connect anew.
      dropConnections();
      if (next === 'refuse' && server) {
        const closing = server;
        server = null;
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
      if (next !== 'refuse' && server === null) await listen();
    },
    async close() {
      dropConnections();
      if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    },
  };
}

const browser = useBrowser();
let relay: ReturnType<typeof startRelay>;
let gateway: Service;
let page: Page;

beforeAll(async () => {
  const relayPort = await freePort();
  relay = startRelay(new URL(inject('backendUrl')), relayPort);
  await relay.listen();
  gateway = await startGateway({
    port: await freePort(),
    backendUrl: `http://127.0.0.1:${relayPort}`,
    mainzellisteUrl: inject('mainzellisteUrl'),
    env: { ...process.env, NODE_ENV: 'test' },
    log: () => undefined,
  });
}, 90_000);

afterAll(async () => {
  await gateway?.stop();
  await relay?.close();
});

beforeEach(async () => {
  await relay.setMode('pass');
  page = await browser.newPage();
  await page.goto(`${gateway.url}/`);
  await page.getByRole('textbox', { name: 'Benutzername' }).fill('physician');
  await page.getByLabel('Passwort', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const location = page.getByRole('dialog', { name: 'Standortauswahl' });
  await location.getByRole('radio').first().check();
  await location.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/home');
});

const connectionFailure = 'Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.';

describe('Outages of the backend', () => {
  it('a hung backend ends in the connection message instead of loading forever', async () => {
    // Given the backend accepts connections but answers nothing
    await relay.setMode('hang');

    // When I open the patient list
    await page.goto(`${gateway.url}/patients`);

    // Then, after the gateway's upstream time-out, I read the connection message, and nothing loads any more
    await page.getByText(connectionFailure).first().waitFor({ timeout: 45_000 });
    expect(await page.getByText('Wird geladen …').count()).toBe(0);
    expect(await page.getByText('Die Daten konnten nicht geladen werden.').count()).toBe(0);
  }, 60_000);

  it('a stopped backend shows the connection message, not a generic load failure or English text', async () => {
    // Given the backend does not accept connections
    await relay.setMode('refuse');

    // When I open the patient list
    await page.goto(`${gateway.url}/patients`);

    // Then I read the connection message only
    await page.getByText(connectionFailure).first().waitFor({ timeout: 15_000 });
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Die Daten konnten nicht geladen werden.');
    expect(text).not.toContain('backend unreachable');
    expect(text).not.toContain('ECONNREFUSED');
  }, 30_000);
});
