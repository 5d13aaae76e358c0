/**
 * The backend's typed database (schema.ts) on PostgreSQL or embedded PGlite, through @ecrf/database.
 * Its tables live in the default schema.
 */
import { openDatabase as openTypedDatabase, type Database as TypedDatabase, type DatabaseOptions } from '@ecrf/database';
import type { DB } from '../__generated__/database.js';

export type { DatabaseOptions } from '@ecrf/database';

export type Database = TypedDatabase<DB>;

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return openTypedDatabase<DB>(options);
}
