/** The queries of seeding that no area has: its lock, whether roles exist, and a demo location by its institute. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

/** Arbitrary constant key of the advisory lock that serialises seeding. */
const SEED_LOCK_KEY = 4_100_002;

/** Takes the transaction-scoped lock under which a database is seeded. */
export async function lockSeeding(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}

export async function countRoles(db: Kysely<DB>): Promise<number> {
  const roles = await db
    .selectFrom('role')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(roles.n);
}

/** The location of the study at the institute with the identifier. */
export async function findLocationByInstitute(db: Kysely<DB>, studyId: string, instituteIdentifier: string): Promise<string> {
  const location = await db
    .selectFrom('study_institute as si')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select('si.id')
    .where('i.identifier', '=', instituteIdentifier)
    .where('si.study_id', '=', studyId)
    .executeTakeFirstOrThrow();
  return location.id;
}
