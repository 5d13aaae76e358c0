/**
 * `npm start` supervises its services (issue 16): the built services run as real child processes, the backend
 * and the pseudonymisation service on ports that fetch and browsers refuse (6000, …). A service killed with
 * SIGKILL answers again on the same URL, and the supervisor printed the restart. A gateway port on that list
 * is refused with a German message naming the reason.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessStatus } from '../../scripts/http-probe.mjs';
import { BAD_PORTS, portIsFree } from '../../scripts/ports.mjs';
import {
  dropPostgresDatabase,
  freePort,
  freshPostgresDatabase,
  startServices,
  type Services,
  type SupervisedService,
} from '../../scripts/services.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const logs: string[] = [];
let services: Services<SupervisedService>;
let databaseUrl = '';

/** Two bad ports above 1023 that are free here (6000 and 6665 on most machines). */
async function freeBadPorts(): Promise<[number, number]> {
  const free: number[] = [];
  for (const port of [...BAD_PORTS].filter((candidate) => candidate > 1023)) if (await portIsFree(port)) free.push(port);
  const [first, second] = free;
  if (first === undefined || second === undefined) throw new Error('no two free bad ports on this machine');
  return [first, second];
}

/** A JSON POST over node:http (fetch refuses bad ports); answers status and parsed body. */
function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  const [backendPort, mainzellistePort] = await freeBadPorts();
  const dataDir = mkdtempSync(join(tmpdir(), 'ecrf-supervisor-'));
  databaseUrl = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL, 'supervisor') : '';
  services = await startServices({
    backendPort,
    mainzellistePort,
    gatewayPort: await freePort(),
    supervise: true,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      REDIS_KEY_PREFIX: `ecrf:supervisor:${randomUUID()}`,
    },
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await services?.stop();
  if (databaseUrl !== '') await dropPostgresDatabase(databaseUrl);
});

describe('npm start supervises its services', () => {
  it('runs the backend and the pseudonymisation service on bad ports, and they reach each other', async () => {
    const signIn = await post(`${services.backendUrl}/api/v1.0/Auth`, { userName: 'physician', password: 'Demo-Passwort1' });
    expect(signIn.status).toBe(200);
    const { token } = signIn.body as { token: string };
    // The backend asks the pseudonymisation service for a token.
    const token201 = await post(`${services.backendUrl}/api/v1.0/Mainzelliste/getCheckPatientMatchToken`, {}, token);
    expect(token201.status, logs.join('\n')).toBe(201);
  });

  for (const name of ['backend', 'gateway'] as const) {
    it(`starts the ${name} again on the same URL after kill -9, and prints the restart`, async () => {
      const service = services.services[name];
      const killedPid = service.pid;
      const restarted = service.nextStart();
      await service.kill();
      const pid = await restarted;
      expect(pid).not.toBe(killedPid);
      expect(service.pid).toBe(pid);
      expect(service.restarts).toBe(1);
      expect(await readinessStatus(service.url)).toBe(200);
      expect(logs).toContain(`[supervisor] ${name} (pid ${killedPid}) endete mit Signal SIGKILL – Neustart in 0,5 s (1. Neustart)`);
      expect(logs).toContain(`[supervisor] ${name} läuft wieder (pid ${pid})`);
    });
  }

  it('refuses a bad port for the gateway with a message naming the reason', async () => {
    const started = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: '6000', DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-bad-port-')) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    started.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const code = await new Promise<number | null>((resolve) => started.once('exit', resolve));
    expect(code).toBe(1);
    expect(errors).toContain('PORT=6000: Browser öffnen diesen Port nicht');
    expect(errors).toContain('bad ports');
  });
});
