#!/usr/bin/env node
/**
 * `npm run generate -- --patients 20000 [--seed N] [--batch 500]` with DATABASE_URL: migrates and seeds the
 * database as the backend does, then fills it with a synthetic registry (registry-generator.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { runMigrations } from '../db/migrate.js';
import { seedDatabase } from '../seed/seed.js';
import { generateRegistry } from './registry-generator.js';

const { values } = parseArgs({
  options: {
    patients: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    batch: { type: 'string', default: '500' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('npm run generate needs DATABASE_URL (PostgreSQL)');
  process.exit(1);
}
const started = performance.now();
const database = await openDatabase({ databaseUrl });
try {
  await runMigrations(database);
  await seedDatabase(database.db, loadConfig(process.env));
  const generated = await generateRegistry(database.db, {
    patients: Number(values.patients),
    seed: Number(values.seed),
    batchSize: Number(values.batch),
    onProgress: (done) => process.stdout.write(`\r${done} patients`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\n${generated.studyPatientIds.length} patients (${generated.templates} templates, ${generated.longHistories} with 20 visits) in ${seconds} s`,
  );
} finally {
  await database.close();
}
