/**
 * The services given only the owner's URL, as `npm start` with DATABASE_URL, the tests and the CI run them (issue 31
 * item 2): each migrates as the owner and serves as its own login, both in one PostgreSQL database, and neither login
 * reaches the other service's tables. (Production keeps them in two instances with logins of its own:
 * docker-compose.yml.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_LOGINS, serviceLoginUrl } from '@ecrf/database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessStatus } from '../../scripts/http-probe.mjs';
import {
  dropPostgresDatabase,
  freePort,
  freshPostgresDatabase,
  postgresRefusal,
  startServices,
  type Services,
} from '../../scripts/services.mjs';

const baseUrl = process.env.DATABASE_URL;
let ownerUrl: string;
let services: Services;

beforeAll(async () => {
  if (!baseUrl) throw new Error('The service logins are PostgreSQL logins: set DATABASE_URL');
  ownerUrl = await freshPostgresDatabase(baseUrl, `logins_${process.pid}`);
  services = await startServices({
    backendPort: await freePort(),
    gatewayPort: await freePort(),
    mainzellistePort: await freePort(),
    env: {
      ...process.env,
      DATABASE_URL: ownerUrl,
      MAINZELLISTE_DATABASE_URL: ownerUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-logins-')),
      NODE_ENV: 'test',
      REDIS_URL: '',
    },
    log: () => undefined,
  });
});

afterAll(async () => {
  await services?.stop();
  if (ownerUrl) await dropPostgresDatabase(ownerUrl);
});

/** The logins of every connection to the database now, but this one. */
async function connectedLogins(): Promise<string[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ login: string }>(
      'SELECT DISTINCT usename AS login FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY 1',
    );
    return rows.map((row) => row.login);
  } finally {
    await client.end();
  }
}

describe('the services given the owner’s URL', () => {
  it('connect as their own logins once migrated', async () => {
    // Readiness asks each service's database: both hold a connection now.
    expect(await readinessStatus(services.backendUrl)).toBe(200);
    expect(await readinessStatus(services.mainzellisteUrl)).toBe(200);
    expect(await connectedLogins()).toEqual([SERVICE_LOGINS.registry.login, SERVICE_LOGINS.mainzelliste.login].sort());
  });

  it('keep the registry’s login out of the identities', async () => {
    const registry = await serviceLoginUrl(ownerUrl, SERVICE_LOGINS.registry);
    expect(await postgresRefusal(registry, 'SELECT count(*) FROM mainzelliste.patient')).toMatch(
      /permission denied for schema mainzelliste/,
    );
    expect(await postgresRefusal(registry, 'SELECT count(*) FROM app_user')).toBeNull();
  });

  it('keep the pseudonymisation service’s login out of the registry', async () => {
    const identities = await serviceLoginUrl(ownerUrl, SERVICE_LOGINS.mainzelliste);
    expect(await postgresRefusal(identities, 'SELECT count(*) FROM public.app_user')).toMatch(/permission denied for table app_user/);
    expect(await postgresRefusal(identities, 'SELECT count(*) FROM public.patient_identity_link')).toMatch(/permission denied/);
    expect(
      await postgresRefusal(identities, "INSERT INTO public.audit_trail (user_name, table_name, operation) VALUES ('x', 'x', 'Update')"),
    ).toMatch(/permission denied/);
    expect(await postgresRefusal(identities, 'CREATE TABLE public.probe (id int)')).toMatch(/permission denied for schema public/);
    expect(await postgresRefusal(identities, 'SELECT count(*) FROM mainzelliste.patient')).toBeNull();
  });
});
