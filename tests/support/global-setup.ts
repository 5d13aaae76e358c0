/**
 * Browser-test setup: a real SMTP server catching the mails, then the shared system of the browser tests
 * (test-system.ts: a fresh database, the built services started as `npm start` starts them, on free ports).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/services.mjs';
import { startMailCatcher } from './mail-catcher.js';
import { startTestSystem } from './test-system.js';

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
  const mailDir = join(mkdtempSync(join(tmpdir(), 'ecrf-e2e-mail-')), 'received-mail');
  const mail = await startMailCatcher(await freePort(), mailDir);
  const system = await startTestSystem('e2e', { env: { SMTP_URL: mail.smtpUrl }, log: (line) => lines.push(line) }).catch(
    async (error: unknown) => {
      writeFileSync(join(logDir, 'services.log'), lines.join('\n'));
      await mail.close();
      throw error;
    },
  );
  project.provide('baseUrl', system.url);
  project.provide('backendUrl', system.backendUrl);
  project.provide('mainzellisteUrl', system.mainzellisteUrl);
  project.provide('mailDir', mailDir);
  return async () => {
    await system.stop();
    await mail.close();
    writeFileSync(join(logDir, 'services.log'), lines.join('\n'));
  };
}
