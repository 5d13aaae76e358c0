// Starts the built backend, pseudonymisation service and gateway as child processes and waits until each is
// ready. Used by `npm start` (supervised: restarted when they end) and by the browser tests, so both run the
// system exactly as a user does.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICE_LOGINS, serviceLoginUrl } from '@ecrf/database';
import pg from 'pg';
import { readinessStatus } from './http-probe.mjs';
import { supervise } from './supervisor.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs statements on the server's `postgres` database (creating and dropping databases). */
async function onServer(databaseUrl, statements) {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty PostgreSQL database `<name of databaseUrl's database>_<suffix>` (dropped first if it exists); answers its URL. */
export async function freshPostgresDatabase(databaseUrl, suffix) {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  await onServer(databaseUrl, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"`]);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database beside `databaseUrl` with a login that is a member of `role` (created if missing, as the
 * services' migrations create it): how production runs a service with the least privileges. Answers the owner's and
 * the login's URLs and `remove`, which drops both.
 */
export async function serviceLoginDatabase(databaseUrl, suffix, role) {
  const ownerUrl = await freshPostgresDatabase(databaseUrl, suffix);
  const login = `${role}_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await onServer(databaseUrl, [
    `DO $$ BEGIN CREATE ROLE ${role} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
    `DROP ROLE IF EXISTS ${login}`,
    `CREATE ROLE ${login} LOGIN IN ROLE ${role}`,
  ]);
  return {
    ownerUrl,
    serviceUrl: Object.assign(new URL(ownerUrl), { username: login }).toString(),
    login,
    remove: async () => {
      await dropPostgresDatabase(ownerUrl);
      await onServer(databaseUrl, [`DROP ROLE IF EXISTS ${login}`]);
    },
  };
}

/** Runs one statement on `url` and answers PostgreSQL's error message, or null when it ran. */
export async function postgresRefusal(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end();
  }
}

/** Drops the database of `databaseUrl` (a fresh one a test made), closing its connections. */
export async function dropPostgresDatabase(databaseUrl) {
  await onServer(databaseUrl, [`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`]);
}

export { freePort } from './ports.mjs';

/**
 * A supervised child gets its own process group: Ctrl+C reaches `npm start` alone, which stops it (no restart race).
 * SERVICES_CPU_PROFILE_DIR in env writes each service's V8 CPU profile there when it ends (the registry benchmark's
 * profiles; node refuses --cpu-prof in NODE_OPTIONS).
 */
function spawnService(name, script, env, log, detached) {
  const profile = env.SERVICES_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.SERVICES_CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n')) if (line.trim()) log(`[${name}] ${line}`);
    });
  }
  return child;
}

/** Waits for readiness over node:http (http-probe.mjs), which any port allows. */
async function waitUntilReady(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited with ${child.signalCode ?? `code ${child.exitCode}`} while starting`);
    }
    if ((await readinessStatus(url)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url}/readyz within ${timeoutMs} ms`);
}

/** SIGTERM lets the service drain (SHUTDOWN_GRACE_MS, default 25 s); SIGKILL only if it overstays that. */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
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

/** Starts `script` and waits for its readiness; supervised, it is started again whenever it ends unexpectedly. */
async function startService({ name, script, env, url, log, supervised }) {
  const launch = async (onSpawn) => {
    const child = spawnService(name, script, env, log, supervised);
    onSpawn(child);
    try {
      await waitUntilReady(url, child, name);
    } catch (error) {
      await stopChild(child);
      throw error;
    }
  };
  if (supervised) {
    const service = await supervise({ name, launch, stopChild, killChild, log });
    return {
      url,
      get pid() {
        return service.pid;
      },
      get restarts() {
        return service.restarts;
      },
      stop: service.stop,
      kill: service.kill,
      nextStart: service.nextStart,
    };
  }
  let child;
  await launch((spawned) => {
    child = spawned;
  });
  return {
    url,
    pid: child.pid,
    get exitCode() {
      return child.exitCode;
    },
    stop: () => stopChild(child),
    kill: () => killChild(child),
  };
}

/**
 * A service given only its owner's URL (`npm start` with DATABASE_URL, the tests, the CI's superuser) migrates with
 * it and serves as its least-privileged login, as in production (docs/security.md "Database logins").
 */
async function withServiceLogin(env, urlVariable, migrationVariable, login) {
  const ownerUrl = env[urlVariable];
  if (!ownerUrl || env[migrationVariable]) return env;
  return { ...env, [migrationVariable]: ownerUrl, [urlVariable]: await serviceLoginUrl(ownerUrl, login) };
}

/** @type {import('./services.d.mts').startBackend} */
export async function startBackend({ port = 4100, publicUrl, env = process.env, log = console.log, supervise: supervised = false } = {}) {
  const withLogin = await withServiceLogin(env, 'DATABASE_URL', 'MIGRATION_DATABASE_URL', SERVICE_LOGINS.registry);
  return startService({
    name: 'backend',
    script: 'backend/dist/main.js',
    env: { ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}), ...withLogin, PORT: String(port), HOST: '127.0.0.1' },
    url: `http://127.0.0.1:${port}`,
    log,
    supervised,
  });
}

/** @type {import('./services.d.mts').startMainzelliste} */
export async function startMainzelliste({ port = 4200, env = process.env, log = console.log, supervise: supervised = false } = {}) {
  const withLogin = await withServiceLogin(
    env,
    'MAINZELLISTE_DATABASE_URL',
    'MAINZELLISTE_MIGRATION_DATABASE_URL',
    SERVICE_LOGINS.mainzelliste,
  );
  return startService({
    name: 'mainzelliste',
    script: 'mainzelliste/dist/main.js',
    env: { ...withLogin, MAINZELLISTE_PORT: String(port), MAINZELLISTE_HOST: '127.0.0.1' },
    url: `http://127.0.0.1:${port}`,
    log,
    supervised,
  });
}

/** @type {import('./services.d.mts').startGateway} */
export function startGateway({
  port = 4000,
  backendUrl,
  mainzellisteUrl,
  env = process.env,
  log = console.log,
  supervise: supervised = false,
}) {
  return startService({
    name: 'gateway',
    script: 'gateway/dist/main.js',
    env: {
      WEB_DIST: `${root}web/dist`,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BACKEND_URL: backendUrl,
      MAINZELLISTE_URL: mainzellisteUrl,
    },
    url: `http://127.0.0.1:${port}`,
    log,
    supervised,
  });
}

/** @type {import('./services.d.mts').startServices} */
export async function startServices({
  backendPort = 4100,
  gatewayPort = 4000,
  mainzellistePort = 4200,
  env = process.env,
  log = console.log,
  supervise: supervised = false,
} = {}) {
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  // Backend and gateway reach the pseudonymisation service here; MAINZELLISTE_API_KEY in env is shared
  // by the service and the backend (the gateway needs none: it only uses the backend's tokens). EVENTS_API_KEY
  // in env reaches backend and gateway alike, so the gateway reads the event stream with the backend's key
  // (both default to the development key).
  const mainzellisteUrl = `http://127.0.0.1:${mainzellistePort}`;
  const started = await Promise.allSettled([
    startBackend({
      port: backendPort,
      publicUrl: gatewayUrl,
      env: { ...env, MAINZELLISTE_URL: mainzellisteUrl },
      log,
      supervise: supervised,
    }),
    startMainzelliste({ port: mainzellistePort, env, log, supervise: supervised }),
  ]);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
    throw failure.reason;
  }
  const [backend, mainzelliste] = started.map((result) => result.value);
  try {
    const gateway = await startGateway({
      port: gatewayPort,
      backendUrl: backend.url,
      mainzellisteUrl: mainzelliste.url,
      env,
      log,
      supervise: supervised,
    });
    return {
      url: gateway.url,
      backendUrl: backend.url,
      mainzellisteUrl: mainzelliste.url,
      services: { gateway, backend, mainzelliste },
      get pids() {
        return { gateway: gateway.pid, backend: backend.pid, mainzelliste: mainzelliste.pid };
      },
      stop: async () => {
        await Promise.all([gateway.stop(), backend.stop(), mainzelliste.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([backend.stop(), mainzelliste.stop()]);
    throw error;
  }
}
