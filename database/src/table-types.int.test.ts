import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from './database.js';
import { runMigrations } from './migrate.js';
import { tableTypesOf } from './table-types.js';

const targets: [string, DatabaseOptions][] = [['PGlite', { pgliteDataDir: 'memory://' }]];
if (process.env.DATABASE_URL) targets.push(['PostgreSQL', { databaseUrl: process.env.DATABASE_URL }]);

describe.each(targets)('tableTypesOf on %s', (_name, options) => {
  // A fresh schema per run, so runs against a shared database never collide.
  const schema = `table_types_test_${randomUUID().replaceAll('-', '')}`;
  const dir = mkdtempSync(join(tmpdir(), 'ecrf-table-types-'));
  writeFileSync(
    join(dir, '0001_visit.sql'),
    `CREATE TABLE ${schema}.visit (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY,
      label text NOT NULL,
      note text,
      state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'it''s done')),
      version integer NOT NULL DEFAULT 1,
      signed boolean NOT NULL,
      signed_at timestamptz,
      fields jsonb NOT NULL DEFAULT '[]'::jsonb,
      signature jsonb
    );`,
  );
  writeFileSync(join(dir, '0002_tag.sql'), `CREATE TABLE ${schema}.visit_tag (visit_id uuid NOT NULL, tag text NOT NULL);`);
  const jsonColumns = { 'visit.fields': '@ecrf/rules#DataFieldInstance[]', 'visit.signature': '../json.js#Signature' };

  let database: Database<unknown>;
  beforeAll(async () => {
    database = await openDatabase<unknown>(options);
    await runMigrations(database, { dir, schema, lockKey: 4_900_002 });
  });
  afterAll(async () => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(database.db);
    await database.close();
  });

  it('types every column of every table of the schema as the database defines it', async () => {
    const text = await tableTypesOf(database, { schema, jsonColumns });
    expect(text).toContain("import type { DataFieldInstance } from '@ecrf/rules';");
    expect(text).toContain("import type { Signature } from '../json.js';");
    expect(text).toContain(
      [
        'export type VisitTable = {',
        '  id: Generated<string>;',
        '  seq: GeneratedAlways<Int8>;',
        '  label: string;',
        '  note: string | null;',
        "  state: Generated<'new' | 'it\\'s done'>;",
        '  version: Generated<number>;',
        '  signed: boolean;',
        '  signed_at: Timestamp | null;',
        '  fields: Generated<Json<DataFieldInstance[]>>;',
        '  signature: Json<Signature> | null;',
        '};',
      ].join('\n'),
    );
    expect(text).toContain(
      ['export type DB = {', '  schema_migration: SchemaMigrationTable;', '  visit: VisitTable;', '  visit_tag: VisitTagTable;', '};'].join(
        '\n',
      ),
    );
  });

  it('refuses a jsonb column without a declared shape, and a shape without its jsonb column', async () => {
    await expect(tableTypesOf(database, { schema, jsonColumns: { 'visit.fields': 'unknown' } })).rejects.toThrow(
      'the jsonb column visit.signature has no declared shape',
    );
    await expect(tableTypesOf(database, { schema, jsonColumns: { ...jsonColumns, 'visit.label': 'string' } })).rejects.toThrow(
      'not jsonb columns',
    );
  });

  it('refuses a column type it has no TypeScript type for', async () => {
    await sql`ALTER TABLE ${sql.id(schema, 'visit_tag')} ADD COLUMN tagged_on date`.execute(database.db);
    await expect(tableTypesOf(database, { schema, jsonColumns })).rejects.toThrow(
      'no TypeScript type for visit_tag.tagged_on of type date',
    );
  });
});
