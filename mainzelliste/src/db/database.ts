/**
 * Opens the service's own database (ARCHITECTURE.md: IDAT only here) through @ecrf/database: PostgreSQL
 * through a pg Pool when a connection string is given, otherwise embedded PGlite. Queries address the
 * schema mainzelliste, so a shared PostgreSQL database keeps the identities apart from the backend's tables.
 */
import { openDatabase as openTypedDatabase, type Database as TypedDatabase, type DatabaseOptions } from '@ecrf/database';
import type { DB } from '../__generated__/database.js';

export type { DatabaseOptions } from '@ecrf/database';

export const SCHEMA = 'mainzelliste';

/** `db` is bound to the schema mainzelliste. */
export type Database = TypedDatabase<DB>;

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return openTypedDatabase<DB>(options, SCHEMA);
}
