/**
 * The two databases a backup holds, from the services' own variables. The embedded PGlite of `npm start`
 * (no DATABASE_URL) is not backed up here: its files are consistent only while no service writes them
 * (docs/operations.md).
 */
import type { DumpScope } from './postgres-tools.js';
import { PSEUDONYMISATION_SCHEMA } from './databases.js';

export type DatabasePair = { registryUrl: string; pseudonymisationUrl: string };

/** The registry's dump leaves out the IDAT schema, so IDAT never lands in it even when both share one database. */
export const REGISTRY_SCOPE: DumpScope = { schema: PSEUDONYMISATION_SCHEMA, include: false };
export const PSEUDONYMISATION_SCOPE: DumpScope = { schema: PSEUDONYMISATION_SCHEMA, include: true };

export function databasePairFrom(env: NodeJS.ProcessEnv): DatabasePair {
  const registryUrl = env.DATABASE_URL;
  const pseudonymisationUrl = env.MAINZELLISTE_DATABASE_URL;
  if (!registryUrl || !pseudonymisationUrl) {
    throw new Error(
      'DATABASE_URL and MAINZELLISTE_DATABASE_URL must both name PostgreSQL databases. ' +
        'With the embedded PGlite of `npm start`, stop `npm start` and copy the ./data directory instead.',
    );
  }
  return { registryUrl, pseudonymisationUrl };
}
