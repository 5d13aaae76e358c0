/**
 * The service's database as its least-privileged login (issue 31 item 2, docs/security.md "Database logins"):
 * migrations run with the owner's rights, requests as a member of mainzelliste_app.
 */
import { openAsServiceLogin, SERVICE_LOGINS, type DatabaseOptions } from '@ecrf/database';
import type { DB } from '../__generated__/database.js';
import { SCHEMA, type Database } from './database.js';
import { runMigrations } from './migrate.js';

/** Opens and migrates as the owner (`ownerUrl`, else the service's own login); the answer serves as the service login. */
export function openServiceDatabase(service: DatabaseOptions, ownerUrl?: string): Promise<Database> {
  return openAsServiceLogin<DB>({
    service,
    ownerUrl,
    schema: SCHEMA,
    login: SERVICE_LOGINS.mainzelliste,
    setUp: async (owner) => {
      await runMigrations(owner);
    },
  });
}
