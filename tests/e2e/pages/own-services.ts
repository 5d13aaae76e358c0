/**
 * A system of the test's own, started as the global setup starts the shared one but with settings of its own
 * (e.g. a one-minute access token): a fresh database beside DATABASE_URL (or PGlite), the demo users with their
 * news read.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgresDatabase, freePort, freshPostgresDatabase, startServices } from '../../../scripts/services.mjs';
import { readDemoNews } from '../../support/demo-news.js';

export type OwnServices = { url: string; stop: () => Promise<void> };

export async function startOwnServices(name: string, env: Record<string, string>): Promise<OwnServices> {
  const dataDir = mkdtempSync(join(tmpdir(), `ecrf-${name}-`));
  const databaseUrl = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL, `e2e_${name}`) : '';
  const services = await startServices({
    backendPort: await freePort(),
    gatewayPort: await freePort(),
    mainzellistePort: await freePort(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PERSISTED_OPERATIONS_ONLY_FOR_WEB: 'true',
      REDIS_KEY_PREFIX: `ecrf:e2e-${name}:${randomUUID()}`,
      ...env,
    },
    log: () => undefined,
  });
  await readDemoNews(services.backendUrl);
  return {
    url: services.url,
    async stop() {
      await services.stop();
      if (databaseUrl !== '') await dropPostgresDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
