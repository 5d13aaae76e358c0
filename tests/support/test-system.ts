/**
 * A whole system for browser tests, started exactly as `npm start` starts it (backend, gateway and pseudonymisation
 * service on free ports): a fresh database of its own (PostgreSQL `<DATABASE_URL database>_<name>` when DATABASE_URL is
 * set, else embedded PGlite in a temporary directory) and the demo users with the demo news read (demo-news.ts), so
 * sign-ins land on the dashboard. The global setup starts the shared one; a test that needs other settings (e.g. a
 * one-minute access token) starts its own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgresDatabase, freePort, freshPostgresDatabase, startServices } from '../../scripts/services.mjs';
import { readDemoNews } from './demo-news.js';

export type TestSystem = {
  url: string;
  backendUrl: string;
  mainzellisteUrl: string;
  /** A temporary directory of this system's own, removed at stop. */
  dataDir: string;
  stop: () => Promise<void>;
};

export async function startTestSystem(
  name: string,
  { env = {}, log = () => undefined }: { env?: Record<string, string>; log?: (line: string) => void } = {},
): Promise<TestSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), `ecrf-${name}-`));
  const databaseUrl = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL, name) : '';
  const removeData = async () => {
    if (databaseUrl !== '') await dropPostgresDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const services = await startServices({
    backendPort: await freePort(),
    gatewayPort: await freePort(),
    mainzellistePort: await freePort(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // As in production: the screens' operations reach the gateway as persisted ids only (issue 15 item 9).
      PERSISTED_OPERATIONS_ONLY_FOR_WEB: 'true',
      // A Redis prefix of its own: the fan-out's lock and cursor belong to this system's backend alone.
      REDIS_KEY_PREFIX: `ecrf:${name}:${randomUUID()}`,
      ...env,
    },
    log,
  }).catch(async (error: unknown) => {
    await removeData();
    throw error;
  });
  await readDemoNews(services.backendUrl);
  return {
    url: services.url,
    backendUrl: services.backendUrl,
    mainzellisteUrl: services.mainzellisteUrl,
    dataDir,
    async stop() {
      await services.stop();
      await removeData();
    },
  };
}
