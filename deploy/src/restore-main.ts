#!/usr/bin/env node
/** `npm run restore -- [--force] <dir>` into DATABASE_URL and MAINZELLISTE_DATABASE_URL (docs/operations.md). */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { databasePairFrom } from './database-pair.js';
import { restoreBackup } from './restore.js';

try {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new Error('usage: npm run restore -- [--force] <backup directory>');
  const dir = resolve(positionals[0] as string);
  const consistency = await restoreBackup({ dir, databases: databasePairFrom(process.env), replace: values.force });
  console.log(`Restored ${dir}`);
  if (consistency.missingIdentities.length > 0) {
    console.error(
      `Inconsistent: ${consistency.missingIdentities.length} of ${consistency.linkedPseudonyms} linked pseudonyms have no identity: ` +
        consistency.missingIdentities.slice(0, 20).join(', '),
    );
    process.exitCode = 2;
  } else {
    console.log(`Consistent: all ${consistency.linkedPseudonyms} linked pseudonyms have their identity`);
  }
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
