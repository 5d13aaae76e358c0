// Starts the built backend and gateway as child processes and waits until each answers. Used by
// `npm start` and by the browser tests, so both run the system exactly as a user does.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A new, empty PostgreSQL database `<name of databaseUrl's database>_<suffix>` (dropped first if it exists); answers its URL. */
export async function freshPostgresDatabase(databaseUrl, suffix) {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** @type {import('./services.d.mts').freePort} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function spawnService(name, script, env, log) {
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n')) if (line.trim()) log(`[${name}] ${line}`);
    });
  }
  return child;
}

async function waitUntilAnswering(url, child, name, method = 'GET', timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(url, { method });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms`);
}

function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/** Ends the process at once, as a crash would: no shutdown hook runs. */
function killChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** @type {import('./services.d.mts').startBackend} */
export async function startBackend({ port = 4100, publicUrl, env = process.env, log = console.log } = {}) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawnService(
    'backend',
    'backend/dist/main.js',
    { ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}), ...env, PORT: String(port), HOST: '127.0.0.1' },
    log,
  );
  try {
    await waitUntilAnswering(`${url}/api/v1.0/connectivity`, child, 'backend', 'HEAD');
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopChild(child), kill: () => killChild(child) };
}

/** @type {import('./services.d.mts').startMainzelliste} */
export async function startMainzelliste({ port = 4200, env = process.env, log = console.log } = {}) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawnService(
    'mainzelliste',
    'mainzelliste/dist/main.js',
    { ...env, MAINZELLISTE_PORT: String(port), MAINZELLISTE_HOST: '127.0.0.1' },
    log,
  );
  try {
    await waitUntilAnswering(`${url}/`, child, 'mainzelliste');
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopChild(child) };
}

/** @type {import('./services.d.mts').startServices} */
export async function startServices({
  backendPort = 4100,
  gatewayPort = 4000,
  mainzellistePort = 4200,
  env = process.env,
  log = console.log,
} = {}) {
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  // Backend and gateway reach the pseudonymisation service here; MAINZELLISTE_API_KEY in env is shared
  // by the service and the backend (the gateway needs none: it only uses the backend's tokens). EVENTS_API_KEY
  // in env reaches backend and gateway alike, so the gateway reads the event stream with the backend's key
  // (both default to the development key).
  const mainzellisteUrl = `http://127.0.0.1:${mainzellistePort}`;
  const started = await Promise.allSettled([
    startBackend({ port: backendPort, publicUrl: gatewayUrl, env: { ...env, MAINZELLISTE_URL: mainzellisteUrl }, log }),
    startMainzelliste({ port: mainzellistePort, env, log }),
  ]);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
    throw failure.reason;
  }
  const [backend, mainzelliste] = started.map((result) => result.value);
  try {
    const gateway = await startGateway({ port: gatewayPort, backendUrl: backend.url, mainzellisteUrl: mainzelliste.url, env, log });
    const stop = async () => {
      await Promise.all([gateway.stop(), backend.stop(), mainzelliste.stop()]);
    };
    return {
      url: gateway.url,
      backendUrl: backend.url,
      mainzellisteUrl: mainzelliste.url,
      pids: { gateway: gateway.pid, backend: backend.pid, mainzelliste: mainzelliste.pid },
      stop,
    };
  } catch (error) {
    await Promise.all([backend.stop(), mainzelliste.stop()]);
    throw error;
  }
}

/** @type {import('./services.d.mts').startGateway} */
export async function startGateway({ port = 4000, backendUrl, mainzellisteUrl, env = process.env, log = console.log }) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawnService(
    'gateway',
    'gateway/dist/main.js',
    {
      WEB_DIST: `${root}web/dist`,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BACKEND_URL: backendUrl,
      MAINZELLISTE_URL: mainzellisteUrl,
    },
    log,
  );
  try {
    await waitUntilAnswering(`${url}/readyz`, child, 'gateway');
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopChild(child) };
}
