/**
 * Seeds an empty database: rights catalogue, the 17 roles with their rights, the demo study and
 * locations, demo users (not in production) or the configured administrator. Runs under an advisory lock
 * and only when no role exists, so it is idempotent and safe with several processes. Audited as 'system'.
 */
import { passwordStrengthErrors } from '@ecrf/rules';
import { sql, type Kysely } from 'kysely';
import type { BackendConfig } from '../config/config.js';
import type { DB } from '../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { hashPassword } from '../auth/password-hash.js';
import { rightsCatalogue } from '../rights/rights.catalogue.js';
import { locationBoundRoles, roleDisplayNames, roleIdentifiers, roleRights, type RoleIdentifier } from '../rights/role-rights.js';
import { DEMO_INSTITUTES, DEMO_STUDY, demoUserFor, type DemoUser } from './demo-data.js';
import { loadShippedDefinitions } from '../study-definitions/definition-seed.js';
import { shippedDefinitionsDir } from '../study-definitions/format/definition-file.js';
import { seedNetwork } from './network-seed.js';
import { seedDemoPatients } from './patient-seed.js';

const SEED_LOCK_KEY = 4_100_002;

/** The demo sign-ins, for the start script to print. */
export function demoSignIns(): DemoUser[] {
  return roleIdentifiers.map((role) => demoUserFor(role, locationBoundRoles.includes(role)));
}

type SeedUser = { userName: string; displayName: string; emailAddress: string | null; role: RoleIdentifier; passwordHash: string; institutes: string[] };

async function seedUsers(config: BackendConfig): Promise<SeedUser[]> {
  const users: SeedUser[] = [];
  if (config.seedDemoUsers) {
    for (const demo of demoSignIns()) users.push({ ...demo, passwordHash: await hashPassword(demo.password) });
  }
  if (config.admin) {
    const weak = passwordStrengthErrors(config.admin.password, 'administrator');
    if (weak.length > 0) throw new Error(`ECRF_ADMIN_PASSWORD is too weak: ${weak.join(', ')}`);
    users.push({
      userName: config.admin.userName, displayName: config.admin.userName, emailAddress: config.admin.emailAddress,
      role: 'SuperAdmin', passwordHash: await hashPassword(config.admin.password), institutes: [],
    });
  }
  return users;
}

/** Adds rights of the catalogue that the database lacks (a newer release may name more). */
async function syncRights(trx: Kysely<DB>): Promise<Map<string, string>> {
  const existing = await trx.selectFrom('app_right').select(['id', 'identifier']).execute();
  const ids = new Map(existing.map((row) => [row.identifier, row.id]));
  for (const entry of rightsCatalogue) {
    if (ids.has(entry.name)) continue;
    const row = await trx.insertInto('app_right').values({ identifier: entry.name }).returning('id').executeTakeFirstOrThrow();
    ids.set(entry.name, row.id);
    await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'app_right', recordId: row.id, operation: 'Create', newValue: { identifier: entry.name }, reason: 'seed' });
  }
  return ids;
}

/** Returns true when it seeded, false when the database already had roles. */
export async function seedDatabase(db: Kysely<DB>, config: BackendConfig, definitionsDir: string = shippedDefinitionsDir): Promise<boolean> {
  const roles = await db.selectFrom('role').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  // Hash outside the transaction and only for an empty database: it is the slow part and needs no lock.
  const users = Number(roles.n) === 0 ? await seedUsers(config) : [];
  const seeded = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const rightIds = await syncRights(trx);
    const roleCount = await trx.selectFrom('role').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    if (Number(roleCount.n) > 0) return false;

    const roleIds = new Map<RoleIdentifier, string>();
    for (const identifier of roleIdentifiers) {
      const role = await trx.insertInto('role').values({ identifier, display_name: roleDisplayNames[identifier] }).returning('id').executeTakeFirstOrThrow();
      roleIds.set(identifier, role.id);
      const rights = roleRights[identifier];
      await trx.insertInto('role_right').values(rights.map((right) => ({ role_id: role.id, right_id: rightIds.get(right) ?? '' }))).execute();
      await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'role', recordId: role.id, operation: 'Create', newValue: { identifier, displayName: roleDisplayNames[identifier], rights: [...rights] }, reason: 'seed' });
    }

    const study = await trx.insertInto('study').values({ identifier: DEMO_STUDY.identifier, display_name: DEMO_STUDY.displayName }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'study', recordId: study.id, operation: 'Create', newValue: { ...DEMO_STUDY }, reason: 'seed' });
    const locationIds = new Map<string, string>();
    const instituteIds = new Map<string, string>();
    for (const institute of DEMO_INSTITUTES) {
      const additionalInfo = { isDigiNet: institute.isDigiNet };
      const row = await trx.insertInto('institute')
        .values({ identifier: institute.identifier, display_name: institute.displayName, additional_info: JSON.stringify(additionalInfo) })
        .returning('id').executeTakeFirstOrThrow();
      const location = await trx.insertInto('study_institute').values({ study_id: study.id, institute_id: row.id }).returning('id').executeTakeFirstOrThrow();
      locationIds.set(institute.identifier, location.id);
      instituteIds.set(institute.identifier, row.id);
      await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'institute', recordId: row.id, operation: 'Create', newValue: { ...institute, additionalInfo }, reason: 'seed' });
      await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'study_institute', recordId: location.id, operation: 'Create', newValue: { studyId: study.id, instituteId: row.id }, reason: 'seed' });
    }

    await seedNetwork(trx, instituteIds);

    for (const user of users) {
      const row = await trx.insertInto('app_user').values({
        user_name: user.userName, display_name: user.displayName, email_address: user.emailAddress,
        role_id: roleIds.get(user.role) ?? '', password_hash: user.passwordHash, person_data: null,
      }).returning('id').executeTakeFirstOrThrow();
      const assigned = user.institutes.map((identifier) => locationIds.get(identifier) ?? '');
      if (assigned.length > 0) {
        await trx.insertInto('study_institute_user').values(assigned.map((id) => ({ study_institute_id: id, user_id: row.id }))).execute();
      }
      await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'app_user', recordId: row.id, operation: 'Create', newValue: { userName: user.userName, displayName: user.displayName, emailAddress: user.emailAddress, role: user.role, studyInstituteIds: assigned }, reason: 'seed' });
    }
    return true;
  });
  // The demo registry (issue 4): loaded when no study definition exists, updated when its file has a newer version.
  await loadShippedDefinitions(db, definitionsDir);
  // Demo patients (issue 5) only with the demo users, i.e. outside production, and only into a fresh database.
  if (seeded && config.seedDemoUsers) await seedDemoPatients(db);
  return seeded;
}
