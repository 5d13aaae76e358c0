/**
 * Test fixtures: the service on the real database (PostgreSQL when MAINZELLISTE_DATABASE_URL or
 * DATABASE_URL is set, its tables in the schema mainzelliste; else in-memory PGlite), and helpers for
 * sessions and tokens. Tests isolate by fresh identities, never by wiping tables (STYLE.md). As in production, the
 * URL names the owner, who migrates; the service runs as its login (issue 31 item 2).
 */
import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { asOwner, SERVICE_LOGINS, serviceLoginUrl } from '@ecrf/database';
import type { App } from '../app-deps.js';
import { buildApp } from '../app.js';
import { createConfig, DEV_API_KEY, type MainzellisteConfig } from '../config/config.js';
import { SCHEMA, type Database } from '../db/database.js';
import { openServiceDatabase } from '../db/service-login.js';
import { GENDER_CODES } from '../patients/fields.js';
import { loggerOptions } from '../http/logging.js';

export type TestService = {
  app: App;
  /** The service login's connection, as the app's. */
  database: Database;
  config: MainzellisteConfig;
  logLines: string[];
  /** Runs `work` with the owner's rights (tests of what the service login may not do). */
  asOwner: <T>(work: (owner: Database) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export async function createTestService(overrides: Partial<MainzellisteConfig> = {}): Promise<TestService> {
  const url = process.env.MAINZELLISTE_DATABASE_URL ?? process.env.DATABASE_URL;
  const database = url
    ? await openServiceDatabase({ databaseUrl: await serviceLoginUrl(url, SERVICE_LOGINS.mainzelliste) }, url)
    : await openServiceDatabase({ pgliteDataDir: 'memory://' });
  const config = createConfig(overrides);
  // Every log line at the most verbose level, so tests can check that no IDAT reaches the log.
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = await buildApp({ database, config, logger: loggerOptions('trace', stream) });
  await app.ready();
  return {
    app,
    database,
    config,
    logLines,
    asOwner: (work) => asOwner(database, { ownerUrl: url, schema: SCHEMA, login: SERVICE_LOGINS.mainzelliste }, work),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const apiKey = { mainzellisteApiKey: DEV_API_KEY };

export async function createSession(app: App): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/sessions', headers: apiKey });
  if (response.statusCode !== 201) throw new Error(`session: ${response.statusCode} ${response.body}`);
  return response.json<{ sessionId: string }>().sessionId;
}

/** A token (API 3.2 answers), returning its id. */
export async function createToken(app: App, type: string, data: Record<string, unknown>, allowedUses = 1): Promise<string> {
  const sessionId = await createSession(app);
  const response = await app.inject({
    method: 'POST',
    url: `/sessions/${sessionId}/tokens`,
    headers: { ...apiKey, mainzellisteApiVersion: '3.2' },
    payload: { type, allowedUses, data },
  });
  if (response.statusCode !== 201) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

const FIRST = ['Erika', 'Hans', 'Jürgen', 'Anna-Lena', 'Käthe', 'Björn', 'Ute', 'Maximilian'];
const letters = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A fresh, valid identity: random letters in both names and a random postal code keep test runs apart on a
 * shared database. The matcher's prior counts the identities really stored (issue 29), so people who share
 * a first name, the address and two date parts would be possible matches in a test database of a few hundred.
 */
export function freshIdentity(): Record<string, string> {
  const suffix = Array.from({ length: 8 }, () => letters.charAt(randomInt(26))).join('');
  return {
    // A listed name (umlauts, a double name) behind random letters: appended letters left the listed name as a common
    // prefix, so two fresh people born on the same day had similar first names, and with a different surname that is
    // a possible match (a married name), which made a test that stores a fresh person fail by chance.
    vorname: `${suffix.charAt(5).toUpperCase()}${suffix.slice(6)}${(FIRST[randomInt(FIRST.length)] ?? 'Erika').toLowerCase()}`,
    // Random letters: on a kept database even EpiLink must not see earlier runs' people as possible matches.
    nachname: `${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`,
    geburtstag: String(randomInt(1, 29)).padStart(2, '0'),
    geburtsmonat: String(randomInt(1, 13)).padStart(2, '0'),
    geburtsjahr: String(randomInt(1930, 2010)),
    geschlecht: GENDER_CODES[randomInt(GENDER_CODES.length)] ?? 'U',
    strasse: `Am ${suffix}hof ${randomInt(1, 100)}`,
    plz: String(randomInt(10_000, 100_000)),
    ort: 'Berlin',
  };
}

/** application/x-www-form-urlencoded, as Mainzelliste clients send IDAT. */
export const form = (fields: Record<string, string>): { payload: string; headers: Record<string, string> } => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
});
