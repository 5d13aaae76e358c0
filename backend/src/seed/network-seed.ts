/**
 * Demo network master data: one organization per demo institute plus a network partner that is not an
 * eCRF location, and a few persons assigned to them, so the network partner and location fields of the
 * forms (ecrf-core.md §3 NngmNetworkPartner, NngmNetworkLocation) have something to pick from.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { DEMO_INSTITUTES } from './demo-data.js';

const partners = [
  { displayName: 'Institut für Pathologie Bonn', isDigiNet: false, mainOrganizationType: 'Laboratory' },
  { displayName: 'Onkologische Praxis Düsseldorf', isDigiNet: true, mainOrganizationType: 'Practice' },
] as const;

const persons = [
  { title: 'Dr.', firstName: 'Lena', lastName: 'Lunge', function: 'Therapeut', at: '1001' },
  { title: 'Prof. Dr.', firstName: 'Jonas', lastName: 'Thorax', function: 'Therapeut', at: '2002' },
  { title: null, firstName: 'Mia', lastName: 'Molekular', function: 'Pathologe', at: 'Institut für Pathologie Bonn' },
] as const;

export async function seedNetwork(trx: Kysely<DB>, instituteIds: ReadonlyMap<string, string>): Promise<void> {
  const organizationIds = new Map<string, string>();
  const organizations = [
    ...DEMO_INSTITUTES.map((i) => ({ key: i.identifier, displayName: i.displayName, isDigiNet: i.isDigiNet, mainOrganizationType: 'Hospital', instituteId: instituteIds.get(i.identifier) ?? null })),
    ...partners.map((p) => ({ key: p.displayName, ...p, instituteId: null })),
  ];
  for (const { key, ...organization } of organizations) {
    const row = await trx.insertInto('organization').values({
      display_name: organization.displayName, is_digi_net: organization.isDigiNet,
      main_organization_type: organization.mainOrganizationType, institute_id: organization.instituteId,
    }).returning('id').executeTakeFirstOrThrow();
    organizationIds.set(key, row.id);
    await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'organization', recordId: row.id, operation: 'Create', newValue: organization, reason: 'seed' });
  }
  for (const person of persons) {
    const row = await trx.insertInto('person').values({
      title: person.title, first_name: person.firstName, last_name: person.lastName, person_info: JSON.stringify({ function: person.function }),
    }).returning('id').executeTakeFirstOrThrow();
    const organizationId = organizationIds.get(person.at) ?? '';
    await trx.insertInto('organization_person_assignment').values({ organization_id: organizationId, person_id: row.id, function: person.function }).execute();
    await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'person', recordId: row.id, operation: 'Create', newValue: { ...person, organizationId }, reason: 'seed' });
  }
}
