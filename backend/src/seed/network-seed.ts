/**
 * Demo network master data: one organization per demo institute plus a network partner that is not an
 * eCRF location, and a few persons assigned to them, so the network partner and location fields of the
 * forms (ecrf-core.md §3 NngmNetworkPartner, NngmNetworkLocation) have something to pick from.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { insertAssignments, insertOrganization, insertPerson } from '../network/network.sql.js';
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
    ...DEMO_INSTITUTES.map((i) => ({
      key: i.identifier,
      displayName: i.displayName,
      isDigiNet: i.isDigiNet,
      mainOrganizationType: 'Hospital',
      instituteId: instituteIds.get(i.identifier) ?? null,
    })),
    ...partners.map((p) => ({ key: p.displayName, ...p, instituteId: null })),
  ];
  for (const { key, ...organization } of organizations) {
    const id = await insertOrganization(trx, {
      display_name: organization.displayName,
      is_digi_net: organization.isDigiNet,
      main_organization_type: organization.mainOrganizationType,
      institute_id: organization.instituteId,
    });
    organizationIds.set(key, id);
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'organization',
      recordId: id,
      operation: 'Create',
      newValue: organization,
      reason: 'seed',
    });
  }
  for (const person of persons) {
    const id = await insertPerson(trx, {
      title: person.title,
      first_name: person.firstName,
      last_name: person.lastName,
      person_info: JSON.stringify({ function: person.function }),
    });
    const organizationId = organizationIds.get(person.at) ?? '';
    await insertAssignments(trx, [{ organization_id: organizationId, person_id: id, function: person.function }]);
    await audit(trx, {
      actor: SYSTEM_ACTOR,
      tableName: 'person',
      recordId: id,
      operation: 'Create',
      newValue: { ...person, organizationId },
      reason: 'seed',
    });
  }
}
