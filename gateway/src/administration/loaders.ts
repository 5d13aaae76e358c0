/** Per-request loaders of the administration types (issue 3): batched by ids, each list read once. */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import type { AuditEvent, Institute, Organization, Person, Right } from '../upstream/administration-models.js';
import { byId, once } from '../upstream/loading.js';

export function createAdministrationLoaders(backend: BackendClient) {
  return {
    rights: once(() => backend.call('get', '/api/v1.0/Right', {})),
    rightsOfRole: new DataLoader<string, Right[]>((roleIds) =>
      Promise.all(roleIds.map((id) => backend.call('get', '/api/v1.0/Role/{id}/rights', { path: { id } }))),
    ),
    institutes: new DataLoader<string, Institute | null>(async (ids) =>
      byId(ids, await backend.call('get', '/api/v1.0/Institute', { query: { ids: ids.join(','), includeDeleted: true } })),
    ),
    allLocations: once(() => backend.call('get', '/api/v1.0/StudyInstitute', { query: { includeDeleted: true } })),
    deletionChecks: new DataLoader(async (ids: readonly string[]) => {
      const infos = await backend.call('get', '/api/v1.0/nms_system_api/ecrfInstitute/canBeDeletedInfo', { query: { ids: ids.join(',') } });
      return byId(ids, infos);
    }),
    organizations: new DataLoader<string, Organization | null>(async (ids) =>
      byId(
        ids,
        await backend.call('get', '/api/v1.0/nms_system_api/allOrganizations', { query: { ids: ids.join(','), includeDeleted: true } }),
      ),
    ),
    persons: new DataLoader<string, Person | null>(async (ids) =>
      byId(ids, await backend.call('get', '/api/v1.0/nms_system_api/allPersons', { query: { ids: ids.join(','), includeDeleted: true } })),
    ),
    auditEvents: new DataLoader<string, AuditEvent | null>(async (ids) => {
      const page = await backend.call('get', '/api/v1.0/AuditTrail', { query: { ids: ids.join(','), itemsPerPage: ids.length } });
      return byId(ids, page.items);
    }),
    rightById: (id: string) => backend.call('get', '/api/v1.0/Right/{id}', { path: { id } }),
  };
}
