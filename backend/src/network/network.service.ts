/**
 * syncOrganizations (ecrf-calls.md §7 nms_system_api): the network master data system sends its
 * organizations and persons with their own ids; they are upserted, assignments replaced, and an
 * institute linked to an organization follows its name and DigiNet flag. All in one transaction, each
 * changed row audited with old and new value.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { notFound } from '../errors/errors.js';
import { findInstitutes, updateInstituteRow } from '../institutes/institutes.sql.js';
import { findUsers } from '../users/users.sql.js';
import {
  findOrganizations,
  findPersons,
  insertOrganization,
  insertPerson,
  replaceAssignments,
  updateOrganizationRow,
  updatePersonRow,
} from './network.sql.js';
import type { SyncOrganizationsInput } from './network.schemas.js';

type Counts = {
  organizationsCreated: number;
  organizationsUpdated: number;
  personsCreated: number;
  personsUpdated: number;
  institutesUpdated: number;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

async function syncInstitute(
  trx: Kysely<DB>,
  actor: AuditActor,
  instituteId: string,
  displayName: string,
  isDigiNet: boolean,
): Promise<boolean> {
  const [before] = await findInstitutes(trx, { ids: [instituteId], includeDeleted: true });
  if (!before) throw notFound('institute');
  if (before.displayName === displayName && before.additionalInfo.isDigiNet === isDigiNet) return false;
  await updateInstituteRow(trx, instituteId, {
    display_name: displayName,
    additional_info: JSON.stringify({ ...before.additionalInfo, isDigiNet }),
  });
  const [after] = await findInstitutes(trx, { ids: [instituteId], includeDeleted: true });
  await audit(trx, {
    actor,
    tableName: 'institute',
    recordId: instituteId,
    operation: 'Update',
    oldValue: before,
    newValue: after ?? null,
    reason: 'syncOrganizations',
  });
  return true;
}

export async function syncOrganizations(db: Kysely<DB>, actor: AuditActor, input: SyncOrganizationsInput): Promise<Counts> {
  const counts: Counts = { organizationsCreated: 0, organizationsUpdated: 0, personsCreated: 0, personsUpdated: 0, institutesUpdated: 0 };
  await db.transaction().execute(async (trx) => {
    for (const organization of input.organizations) {
      const [before] = await findOrganizations(trx, { ids: [organization.id], includeDeleted: true });
      const values = {
        display_name: organization.displayName,
        is_digi_net: organization.isDigiNet,
        main_organization_type: organization.mainOrganizationType,
        institute_id: organization.instituteId ?? null,
        is_deleted: organization.isDeleted ?? false,
      };
      if (before) await updateOrganizationRow(trx, organization.id, values);
      else await insertOrganization(trx, { id: organization.id, ...values });
      const [after] = await findOrganizations(trx, { ids: [organization.id], includeDeleted: true });
      if (!before || !same(before, after)) {
        counts[before ? 'organizationsUpdated' : 'organizationsCreated'] += 1;
        await audit(trx, {
          actor,
          tableName: 'organization',
          recordId: organization.id,
          operation: before ? 'Update' : 'Create',
          oldValue: before ?? null,
          newValue: after ?? null,
          reason: 'syncOrganizations',
        });
      }
      if (
        organization.instituteId &&
        (await syncInstitute(trx, actor, organization.instituteId, organization.displayName, organization.isDigiNet))
      ) {
        counts.institutesUpdated += 1;
      }
    }
    for (const person of input.persons ?? []) {
      const [before] = await findPersons(trx, { ids: [person.id], includeDeleted: true });
      const values = {
        title: person.title ?? null,
        first_name: person.firstName,
        last_name: person.lastName,
        person_info: JSON.stringify(person.personInfo ?? {}),
        user_id: person.userId ?? null,
        is_deleted: person.isDeleted ?? false,
      };
      if (before) await updatePersonRow(trx, person.id, values);
      else await insertPerson(trx, { id: person.id, ...values });
      const wanted = new Map(person.assignments.map((a) => [a.organizationId, a.function ?? null]));
      await replaceAssignments(
        trx,
        person.id,
        [...wanted].map(([organizationId, fn]) => ({ organizationId, function: fn })),
      );
      const [after] = await findPersons(trx, { ids: [person.id], includeDeleted: true });
      // Assignment row ids are new on every sync; compare what they say, not their ids.
      const comparable = (p: typeof after) =>
        p && {
          ...p,
          organizationPersonAssignments: p.organizationPersonAssignments
            .map(({ id: _id, ...rest }) => rest)
            .sort((a, b) => a.organizationId.localeCompare(b.organizationId)),
        };
      if (!before || !same(comparable(before), comparable(after))) {
        counts[before ? 'personsUpdated' : 'personsCreated'] += 1;
        await audit(trx, {
          actor,
          tableName: 'person',
          recordId: person.id,
          operation: before ? 'Update' : 'Create',
          oldValue: before ?? null,
          newValue: after ?? null,
          reason: 'syncOrganizations',
        });
      }
    }
  });
  return counts;
}

/** ecrfPerson/{id}/canBeDeletedInfo: a person with an eCRF account that is not deleted stays. */
export async function personDeletionInfo(db: Kysely<DB>, id: string) {
  const [person] = await findPersons(db, { ids: [id], includeDeleted: true });
  if (!person) throw notFound('person');
  const [user] = person.userId ? await findUsers(db, { id: person.userId }) : [];
  const hasActiveUser = user !== undefined;
  return { id, canBeDeleted: !hasActiveUser, hasActiveUser, organizationAssignmentsCount: person.organizationPersonAssignments.length };
}
