/**
 * Kysely table types read from a migrated database, so they cannot drift from the SQL migrations
 * (docs/decisions.md "Table types from the migrated database"). Each service's build runs its numbered
 * migrations on an in-memory PGlite and writes the types of every table of its schema:
 * - a column with a default or an identity is `Generated` (`GeneratedAlways` when it cannot be written);
 * - a nullable column admits `null`;
 * - a text column whose CHECK constraint lists its values (`state IN ('new', …)`) is the union of them;
 * - jsonb holds what the application puts there, which the database cannot say: every jsonb column
 *   needs a declared shape, and a declaration without its jsonb column is refused too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.js';
import { runMigrations } from './migrate.js';

/**
 * `table.column` of each jsonb column → its TypeScript type; `module#Type` imports the type's leading name
 * from the module (a path relative to the written file), e.g. `'@ecrf/rules#DataFieldInstance[]'`.
 */
export type JsonColumnTypes = Readonly<Record<string, string>>;

export type TableTypesSource = {
  /** Whose tables: the schema the migrations create them in (default `public`). */
  schema?: string;
  jsonColumns: JsonColumnTypes;
};

type ColumnRow = {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null;
  is_generated: 'ALWAYS' | 'NEVER';
};

/** How both drivers read each column type, and how it may be written. */
const SCALARS: Readonly<Record<string, string>> = {
  uuid: 'string',
  text: 'string',
  varchar: 'string',
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'Int8',
  timestamptz: 'Timestamp',
  // bytea: pg reads a Buffer, PGlite a Uint8Array (Buffer is one); both take either.
  bytea: 'Uint8Array',
};

/** Type aliases the written module declares when its columns use them (all build on Kysely's ColumnType). */
const HELPERS: Readonly<Record<string, string>> = {
  Int8: '/** int8: pg reads it as text, PGlite as a number. */\ntype Int8 = ColumnType<string | number, string | number | bigint, string | number | bigint>;',
  Timestamp:
    '/** timestamptz: read as Date, written as Date or ISO text. */\ntype Timestamp = ColumnType<Date, Date | string, Date | string>;',
  Json: '/** jsonb: both drivers parse it; it is written as JSON text, so arrays and objects travel alike. */\ntype Json<T> = ColumnType<T, string, string>;',
  // Kysely's own Generated would wrap a ColumnType instead of widening its insert type.
  Generated: [
    '/** A column with a default: optional on insert. */',
    'type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;',
  ].join('\n'),
  GeneratedAlways: [
    '/** A column the database always computes: never written. */',
    'type GeneratedAlways<T> = T extends ColumnType<infer S, unknown, unknown> ? ColumnType<S, never, never> : ColumnType<T, never, never>;',
  ].join('\n'),
};

const CHECK_IN = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.+)\]\)\)\)$/;
const CHECK_VALUE = /^'((?:[^']|'')*)'::text$/;

/** Text columns constrained to listed values, as `table.column` → the values. */
function listedValues(checks: readonly { table_name: string; definition: string }[]): Map<string, string[]> {
  const unions = new Map<string, string[]>();
  for (const { table_name, definition } of checks) {
    const match = CHECK_IN.exec(definition);
    if (!match?.[1] || !match[2]) continue;
    const values = match[2].split(', ').map((item) => CHECK_VALUE.exec(item)?.[1]?.replaceAll("''", "'"));
    if (values.every((value) => value !== undefined)) unions.set(`${table_name}.${match[1]}`, values);
  }
  return unions;
}

/** `visit` → `VisitTable`, `app_user` → `AppUserTable`. */
const typeName = (table: string): string => `${table.replace(/(^|_)([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase())}Table`;

/** The module text of the table types of a migrated database. */
export async function tableTypesOf<DB>(database: Database<DB>, source: TableTypesSource): Promise<string> {
  const schema = source.schema ?? 'public';
  const columns = await sql<ColumnRow>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.udt_name, c.column_default, c.is_identity, c.identity_generation, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = ${schema} AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(database.db);
  const checks = await sql<{ table_name: string; definition: string }>`
    SELECT cl.relname AS table_name, pg_get_constraintdef(co.oid) AS definition
    FROM pg_constraint co
    JOIN pg_class cl ON cl.oid = co.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    WHERE co.contype = 'c' AND n.nspname = ${schema}`.execute(database.db);
  const unions = listedValues(checks.rows);

  const unused = new Set(Object.keys(source.jsonColumns));
  const imports = new Map<string, Set<string>>();
  const helpers = new Set<string>();
  const tables = new Map<string, string[]>();
  for (const column of columns.rows) {
    const key = `${column.table_name}.${column.column_name}`;
    let type: string;
    if (column.udt_name === 'jsonb') {
      const declared = source.jsonColumns[key];
      if (declared === undefined) throw new Error(`the jsonb column ${key} has no declared shape`);
      unused.delete(key);
      const [module, shape] = declared.includes('#') ? declared.split('#', 2) : [undefined, declared];
      if (module && shape) {
        const name = /^[A-Za-z_$][\w$]*/.exec(shape)?.[0];
        if (!name) throw new Error(`the shape of ${key} names no type to import: ${declared}`);
        imports.set(module, (imports.get(module) ?? new Set()).add(name));
      }
      type = `Json<${shape}>`;
      helpers.add('Json').add('ColumnType');
    } else {
      const scalar = SCALARS[column.udt_name];
      if (scalar === undefined) throw new Error(`no TypeScript type for ${key} of type ${column.udt_name}`);
      const values = unions.get(key);
      type = values && scalar === 'string' ? values.map((value) => `'${value.replace(/[\\']/g, '\\$&')}'`).join(' | ') : scalar;
      if (HELPERS[scalar]) helpers.add(scalar).add('ColumnType');
    }
    if (column.is_nullable === 'YES') type = `${type} | null`;
    if (column.identity_generation === 'ALWAYS' || column.is_generated === 'ALWAYS') {
      type = `GeneratedAlways<${type}>`;
      helpers.add('GeneratedAlways').add('ColumnType');
    } else if (column.is_identity === 'YES' || column.column_default !== null) {
      type = `Generated<${type}>`;
      helpers.add('Generated').add('ColumnType');
    }
    tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), `  ${column.column_name}: ${type};`]);
  }
  if (unused.size > 0) throw new Error(`shapes declared for columns that are not jsonb columns of ${schema}: ${[...unused].join(', ')}`);

  return [
    '// Generated from the migrated database by @ecrf/database (table-types.ts) during the build; do not edit.',
    ...(helpers.has('ColumnType') ? ["import type { ColumnType } from 'kysely';"] : []),
    ...[...imports]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([module, names]) => `import type { ${[...names].sort().join(', ')} } from '${module}';`),
    '',
    ...Object.entries(HELPERS)
      .filter(([name]) => helpers.has(name))
      .map(([, text]) => text),
    '',
    ...[...tables].flatMap(([table, lines]) => [`export type ${typeName(table)} = {`, ...lines, '};', '']),
    'export type DB = {',
    ...[...tables.keys()].map((table) => `  ${table}: ${typeName(table)};`),
    '};',
    '',
  ].join('\n');
}

/** Runs the migrations of `dir` on an in-memory PGlite and writes the table types of its schema to `out`. */
export async function writeTableTypes(options: TableTypesSource & { migrations: string; out: string }): Promise<void> {
  const database = await openDatabase<unknown>({ pgliteDataDir: 'memory://' });
  try {
    // Any lock key: this database is private to the generator.
    await runMigrations(database, { dir: options.migrations, schema: options.schema, lockKey: 1 });
    const text = await tableTypesOf(database, options);
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, text);
  } finally {
    await database.close();
  }
}
