/**
 * The queries of the network master data: organizations and persons with their assignments (reads in two
 * queries per list, no N+1), and their writes.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, OrganizationPersonAssignmentTable, OrganizationTable, PersonTable } from '../__generated__/database.js';
import type { OrganizationDto, PersonDto } from './network.schemas.js';

type Filter = { ids?: string[]; includeDeleted?: boolean };

async function assignments(db: Kysely<DB>, column: 'organization_id' | 'person_id', ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('organization_person_assignment').selectAll().where(column, 'in', ids).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, organizationId: row.organization_id, personId: row.person_id, function: row.function }));
}

export async function findOrganizations(db: Kysely<DB>, filter: Filter = {}): Promise<OrganizationDto[]> {
  if (filter.ids?.length === 0) return [];
  let query = db.selectFrom('organization').selectAll().orderBy('display_name').orderBy('id');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  const rows = await query.execute();
  const links = await assignments(
    db,
    'organization_id',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    displayName: row.display_name,
    isDigiNet: row.is_digi_net,
    mainOrganizationType: row.main_organization_type,
    instituteId: row.institute_id,
    isDeleted: row.is_deleted,
    assignments: links.filter((link) => link.organizationId === row.id),
  }));
}

export async function findPersons(db: Kysely<DB>, filter: Filter = {}): Promise<PersonDto[]> {
  if (filter.ids?.length === 0) return [];
  let query = db.selectFrom('person').selectAll().orderBy('last_name').orderBy('first_name').orderBy('id');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  const rows = await query.execute();
  const links = await assignments(
    db,
    'person_id',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    personInfo: row.person_info,
    userId: row.user_id,
    isDeleted: row.is_deleted,
    organizationPersonAssignments: links.filter((link) => link.personId === row.id),
  }));
}

export async function insertOrganization(db: Kysely<DB>, organization: Insertable<OrganizationTable>): Promise<string> {
  const row = await db.insertInto('organization').values(organization).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrganizationRow(db: Kysely<DB>, id: string, set: Updateable<OrganizationTable>): Promise<void> {
  await db.updateTable('organization').set(set).where('id', '=', id).execute();
}

export async function insertPerson(db: Kysely<DB>, person: Insertable<PersonTable>): Promise<string> {
  const row = await db.insertInto('person').values(person).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePersonRow(db: Kysely<DB>, id: string, set: Updateable<PersonTable>): Promise<void> {
  await db.updateTable('person').set(set).where('id', '=', id).execute();
}

export async function insertAssignments(db: Kysely<DB>, rows: readonly Insertable<OrganizationPersonAssignmentTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('organization_person_assignment')
    .values([...rows])
    .execute();
}

/** The person is assigned exactly to these organizations afterwards (assignment rows get new ids). */
export async function replaceAssignments(
  db: Kysely<DB>,
  personId: string,
  assignments: readonly { organizationId: string; function: string | null }[],
): Promise<void> {
  await db.deleteFrom('organization_person_assignment').where('person_id', '=', personId).execute();
  await insertAssignments(
    db,
    assignments.map((a) => ({ organization_id: a.organizationId, person_id: personId, function: a.function })),
  );
}
