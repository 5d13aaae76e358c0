/**
 * The run's template database (issue 30 item 5): the backend and the pseudonymisation service migrated and seeded once
 * into `<database of DATABASE_URL>_t`, which every integration test file copies (vitest.file-database.ts) instead of
 * migrating, and dropped when the run ends. Each Node project names this setup; they share one template.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createBackend } from './backend/src/server.js';
import { createService } from './mainzelliste/src/server.js';
import { dropPostgresDatabase, freshPostgresDatabase } from './scripts/services.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template (empty without DATABASE_URL: the tests run on in-memory PGlite). */
    templateDatabaseUrl: string;
  }
}

type Template = { url: Promise<string>; projects: number };
// Every project loads this module on its own; the template is one per run, so it lives on the process.
const registry = globalThis as { ecrfTemplateDatabase?: Template };

async function createTemplate(databaseUrl: string): Promise<string> {
  const url = await freshPostgresDatabase(databaseUrl, 't');
  // As the services start on it: migrations, the job queue's schema and the seed, then nothing stays connected.
  const backend = await createBackend({ NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-template-')) });
  await backend.close();
  const service = await createService({ MAINZELLISTE_DATABASE_URL: url });
  await service.close();
  return url;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    project.provide('templateDatabaseUrl', '');
    return undefined;
  }
  const template = (registry.ecrfTemplateDatabase ??= { url: createTemplate(databaseUrl), projects: 0 });
  template.projects += 1;
  project.provide('templateDatabaseUrl', await template.url);
  return async () => {
    template.projects -= 1;
    if (template.projects > 0) return;
    delete registry.ecrfTemplateDatabase;
    await dropPostgresDatabase(await template.url);
  };
}
