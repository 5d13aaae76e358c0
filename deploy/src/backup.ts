/**
 * `npm run backup`: both databases into one directory with a manifest. The registry is dumped first and the
 * pseudonymisation service second. The registry links a pseudonym only after the service has stored its identity,
 * and it never has the service delete one, so the identities only grow: every pseudonym in the earlier registry
 * snapshot is in the later IDAT snapshot (docs/operations.md).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_FILE, sha256Of, writeManifest, type BackupManifest, type DumpEntry } from './backup-manifest.js';
import { PSEUDONYMISATION_SCHEMA, schemaVersion } from './databases.js';
import { PSEUDONYMISATION_SCOPE, REGISTRY_SCOPE, type DatabasePair } from './database-pair.js';
import { dumpDatabase, type DumpScope } from './postgres-tools.js';

/** A directory name sortable by time and valid on every file system: 2026-11-27T03-15-42Z. */
export function backupName(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

async function dump(databaseUrl: string, dir: string, file: string, scope: DumpScope, versionSchema: string): Promise<DumpEntry> {
  const schema = await schemaVersion(databaseUrl, versionSchema);
  await dumpDatabase(databaseUrl, join(dir, file), scope);
  return { file, sha256: await sha256Of(join(dir, file)), schemaVersion: schema };
}

/** Writes the backup into `dir` (created; it must not hold a backup yet) and returns its manifest. */
export async function createBackup(databases: DatabasePair, dir: string, now = new Date()): Promise<BackupManifest> {
  if (existsSync(join(dir, MANIFEST_FILE))) throw new Error(`${dir} holds a backup already`);
  await mkdir(dir, { recursive: true });
  const registry = await dump(databases.registryUrl, dir, 'registry.dump', REGISTRY_SCOPE, 'public');
  const pseudonymisation = await dump(
    databases.pseudonymisationUrl,
    dir,
    'pseudonymisation.dump',
    PSEUDONYMISATION_SCOPE,
    PSEUDONYMISATION_SCHEMA,
  );
  const manifest: BackupManifest = { createdAt: now.toISOString(), registry, pseudonymisation };
  await writeManifest(dir, manifest);
  return manifest;
}
