/**
 * The backend's database as its least-privileged login (issue 31 item 2, docs/security.md "Database logins"):
 * migrations and the job queue's schema run with the owner's rights, requests as a member of ecrf_app.
 */
import { openAsServiceLogin, SERVICE_LOGINS, type DatabaseOptions } from '@ecrf/database';
import type { DB } from './__generated__/database.js';
import { installJobQueue } from './exports/export-runtime.js';
import type { Database } from './db/database.js';
import { runMigrations } from './db/migrate.js';

export type ServiceDatabaseOptions = {
  service: DatabaseOptions;
  /** The owner's URL (MIGRATION_DATABASE_URL); unset: the service's own login migrates. */
  ownerUrl?: string;
  /** The job queue's schema, installed by the owner. */
  queueSchema: string;
};

/** Opens, migrates and installs the job queue as the owner; the answer serves as the service login. */
export function openServiceDatabase({ service, ownerUrl, queueSchema }: ServiceDatabaseOptions): Promise<Database> {
  return openAsServiceLogin<DB>({
    service,
    ownerUrl,
    login: SERVICE_LOGINS.registry,
    setUp: async (owner) => {
      await runMigrations(owner);
      await installJobQueue(owner.jobQueue, queueSchema);
    },
  });
}
