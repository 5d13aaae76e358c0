/**
 * Least privilege (issue 31 item 2): a service migrates as the owner of its schemas and serves requests as a login
 * that is a member of its role (the registry's ecrf_app, the pseudonymisation service's mainzelliste_app), which may
 * read and write rows but owns nothing: no DDL, no TRUNCATE, no disabling of triggers, only INSERT and SELECT on its
 * audit tables (docs/security.md "Database logins").
 *
 * On PostgreSQL the login is the one in the service's URL. Embedded PGlite authenticates every session as its
 * superuser, so there the session continues as the login with SET SESSION AUTHORIZATION after the set-up: a bug
 * meets the login's refusals, but SQL that an attacker injected could switch back (docs/security.md).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from './database.js';

export type ServiceLogin = {
  /** The NOLOGIN role the service's migrations grant the rows to. */
  role: string;
  /** The login that is a member of it. */
  login: string;
};

/**
 * The roles the services' migrations grant (backend 0098, mainzelliste 0005) and the logins development, the tests
 * and PGlite run as; docker-compose.yml creates its own logins of the same roles.
 */
export const SERVICE_LOGINS = {
  registry: { role: 'ecrf_app', login: 'ecrf_service' },
  mainzelliste: { role: 'mainzelliste_app', login: 'mainzelliste_service' },
} as const satisfies Record<string, ServiceLogin>;

export type ServiceOpening<DB> = {
  /** Where the service's queries go: its login's URL, or a PGlite directory. */
  service: DatabaseOptions;
  /** PostgreSQL: the owner's URL; without it the service's own login sets up (it then owns the schemas). */
  ownerUrl?: string;
  /** The schema the service's queries address. */
  schema?: string;
  login: ServiceLogin;
  /** Runs with the owner's rights: migrations, the job queue's schema. */
  setUp: (owner: Database<DB>) => Promise<void>;
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Identifiers are spliced into DDL (roles cannot be parameters): only plain lower-case names. */
function checked(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain role name: '${name}'`);
  return name;
}

/** Creates the login as a member of its role, both if missing (roles are cluster-wide: another process may race). */
function createLoginStatements({ role, login }: ServiceLogin, password?: string): string[] {
  const withPassword = password ? ` PASSWORD ${pg.escapeLiteral(password)}` : '';
  const idempotent = (statement: string) =>
    `DO $$ BEGIN ${statement}; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`;
  return [
    idempotent(`CREATE ROLE ${checked(role)} NOLOGIN`),
    idempotent(`CREATE ROLE ${checked(login)} LOGIN${withPassword} IN ROLE ${checked(role)}`),
  ];
}

/** Opens the service's database, set up with the owner's rights and then used as the service login. */
export async function openAsServiceLogin<DB>(opening: ServiceOpening<DB>): Promise<Database<DB>> {
  const { service, ownerUrl, schema, login, setUp } = opening;
  if ('databaseUrl' in service && ownerUrl) {
    const owner = await openDatabase<DB>({ databaseUrl: ownerUrl }, schema);
    try {
      await setUp(owner);
    } finally {
      await owner.close();
    }
    return openDatabase<DB>(service, schema);
  }
  const database = await openDatabase<DB>(service, schema);
  try {
    await setUp(database);
    if (database.kind === 'pglite') {
      for (const statement of createLoginStatements(login)) await sql.raw(statement).execute(database.db);
      await sql.raw(`SET SESSION AUTHORIZATION ${checked(login.login)}`).execute(database.db);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * For development and tests, which are given the owner's URL alone (`npm start` with DATABASE_URL, the CI's
 * superuser): creates the login if missing, with the owner's password if the URL has one, and answers its URL.
 * A real server names both URLs itself (docker-compose.yml).
 */
export async function serviceLoginUrl(ownerUrl: string, login: ServiceLogin): Promise<string> {
  const url = new URL(ownerUrl);
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    for (const statement of createLoginStatements(login, decodeURIComponent(url.password))) await client.query(statement);
  } finally {
    await client.end();
  }
  url.username = login.login;
  return url.toString();
}

/**
 * Runs `work` with the owner's rights on a database opened by openAsServiceLogin: over a connection of `ownerUrl` on
 * PostgreSQL, in PGlite's one session as its superuser until `work` ends. For tests of what only the owner may do.
 */
export async function asOwner<DB, T>(
  database: Database<DB>,
  opening: Pick<ServiceOpening<DB>, 'ownerUrl' | 'schema' | 'login'>,
  work: (owner: Database<DB>) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    // PGlite's RESET keeps the login; its superuser is `postgres` (no `username` is given to PGlite.create).
    await sql.raw('SET SESSION AUTHORIZATION postgres').execute(database.db);
    try {
      return await work(database);
    } finally {
      await sql.raw(`SET SESSION AUTHORIZATION ${checked(opening.login.login)}`).execute(database.db);
    }
  }
  if (!opening.ownerUrl) return work(database);
  const owner = await openDatabase<DB>({ databaseUrl: opening.ownerUrl }, opening.schema);
  try {
    return await work(owner);
  } finally {
    await owner.close();
  }
}
