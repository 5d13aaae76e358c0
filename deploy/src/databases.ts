/**
 * What backup and restore read from the two databases: the applied migrations (the schema version in the
 * manifest), whether a restore target is empty, and the pseudonyms for the consistency check.
 */
import pg from 'pg';

/** The pseudonymisation service's tables live in this schema (mainzelliste/migrations/0001_patients.sql). */
export const PSEUDONYMISATION_SCHEMA = 'mainzelliste';

export type SchemaVersion = { migrations: number; latest: string | null };

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrations recorded in `<schema>.schema_migration` (public for the registry). */
export function schemaVersion(databaseUrl: string, schema: string): Promise<SchemaVersion> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ migrations: number; latest: string | null }>(
      `SELECT count(*)::int AS migrations, max(name) AS latest FROM ${pg.escapeIdentifier(schema)}.schema_migration`,
    );
    return rows[0] ?? { migrations: 0, latest: null };
  });
}

/** Tables of the registry (every user schema but the IDAT one) or of the IDAT schema. */
export function tableCount(databaseUrl: string, scope: { schema: string; include: boolean }): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM pg_catalog.pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND (schemaname = $1) = $2`,
      [scope.schema, scope.include],
    );
    return rows[0]?.tables ?? 0;
  });
}

/**
 * Drops what a restore replaces (restore --force): the IDAT schema, or every other user schema, `public` created
 * again empty. pg_restore --clean cannot do it: it fails on pg-boss's partitioned job tables.
 */
export function dropScope(databaseUrl: string, scope: { schema: string; include: boolean }): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_catalog.pg_namespace
        WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg\\_%' AND (nspname = $1) = $2`,
      [scope.schema, scope.include],
    );
    await client.query('BEGIN');
    for (const { name } of rows) await client.query(`DROP SCHEMA ${pg.escapeIdentifier(name)} CASCADE`);
    if (rows.some(({ name }) => name === 'public')) await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
  });
}

/** The pseudonyms the registry links its patients to (`idType:idString`). */
export function registryPseudonyms(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string }>(`SELECT id_type || ':' || id_string AS id FROM patient_identity_link`);
    return rows.map((row) => row.id);
  });
}

/** The pseudonyms the pseudonymisation service holds an identity for (`idType:idString`). */
export function storedPseudonyms(databaseUrl: string): Promise<Set<string>> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id_type || ':' || id_string AS id FROM ${pg.escapeIdentifier(PSEUDONYMISATION_SCHEMA)}.patient_id`,
    );
    return new Set(rows.map((row) => row.id));
  });
}
