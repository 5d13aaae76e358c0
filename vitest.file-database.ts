/**
 * Each integration test file gets a database of its own, copied from the run's migrated template
 * (vitest.template-database.ts) and dropped after the file: files running at the same time never see each other's
 * rows, and no file reads what earlier files left (a whole-study export stays the size of its own file's data).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { clonePostgresDatabase, dropPostgresDatabase } from './scripts/services.mjs';

const template = inject('templateDatabaseUrl');
if (template) {
  const url = await clonePostgresDatabase(template, randomBytes(3).toString('hex'));
  process.env.DATABASE_URL = url;
  afterAll(() => dropPostgresDatabase(url));
}
