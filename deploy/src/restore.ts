/**
 * `npm run restore -- <dir>`: checks the dumps against the manifest, refuses databases that already hold data
 * (unless replacing them is asked for: then their schemas are dropped first), restores the registry and the pseudonymisation service, and checks
 * that every pseudonym the registry links has its identity.
 */
import { join } from 'node:path';
import { readManifest, verifyChecksums } from './backup-manifest.js';
import { dropScope, registryPseudonyms, storedPseudonyms, tableCount } from './databases.js';
import { PSEUDONYMISATION_SCOPE, REGISTRY_SCOPE, type DatabasePair } from './database-pair.js';
import { restoreDatabase } from './postgres-tools.js';

export type RestoreOptions = { dir: string; databases: DatabasePair; replace: boolean };

export type Consistency = { linkedPseudonyms: number; missingIdentities: string[] };

/** Every pseudonym the registry links, looked up in the pseudonymisation database. */
export async function checkConsistency(databases: DatabasePair): Promise<Consistency> {
  const linked = await registryPseudonyms(databases.registryUrl);
  const stored = await storedPseudonyms(databases.pseudonymisationUrl);
  return { linkedPseudonyms: linked.length, missingIdentities: linked.filter((id) => !stored.has(id)) };
}

export async function restoreBackup({ dir, databases, replace }: RestoreOptions): Promise<Consistency> {
  const manifest = await readManifest(dir);
  await verifyChecksums(dir, manifest);
  if (replace) {
    await dropScope(databases.registryUrl, REGISTRY_SCOPE);
    await dropScope(databases.pseudonymisationUrl, PSEUDONYMISATION_SCOPE);
  } else {
    const occupied = [
      (await tableCount(databases.registryUrl, REGISTRY_SCOPE)) > 0 ? 'DATABASE_URL' : null,
      (await tableCount(databases.pseudonymisationUrl, PSEUDONYMISATION_SCOPE)) > 0 ? 'MAINZELLISTE_DATABASE_URL' : null,
    ].filter((name) => name !== null);
    if (occupied.length > 0) {
      throw new Error(
        `The target database is not empty (${occupied.join(', ')}); restore into empty databases, or pass --force to replace`,
      );
    }
  }
  await restoreDatabase(databases.registryUrl, join(dir, manifest.registry.file));
  await restoreDatabase(databases.pseudonymisationUrl, join(dir, manifest.pseudonymisation.file));
  return checkConsistency(databases);
}
