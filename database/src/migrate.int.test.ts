import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from './database.js';
import { runMigrations } from './migrate.js';

type TestDB = {
  item: { id: number; label: string };
  schema_migration: { name: string; applied_at: Date };
};

const targets: [string, DatabaseOptions][] = [['PGlite', { pgliteDataDir: 'memory://' }]];
if (process.env.DATABASE_URL) targets.push(['PostgreSQL', { databaseUrl: process.env.DATABASE_URL }]);

describe.each(targets)('runMigrations on %s', (_name, options) => {
  // A fresh schema per run, so runs against a shared database never collide.
  const schema = `migrate_test_${randomUUID().replaceAll('-', '')}`;
  const dir = mkdtempSync(join(tmpdir(), 'ecrf-migrations-'));
  writeFileSync(join(dir, '0001_item.sql'), `CREATE TABLE ${schema}.item (id integer PRIMARY KEY, label text NOT NULL);`);
  // Several statements in one file: the driver's script runner has to run them all.
  writeFileSync(
    join(dir, '0002_items.sql'),
    `INSERT INTO ${schema}.item VALUES (1, 'one');\nINSERT INTO ${schema}.item VALUES (2, 'two');\n`,
  );
  writeFileSync(join(dir, 'notes.sql'), 'this is not a migration');
  const migration = { dir, schema, lockKey: 4_900_001 };

  let database: Database<TestDB>;
  beforeAll(async () => {
    database = await openDatabase<TestDB>(options, schema);
  });
  afterAll(async () => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(database.db);
    await database.close();
  });

  it('applies the pending files once, records them, and applies nothing on a second run', async () => {
    expect(await runMigrations(database, migration)).toEqual(['0001_item.sql', '0002_items.sql']);
    const recorded = await database.db.selectFrom('schema_migration').select('name').orderBy('name').execute();
    expect(recorded.map((row) => row.name)).toEqual(['0001_item.sql', '0002_items.sql']);
    const items = await database.db.selectFrom('item').select(['id', 'label']).orderBy('id').execute();
    expect(items).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
    ]);

    expect(await runMigrations(database, migration)).toEqual([]);
    expect(await database.db.selectFrom('item').select('id').execute()).toHaveLength(2);
  });
});
