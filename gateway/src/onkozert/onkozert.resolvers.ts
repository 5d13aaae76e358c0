/**
 * OncoBox imports in the graph (ecrf-calls.md §7 "Onkozert"): the list as a connection and the import with its
 * report and a signed download link. Uploads go through the HTTP route of upload-route.ts, not the graph.
 */
import type { OnkozertImportResolvers, QueryResolvers } from '../__generated__/resolvers.js';
import { fileLink } from '../context.js';
import { connectionFromList } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId } from '../graph/user-errors.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';

export const onkozertQueries: Pick<QueryResolvers, 'onkozertImports' | 'onkozertLocations'> = {
  async onkozertLocations(_, __, context) {
    const locations = await context.backend.call('get', '/api/v1.0/Onkozert/locations', {});
    return locations.map((location) => ({ ...location, id: toGlobalId('StudyInstitute', location.id) }));
  },
  async onkozertImports(_, { locationId, ...paging }, context) {
    const imports = await context.loaders.onkozertImports();
    const studyInstituteId = locationId ? await argumentId(locationId, 'StudyInstitute', 'locationId', context) : null;
    return connectionFromList(
      studyInstituteId ? imports.filter((entry) => entry.studyInstituteId === studyInstituteId) : imports,
      paging,
      25,
    );
  },
};

export const OnkozertImportType: OnkozertImportResolvers = {
  id: (entry) => toGlobalId('OnkozertImport', entry.id),
  location: (entry, _, context) => nullIfForbidden(context.loaders.studyInstitutes.load(entry.studyInstituteId)),
  locationIdentifier: (entry) => entry.instituteIdentifier,
  locationName: (entry) => entry.instituteName,
  acceptedRowCount: (entry) => entry.accepted,
  rejectedRowCount: (entry) => entry.rejectedRows,
  rejectedRows: (entry) => entry.rejected,
  async downloadUrl(entry, _, context) {
    if (!(await viewerRights(context))('OnkozertImportsDownloadCmd')) return null;
    const path = `/api/v1.0/Onkozert/imports/download?id=${encodeURIComponent(entry.id)}`;
    return fileLink(context, { method: 'GET', path, fileName: entry.fileName });
  },
};
