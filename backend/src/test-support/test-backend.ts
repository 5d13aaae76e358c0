/**
 * Test fixtures: an app on the real database (PostgreSQL when DATABASE_URL is set, else in-memory
 * PGlite), migrated and seeded like production, and fresh users so test files never collide and never
 * wipe tables (STYLE.md "isolate with fresh ids, not by wiping tables"). As in production, DATABASE_URL names the
 * owner, who migrates; the app and the tests' own queries run as the service login (issue 31 item 2).
 */
import { randomUUID } from 'node:crypto';
import { asOwner, SERVICE_LOGINS, serviceLoginUrl } from '@ecrf/database';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgresDatabase, freshPostgresDatabase } from '../../../scripts/services.mjs';
import type { App } from '../app-deps.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../credentials/password-hash.js';
import { createConfig, defaultExportSettings, type BackendConfig } from '../config/config.js';
import type { ExportSources } from '../exports/export-sources.js';
import type { Database } from '../db/database.js';
import { openServiceDatabase } from '../service-database.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import type { RoleIdentifier } from '../rights/role-rights.js';
import type { RightName } from '@ecrf/rules';
import { seedDatabase } from '../seed/seed.js';
import { checkResponses, type ResponseDeviation } from './response-check.js';
import { sharedSchemaCompilers } from './shared-schema-compilers.js';

export type TestBackend = {
  app: App;
  /** The service login's connection, as the app's. */
  database: Database;
  config: BackendConfig;
  /** Runs `work` with the owner's rights (tests of what the service login may not do). */
  asOwner: <T>(work: (owner: Database) => Promise<T>) => Promise<T>;
  /** JSON answers that did not match the OpenAPI document (with `checkResponses`; empty otherwise). */
  responseDeviations: ResponseDeviation[];
  close: () => Promise<void>;
};

export const TEST_PASSWORD = 'Test-Passwort1';

export type TestBackendOptions = {
  /** Export content of the test (the registry's sources otherwise). */
  exportSources?: ExportSources;
  /** Run export jobs in this app (off: jobs stay queued). */
  exportWorkers?: boolean;
  /**
   * A fresh database of its own on the PostgreSQL server of DATABASE_URL, dropped at close: for tests whose writes
   * other test files must not see (the rights matrix calls every write route with sample bodies).
   */
  ownDatabase?: boolean;
  /** A PostgreSQL database of the test's own (dropped at close), for tests that need PostgreSQL whatever DATABASE_URL says. */
  databaseUrl?: string;
  /** Check every JSON answer against the OpenAPI document (test-support/response-check.ts). */
  checkResponses?: boolean;
};

export async function createTestBackend(
  overrides: Partial<BackendConfig> = {},
  mailer: Mailer = createMailer({ mailDir: join(mkdtempSync(join(tmpdir(), 'ecrf-test-mail-')), 'mail') }),
  options: TestBackendOptions = {},
): Promise<TestBackend> {
  const shared = process.env.DATABASE_URL;
  const databaseUrl =
    options.databaseUrl ??
    (shared && options.ownDatabase ? await freshPostgresDatabase(shared, `own_${randomUUID().slice(0, 8)}`) : shared);
  // Each app its own queue: on a shared database another test's worker must not take its jobs.
  const queueSchema = `pgboss_t_${randomUUID().slice(0, 8)}`;
  const database = await openServiceDatabase(
    databaseUrl
      ? { service: { databaseUrl: await serviceLoginUrl(databaseUrl, SERVICE_LOGINS.registry) }, ownerUrl: databaseUrl, queueSchema }
      : { service: { pgliteDataDir: 'memory://' }, queueSchema },
  );
  // Tests run with small throttling delays; the policy itself is the documented default.
  const config = createConfig({
    signIn: { delayAfterFailures: 3, delayStepMs: 5, lockAfterFailures: 5, lockDurationMs: 15 * 60_000 },
    exports: {
      ...defaultExportSettings(),
      dir: mkdtempSync(join(tmpdir(), 'ecrf-test-exports-')),
      queueSchema,
      // A test that closes its app mid-job wants the hand-over at once, not after the production drain time.
      drainMs: 0,
    },
    ...overrides,
  });
  await seedDatabase(database.db, config);
  const app = await buildApp({
    db: database,
    config,
    mailer,
    exportSources: options.exportSources,
    schemaCompilers: sharedSchemaCompilers,
  });
  const responseDeviations = options.checkResponses ? checkResponses(app) : [];
  await app.ready();
  if (options.exportWorkers) await app.exportRuntime.startWorkers();
  return {
    app,
    database,
    config,
    asOwner: (work) => asOwner(database, { ownerUrl: databaseUrl, login: SERVICE_LOGINS.registry }, work),
    responseDeviations,
    close: async () => {
      await app.close();
      mailer.close();
      await database.close();
      if (databaseUrl && databaseUrl !== shared) await dropPostgresDatabase(databaseUrl);
    },
  };
}

/**
 * Roles made by tests start with this: other test files on a shared database see them, and leave them out where
 * they check the seeded roles.
 */
export const TEST_ROLE_PREFIX = 'TestRole_';
export const isTestRole = (identifier: string): boolean => identifier.startsWith(TEST_ROLE_PREFIX);

export type TestUser = { id: string; userName: string; password: string; emailAddress: string };

/** A fresh user with the given role, assigned to the locations with the given institute identifiers. */
export async function createTestUser(
  database: Database,
  options: { role?: RoleIdentifier; institutes?: string[]; password?: string; deactivated?: boolean } = {},
): Promise<TestUser> {
  const { role = 'Physician', institutes = [], password = TEST_PASSWORD, deactivated = false } = options;
  const { db } = database;
  const userName = `t_${randomUUID().slice(0, 8)}_${role.toLowerCase()}`;
  const emailAddress = `${userName}@test.register.local`;
  const roleRow = await db.selectFrom('role').select('id').where('identifier', '=', role).executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({
      user_name: userName,
      display_name: `Test ${role}`,
      email_address: emailAddress,
      role_id: roleRow.id,
      password_hash: await hashPassword(password),
      person_data: JSON.stringify({ title: 'Dr.' }),
      is_deactivated: deactivated,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (institutes.length > 0) {
    const locations = await db
      .selectFrom('study_institute as si')
      .innerJoin('institute as i', 'i.id', 'si.institute_id')
      .select('si.id')
      .where('i.identifier', 'in', institutes)
      .execute();
    await db
      .insertInto('study_institute_user')
      .values(locations.map((l) => ({ study_institute_id: l.id, user_id: user.id })))
      .execute();
  }
  return { id: user.id, userName, password, emailAddress };
}

export type Tokens = { token: string; refreshToken: string; expiresAt: string; userId: string };

export async function signIn(app: App, userName: string, password: string): Promise<Tokens> {
  const response = await app.inject({ method: 'POST', url: '/api/v1.0/Auth', payload: { userName, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${userName} failed: ${response.statusCode} ${response.body}`);
  return response.json<Tokens>();
}

export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

/** A made user and the clean-up that removes them and their role again (other test files count roles). */
export type MadeUser = TestUser & { remove: () => Promise<void> };

/** A fresh user of a fresh role holding exactly `rights`, assigned to the locations of the given institute identifiers. */
export async function createUserWithRights(
  database: Database,
  rights: readonly RightName[],
  institutes: readonly string[] = [],
): Promise<MadeUser> {
  const { db } = database;
  const suffix = randomUUID().slice(0, 8);
  const role = await db
    .insertInto('role')
    .values({ identifier: `${TEST_ROLE_PREFIX}Rights_${suffix}`, display_name: 'Testrolle' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (rights.length > 0) {
    const rows = await db
      .selectFrom('app_right')
      .select('id')
      .where('identifier', 'in', [...rights])
      .execute();
    await db
      .insertInto('role_right')
      .values(rows.map((r) => ({ role_id: role.id, right_id: r.id })))
      .execute();
  }
  const userName = `t_${suffix}_rights`;
  const user = await db
    .insertInto('app_user')
    .values({ user_name: userName, display_name: 'Testnutzer', role_id: role.id, password_hash: await hashPassword(TEST_PASSWORD) })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (institutes.length > 0) {
    const locations = await db
      .selectFrom('study_institute as si')
      .innerJoin('institute as i', 'i.id', 'si.institute_id')
      .select('si.id')
      .where('i.identifier', 'in', [...institutes])
      .execute();
    await db
      .insertInto('study_institute_user')
      .values(locations.map((l) => ({ study_institute_id: l.id, user_id: user.id })))
      .execute();
  }
  return {
    id: user.id,
    userName,
    password: TEST_PASSWORD,
    emailAddress: '',
    remove: async () => {
      await db.deleteFrom('refresh_token').where('user_id', '=', user.id).execute();
      await db.deleteFrom('study_institute_user').where('user_id', '=', user.id).execute();
      await db.deleteFrom('app_user').where('id', '=', user.id).execute();
      await db.deleteFrom('role').where('id', '=', role.id).execute();
    },
  };
}

/** A user whose role has no right at all: every guarded call must refuse it. */
export const createRightlessUser = (database: Database): Promise<MadeUser> => createUserWithRights(database, []);
