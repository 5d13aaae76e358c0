/**
 * Seeds an empty database: rights catalogue, the 17 roles with their rights, the demo study and
 * locations, demo users (not in production) or the configured administrator. Runs under an advisory lock
 * and only when no role exists, so it is idempotent and safe with several processes. Audited as 'system'.
 */
import { passwordStrengthErrors, rightsCatalogue } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { BackendConfig } from '../config/config.js';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { hashPassword } from '../credentials/password-hash.js';
import { locationBoundRoles, roleDisplayNames, roleIdentifiers, roleRights, type RoleIdentifier } from '../rights/role-rights.js';
import { DEMO_INSTITUTES, DEMO_STUDY, demoUserFor, type DemoUser } from './demo-data.js';
import { loadShippedDefinitions } from '../study-definitions/definition-seed.js';
import { shippedDefinitionsDir } from '../study-definitions/format/definition-file.js';
import { seedDemoElearning } from './demo-elearning.js';
import { seedDemoNewsDocuments } from '../news-documents/demo-news-documents.js';
import { seedNetwork } from './network-seed.js';
import { seedDemoPatients } from './patient-seed.js';
import { seedDemoProjects } from './project-seed.js';
import { loadShippedQuestionnaires, seedDemoInterview } from '../questionnaires/questionnaire-seed.js';
import { insertInstitute, insertLocationUsers, insertStudyInstitute } from '../institutes/institutes.sql.js';
import { findRights, findRightsOfRole, findRoles, insertRight, insertRole, insertRoleRights } from '../roles/roles.sql.js';
import { insertStudy } from '../studies/studies.sql.js';
import { insertUser } from '../users/users.sql.js';
import { countRoles, lockSeeding } from './seed.sql.js';

/** The demo sign-ins, for the start script to print. */
export function demoSignIns(): DemoUser[] {
  return roleIdentifiers.map((role) => demoUserFor(role, locationBoundRoles.includes(role)));
}

type SeedUser = {
  userName: string;
  displayName: string;
  emailAddress: string | null;
  role: RoleIdentifier;
  passwordHash: string;
  institutes: string[];
};

async function seedUsers(config: BackendConfig): Promise<SeedUser[]> {
  const users: SeedUser[] = [];
  if (config.seedDemoUsers) {
    for (const demo of demoSignIns()) users.push({ ...demo, passwordHash: await hashPassword(demo.password) });
  }
  if (config.admin) {
    const weak = passwordStrengthErrors(config.admin.password, 'administrator');
    if (weak.length > 0) throw new Error(`ECRF_ADMIN_PASSWORD is too weak: ${weak.join(', ')}`);
    users.push({
      userName: config.admin.userName,
      displayName: config.admin.userName,
      emailAddress: config.admin.emailAddress,
      role: 'SuperAdmin',
      passwordHash: await hashPassword(config.admin.password),
      institutes: [],
    });
  }
  return users;
}

/** Adds rights of the catalogue that the database lacks (a newer release may name more). */
/** Adds the catalogue's rights the database lacks; their ids by identifier, and which were added. */
async function syncRights(trx: Kysely<DB>): Promise<{ ids: Map<string, string>; added: string[] }> {
  const existing = await findRights(trx);
  const ids = new Map(existing.map((row) => [row.identifier, row.id]));
  const added: string[] = [];
  for (const entry of rightsCatalogue) {
    if (ids.has(entry.name)) continue;
    const id = await insertRight(trx, entry.name);
    ids.set(entry.name, id);
    added.push(entry.name);
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'app_right',
      recordId: id,
      operation: 'Create',
      newValue: { identifier: entry.name },
      reason: 'seed',
    });
  }
  return { ids, added };
}

/**
 * On an upgrade, a right new to the database goes to the built-in roles the mapping gives it to (e.g.
 * PossibleMatchReviewCmd to DataManager), so a new feature reaches the roles it is meant for. Nothing else of a
 * role changes: an administrator's changes to its other rights stay; a right that existed before is never
 * granted again (it may have been withdrawn on purpose). Audited with the role's rights before and after.
 */
async function grantNewRights(trx: Kysely<DB>, ids: ReadonlyMap<string, string>, added: readonly string[]): Promise<void> {
  if (added.length === 0) return;
  const roles = await findRoles(trx, {});
  for (const role of roles) {
    const mapped: readonly string[] = roleRights[role.identifier as RoleIdentifier] ?? [];
    const granted = added.filter((right) => mapped.includes(right));
    if (granted.length === 0) continue;
    const before = (await findRightsOfRole(trx, role.id)).map((right) => right.identifier);
    await insertRoleRights(
      trx,
      role.id,
      granted.map((right) => ids.get(right) ?? ''),
    );
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'role',
      recordId: role.id,
      operation: 'Update',
      oldValue: { rights: before },
      newValue: { rights: [...before, ...granted] },
      reason: 'Neue Rechte der Rolle bei der Aktualisierung',
    });
  }
}

/** Returns true when it seeded, false when the database already had roles. */
export async function seedDatabase(
  db: Kysely<DB>,
  config: BackendConfig,
  definitionsDir: string = shippedDefinitionsDir,
): Promise<boolean> {
  // Hash outside the transaction and only for an empty database: it is the slow part and needs no lock.
  const users = (await countRoles(db)) === 0 ? await seedUsers(config) : [];
  const seeded = await db.transaction().execute(async (trx) => {
    await lockSeeding(trx);
    const { ids: rightIds, added } = await syncRights(trx);
    if ((await countRoles(trx)) > 0) {
      await grantNewRights(trx, rightIds, added);
      return false;
    }

    const roleIds = new Map<RoleIdentifier, string>();
    for (const identifier of roleIdentifiers) {
      const roleId = await insertRole(trx, { identifier, displayName: roleDisplayNames[identifier] });
      roleIds.set(identifier, roleId);
      const rights = roleRights[identifier];
      await insertRoleRights(
        trx,
        roleId,
        rights.map((right) => rightIds.get(right) ?? ''),
      );
      await audit(trx, {
        actor: SYSTEM_ACTOR,
        tableName: 'role',
        recordId: roleId,
        operation: 'Create',
        newValue: { identifier, displayName: roleDisplayNames[identifier], rights: [...rights] },
        reason: 'seed',
      });
    }

    const studyId = await insertStudy(trx, DEMO_STUDY);
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'study',
      recordId: studyId,
      operation: 'Create',
      newValue: { ...DEMO_STUDY },
      reason: 'seed',
    });
    const locationIds = new Map<string, string>();
    const instituteIds = new Map<string, string>();
    for (const institute of DEMO_INSTITUTES) {
      const additionalInfo = { isDigiNet: institute.isDigiNet };
      const instituteId = await insertInstitute(trx, {
        identifier: institute.identifier,
        display_name: institute.displayName,
        additional_info: JSON.stringify(additionalInfo),
      });
      const locationId = await insertStudyInstitute(trx, { studyId, instituteId });
      locationIds.set(institute.identifier, locationId);
      instituteIds.set(institute.identifier, instituteId);
      await audit(trx, {
        actor: SYSTEM_ACTOR,
        tableName: 'institute',
        recordId: instituteId,
        operation: 'Create',
        newValue: { ...institute, additionalInfo },
        reason: 'seed',
      });
      await audit(trx, {
        actor: SYSTEM_ACTOR,
        tableName: 'study_institute',
        recordId: locationId,
        operation: 'Create',
        newValue: { studyId, instituteId },
        reason: 'seed',
      });
    }

    await seedNetwork(trx, instituteIds);

    for (const user of users) {
      const userId = await insertUser(trx, {
        user_name: user.userName,
        display_name: user.displayName,
        email_address: user.emailAddress,
        role_id: roleIds.get(user.role) ?? '',
        password_hash: user.passwordHash,
        person_data: null,
      });
      const assigned = user.institutes.map((identifier) => locationIds.get(identifier) ?? '');
      await insertLocationUsers(
        trx,
        assigned.map((id) => ({ study_institute_id: id, user_id: userId })),
      );
      await audit(trx, {
        actor: SYSTEM_ACTOR,
        tableName: 'app_user',
        recordId: userId,
        operation: 'Create',
        newValue: {
          userName: user.userName,
          displayName: user.displayName,
          emailAddress: user.emailAddress,
          role: user.role,
          studyInstituteIds: assigned,
        },
        reason: 'seed',
      });
    }
    return true;
  });
  // The demo registry (issue 4): loaded when no study definition exists, updated when its file has a newer version.
  await loadShippedDefinitions(db, definitionsDir);
  await seedDemoProjects(db);
  await loadShippedQuestionnaires(db);
  await seedDemoElearning(db, seeded && config.seedDemoUsers);
  // The demo news and documents (issue 13): with the demo users, also into a demo database seeded before them.
  if (config.seedDemoUsers) await seedDemoNewsDocuments(db);
  // Demo patients (issue 5) only with the demo users, i.e. outside production, and only into a fresh database.
  if (seeded && config.seedDemoUsers) await seedDemoPatients(db);
  if (seeded && config.seedDemoUsers) await seedDemoInterview(db);
  return seeded;
}
