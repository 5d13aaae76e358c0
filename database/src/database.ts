/**
 * Opens a typed database: PostgreSQL through a pg Pool when a connection string is given, otherwise the
 * embedded PGlite (PostgreSQL in WASM, in-process; ARCHITECTURE.md "PGlite for the embedded default").
 * Both run the same SQL migrations; the one driver difference is how a multi-statement script is run.
 * A service that keeps its tables in a schema of its own (so one shared PostgreSQL database keeps them
 * apart from the other services' tables) gets its queries bound to that schema.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import Cursor from 'pg-cursor';

export type DatabaseKind = 'postgres' | 'pglite';

export type Database<DB> = {
  kind: DatabaseKind;
  /** Bound to the schema given to openDatabase, if any. */
  db: Kysely<DB>;
  /** Runs a script of several statements inside the given transaction (migrations). */
  runScript: (trx: Transaction<DB>, script: string) => Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own (a pooled one would be handed to other
   * queries); answers a function that stops listening. Embedded PGlite is one in-process session, so its
   * writers wake their readers in-process instead.
   */
  listen?: (channel: string, onNotify: () => void, onError: (error: Error) => void) => Promise<() => Promise<void>>;
  /**
   * How the job queue (pg-boss) reaches the database: its own pool on PostgreSQL; on PGlite every statement
   * goes through the Kysely connection queue, so a job query never runs inside another caller's transaction
   * of the single embedded session.
   */
  jobQueue: { connectionString: string } | { db: { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } };
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string }
  /** `memory://` keeps everything in memory (tests, the OpenAPI writer); otherwise a directory. */
  | { pgliteDataDir: string };

/** Opens the database; with `schema`, queries built on `db` address that schema instead of `public`. */
export async function openDatabase<DB>(options: DatabaseOptions, schema?: string): Promise<Database<DB>> {
  const opened = 'databaseUrl' in options ? openPostgres<DB>(options.databaseUrl) : await openPglite<DB>(options.pgliteDataDir);
  // close() keeps destroying the unbound instance, which owns the pool or the PGlite client.
  return schema === undefined ? opened : { ...opened, db: opened.db.withSchema(schema) };
}

function openPostgres<DB>(connectionString: string): Database<DB> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client whose connection the server ended (a restart, a terminated backend) leaves the pool; the
  // next query connects anew. Without a listener the pool's 'error' event would end the process.
  pool.on('error', () => undefined);
  // pg-cursor lets `.stream()` read large results in chunks from a server-side cursor (exports).
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return {
    kind: 'postgres',
    db,
    // pg uses the simple query protocol when a query has no parameters, and that protocol runs scripts.
    runScript: async (trx, script) => {
      await sql.raw(script).execute(trx);
    },
    listen: async (channel, onNotify, onError) => {
      const client = new pg.Client({ connectionString });
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      client.on('error', onError);
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return () => client.end();
    },
    jobQueue: { connectionString },
    close: () => db.destroy(),
  };
}

async function openPglite<DB>(dataDir: string): Promise<Database<DB>> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  // kysely-pglite-dialect is typed against PGlite 0.4; the 0.5 client has the same query surface
  // (the root package.json overrides the peer range for the same reason).
  const dialect = new PGliteDialect(client as unknown as ConstructorParameters<typeof PGliteDialect>[0]);
  const db = new Kysely<DB>({ dialect });
  return {
    kind: 'pglite',
    db,
    // PGlite's query() runs one statement only; exec() runs a script. PGlite is a single session, so exec
    // issued while the Kysely transaction holds the connection runs inside that same transaction.
    runScript: async (_trx, script) => {
      await client.exec(script);
    },
    jobQueue: {
      db: {
        // PGlite's query() takes one statement with parameters; a script without parameters runs through exec().
        executeSql: (text, values) =>
          db.connection().execute(async (connection) => {
            if (values && values.length > 0) return connection.executeQuery(CompiledQuery.raw(text, values));
            const results = await client.exec(text);
            return { rows: results.at(-1)?.rows ?? [] };
          }),
      },
    },
    close: () => db.destroy(),
  };
}
