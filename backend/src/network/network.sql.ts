/** Reads of organizations and persons with their assignments, in two queries per list (no N+1). */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
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
  const links = await assignments(db, 'organization_id', rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id, displayName: row.display_name, isDigiNet: row.is_digi_net, mainOrganizationType: row.main_organization_type,
    instituteId: row.institute_id, isDeleted: row.is_deleted, assignments: links.filter((link) => link.organizationId === row.id),
  }));
}

export async function findPersons(db: Kysely<DB>, filter: Filter = {}): Promise<PersonDto[]> {
  if (filter.ids?.length === 0) return [];
  let query = db.selectFrom('person').selectAll().orderBy('last_name').orderBy('first_name').orderBy('id');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  const rows = await query.execute();
  const links = await assignments(db, 'person_id', rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id, title: row.title, firstName: row.first_name, lastName: row.last_name, personInfo: row.person_info,
    userId: row.user_id, isDeleted: row.is_deleted, organizationPersonAssignments: links.filter((link) => link.personId === row.id),
  }));
}
