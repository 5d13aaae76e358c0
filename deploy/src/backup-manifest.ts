/**
 * A backup is a directory with both dumps and manifest.json: when it was taken, each database's schema
 * version, and the SHA-256 of each dump, so a restore refuses a damaged or altered file.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SchemaVersion } from './databases.js';

export const MANIFEST_FILE = 'manifest.json';

export type DumpEntry = { file: string; sha256: string; schemaVersion: SchemaVersion };

export type BackupManifest = {
  createdAt: string;
  /** Medical data and pseudonyms (DATABASE_URL); dumped first. */
  registry: DumpEntry;
  /** Identities (MAINZELLISTE_DATABASE_URL); dumped second, so it holds every pseudonym the registry dump links. */
  pseudonymisation: DumpEntry;
};

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  return writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${dir} is not a backup: ${MANIFEST_FILE} is missing`);
  }
  return JSON.parse(text) as BackupManifest;
}

/** Throws naming every dump whose checksum differs from the manifest's. */
export async function verifyChecksums(dir: string, manifest: BackupManifest): Promise<void> {
  const damaged: string[] = [];
  for (const entry of [manifest.registry, manifest.pseudonymisation]) {
    if ((await sha256Of(join(dir, entry.file)).catch(() => null)) !== entry.sha256) damaged.push(entry.file);
  }
  if (damaged.length > 0) throw new Error(`Checksum mismatch or file missing: ${damaged.join(', ')}; nothing was restored`);
}
