/**
 * Restore drill against real PostgreSQL: the built services write patients with identities into their two
 * databases, `npm run backup` takes both, more patients follow, and `npm run restore` brings the backup into fresh
 * databases. The restored state is the backup-time state, every pseudonym has its identity, and the services
 * start on the restored databases and serve the patients again.
 */
import { spawn } from 'node:child_process';
import { appendFile, cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPostgresDatabase, freePort, freshPostgresDatabase, startServices, type Services } from '../../scripts/services.mjs';
import type { BackupManifest } from './backup-manifest.js';
import { checkConsistency } from './restore.js';
import { repositoryRoot } from './test-support/compose-file.js';
import { location, person, readPatient, registerPatient, signIn } from './test-support/registry-client.js';

type Databases = { registry: string; idat: string };
type Run = { code: number | null; output: string };

/** The rows the drill compares, per table: every row as text, in key order. */
const TABLES = {
  registry: ['patient', 'study_patient', 'patient_identity_link'],
  idat: ['mainzelliste.patient', 'mainzelliste.patient_id'],
};

async function rowsOf(databaseUrl: string, tables: string[]): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const state: Record<string, string[]> = {};
    for (const table of tables)
      state[table] = (await client.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ORDER BY 1`)).rows.map((r) => r.row);
    return state;
  } finally {
    await client.end();
  }
}

async function execute(databaseUrl: string, statement: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

const stateOf = async (databases: Databases) => ({
  ...(await rowsOf(databases.registry, TABLES.registry)),
  ...(await rowsOf(databases.idat, TABLES.idat)),
});

/** `npm run backup` / `npm run restore` as an operator runs them, with the two database URLs. */
function operation(script: 'backup' | 'restore', args: string[], databases: Partial<Databases>, backups = ''): Promise<Run> {
  const env = {
    ...process.env,
    DATABASE_URL: databases.registry ?? '',
    MAINZELLISTE_DATABASE_URL: databases.idat ?? '',
    BACKUP_DIR: backups,
  };
  const child = spawn(process.execPath, [join(repositoryRoot, 'deploy', 'dist', `${script}-main.js`), ...args], { env });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

async function start(databases: Databases, dataDir: string): Promise<Services> {
  return startServices({
    backendPort: await freePort(),
    gatewayPort: await freePort(),
    mainzellistePort: await freePort(),
    env: {
      ...process.env,
      DATABASE_URL: databases.registry,
      MAINZELLISTE_DATABASE_URL: databases.idat,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      REDIS_URL: '',
    },
    log: () => undefined,
  });
}

const baseUrl = process.env.DATABASE_URL;
/** The drill's databases, dropped at the end (their names carry the run's database, so they would pile up). */
const made: string[] = [];
const fresh = async (suffix: string): Promise<string> => {
  const url = await freshPostgresDatabase(baseUrl ?? '', suffix);
  made.push(url);
  return url;
};

let original: Databases;
let restored: Databases;
let dataDir: string;
let services: Services | undefined;
let backupDir: string;
let atBackup: Awaited<ReturnType<typeof stateOf>>;
const before: { id: string; pseudonym: string; lastName: string }[] = [];
const after: { id: string; pseudonym: string }[] = [];

beforeAll(async () => {
  if (!baseUrl) throw new Error('The restore drill needs PostgreSQL: set DATABASE_URL');
  original = { registry: await fresh('drill_registry'), idat: await fresh('drill_idat') };
  restored = { registry: await fresh('drill_registry_restored'), idat: await fresh('drill_idat_restored') };
  dataDir = await mkdtemp(join(tmpdir(), 'ecrf-drill-'));
  services = await start(original, dataDir);
  const physician = await signIn(services.url, 'physician');
  const at = await location(services.url, await signIn(services.url, 'superadmin'), '1001');
  for (let index = 0; index < 3; index += 1) {
    const identity = person();
    before.push({ ...(await registerPatient(services.url, physician, at, identity)), lastName: identity.lastName });
  }
  atBackup = await stateOf(original);
});

afterAll(async () => {
  await services?.stop();
  for (const url of made) await dropPostgresDatabase(url);
});

describe('backup and restore', () => {
  it('refuses the embedded PGlite of `npm start` with what to do instead', async () => {
    const run = await operation('backup', [join(dataDir, 'refused')], {});
    expect(run.code).toBe(1);
    expect(run.output).toContain('stop `npm start` and copy the ./data directory');
  });

  it('writes both dumps with their checksums and schema versions', async () => {
    const run = await operation('backup', [], original, join(dataDir, 'backups'));
    expect(run.code).toBe(0);
    // The default directory: BACKUP_DIR/<UTC time>.
    const [written] = await readdir(join(dataDir, 'backups'));
    expect(written).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    backupDir = join(dataDir, 'backups', written as string);
    expect(run.output).toContain(`Backup written to ${backupDir}`);
    const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.registry).toMatchObject({ file: 'registry.dump', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Each database's newest migration, as the services' own migration folders name it.
    const newest = async (service: string) => (await readdir(join(repositoryRoot, service, 'migrations'))).sort().at(-1);
    expect(manifest.registry.schemaVersion.latest).toBe(await newest('backend'));
    expect(manifest.pseudonymisation.schemaVersion.latest).toBe(await newest('mainzelliste'));
    // The registry dump holds no identities, even though a registry database could hold the IDAT schema too.
    expect((await readFile(join(backupDir, 'registry.dump'))).includes(before[0]?.lastName ?? '-')).toBe(false);
  });

  it('refuses a damaged backup and a database that already holds data', async () => {
    const damaged = join(dataDir, 'backups', 'damaged');
    await cp(backupDir, damaged, { recursive: true });
    // One byte more at the end: pg_restore might not notice, the checksum does.
    await appendFile(join(damaged, 'pseudonymisation.dump'), '\n');
    const refusedDamaged = await operation('restore', [damaged], restored);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.output).toContain('Checksum mismatch or file missing: pseudonymisation.dump');

    const refusedOccupied = await operation('restore', [backupDir], original);
    expect(refusedOccupied.code).toBe(1);
    expect(refusedOccupied.output).toContain('The target database is not empty (DATABASE_URL, MAINZELLISTE_DATABASE_URL)');
  });

  it('restores the backup-time state into fresh databases, every pseudonym with its identity', async () => {
    const physician = await signIn(services?.url ?? '', 'physician');
    const at = await location(services?.url ?? '', await signIn(services?.url ?? '', 'superadmin'), '1001');
    for (let index = 0; index < 2; index += 1) after.push(await registerPatient(services?.url ?? '', physician, at, person()));

    const run = await operation('restore', [backupDir], restored);
    expect(run.output).toContain(`Consistent: all ${atBackup.patient_identity_link?.length} linked pseudonyms have their identity`);
    expect(run.code).toBe(0);
    expect(atBackup.patient_identity_link).toHaveLength(3);
    expect(await stateOf(restored)).toEqual(atBackup);
    const restoredLinks = (await stateOf(restored)).patient_identity_link?.join('\n');
    for (const patient of before) expect(restoredLinks).toContain(patient.pseudonym);
    for (const patient of after) expect(restoredLinks).not.toContain(patient.pseudonym);
  });

  it('reports a registry pseudonym whose identity is missing, and replaces damaged databases with --force', async () => {
    const pair = { registry: await fresh('drill_registry_damaged'), idat: await fresh('drill_idat_damaged') };
    expect((await operation('restore', [backupDir], pair)).code).toBe(0);
    await execute(pair.idat, 'DELETE FROM mainzelliste.patient_id WHERE id_string = $1', [before[0]?.pseudonym]);
    expect(await checkConsistency({ registryUrl: pair.registry, pseudonymisationUrl: pair.idat })).toEqual({
      linkedPseudonyms: 3,
      missingIdentities: [`pid:${before[0]?.pseudonym}`],
    });

    const forced = await operation('restore', ['--force', backupDir], pair);
    expect(forced.output).toContain('Consistent: all 3 linked pseudonyms have their identity');
    expect(await stateOf(pair)).toEqual(atBackup);
  });

  it('starts the services on the restored databases, which serve the patients with their identities', async () => {
    await services?.stop();
    services = await start(restored, await mkdtemp(join(tmpdir(), 'ecrf-drill-restored-')));
    const physician = await signIn(services.url, 'physician');
    for (const patient of before) {
      expect(await readPatient(services.url, physician, patient.id)).toMatchObject({
        pseudonym: patient.pseudonym,
        identity: { lastName: patient.lastName },
      });
    }
    // Written after the backup: not in the restored registry.
    expect(after).toHaveLength(2);
    await expect(readPatient(services.url, physician, after[0]?.id ?? '')).rejects.toThrow('Der Studienpatient existiert nicht');
  });
});
