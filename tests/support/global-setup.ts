/**
 * Browser-test setup: a fresh database (PostgreSQL `<DATABASE_URL database>_e2e` when DATABASE_URL is
 * set, else embedded PGlite in a temporary directory), a real SMTP server catching the mails, then the
 * built backend and gateway started exactly as `npm start` starts them, on free ports. The demo users have read
 * the demo news (demo-news.ts), so sign-ins land on the dashboard.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, freshPostgresDatabase, startServices } from '../../scripts/services.mjs';
import { startMailCatcher } from './mail-catcher.js';
import { readDemoNews } from './demo-news.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The backend and pseudonymisation service behind the gateway (for a second gateway in outage tests). */
    backendUrl: string;
    mainzellisteUrl: string;
    /** Where the test SMTP server writes the mails it receives. */
    mailDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const logDir = join(import.meta.dirname, '..', 'test-results');
  mkdirSync(logDir, { recursive: true });
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'ecrf-e2e-'));
  const databaseUrl = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL, 'e2e') : '';
  const mailDir = join(dataDir, 'received-mail');
  const mail = await startMailCatcher(await freePort(), mailDir);
  const services = await startServices({
    backendPort: await freePort(),
    gatewayPort: await freePort(),
    mainzellistePort: await freePort(),
    // A Redis prefix of its own: the fan-out's lock and cursor belong to this run's backend alone.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mail.smtpUrl,
      NODE_ENV: 'test',
      // As in production: the screens' operations reach the gateway as persisted ids only (issue 15 item 9).
      PERSISTED_OPERATIONS_ONLY_FOR_WEB: 'true',
      REDIS_KEY_PREFIX: `ecrf:e2e:${randomUUID()}`,
    },
    log: (line) => lines.push(line),
  }).catch((error: unknown) => {
    writeFileSync(join(logDir, 'services.log'), lines.join('\n'));
    throw error;
  });
  await readDemoNews(services.backendUrl);
  project.provide('baseUrl', services.url);
  project.provide('backendUrl', services.backendUrl);
  project.provide('mainzellisteUrl', services.mainzellisteUrl);
  project.provide('mailDir', mailDir);
  return async () => {
    await services.stop();
    await mail.close();
    writeFileSync(join(logDir, 'services.log'), lines.join('\n'));
  };
}
