#!/usr/bin/env node
/** `npm run backup [-- <dir>]`: default ${BACKUP_DIR:-./data/backups}/<UTC time> (docs/operations.md). */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupName, createBackup } from './backup.js';
import { databasePairFrom } from './database-pair.js';

try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const now = new Date();
  const dir = resolve(positionals[0] ?? join(process.env.BACKUP_DIR || './data/backups', backupName(now)));
  const manifest = await createBackup(databasePairFrom(process.env), dir, now);
  console.log(`Backup written to ${dir}`);
  console.log(`  registry: ${manifest.registry.schemaVersion.migrations} migrations (latest ${manifest.registry.schemaVersion.latest})`);
  console.log(
    `  pseudonymisation: ${manifest.pseudonymisation.schemaVersion.migrations} migrations (latest ${manifest.pseudonymisation.schemaVersion.latest})`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
