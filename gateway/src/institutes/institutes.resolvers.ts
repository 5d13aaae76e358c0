/**
 * Institutes and locations in the graph (ecrf-core.md §3; ecrf-calls.md §7 StudyInstitute and
 * nms_system_api ecrfInstitute / ecrfStudyInstitute): lists, overview, statistics and every change.
 */
import type {
  InstituteInput,
  InstituteResolvers,
  InstituteOverviewEntryResolvers,
  MutationResolvers,
  QueryResolvers,
  StudyInstituteResolvers,
} from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import { connectionFromList, connectionOf, pageWindow } from '../graph/connection.js';
import { attemptWithIds, backendId } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import { toGlobalId } from '../graph/global-id.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';
import type { Institute as InstituteModel } from '../upstream/administration-models.js';
import type { StudyInstitute as StudyInstituteModel, User } from '../upstream/models.js';

export const instituteQueries: Pick<QueryResolvers, 'institutes' | 'instituteOverview' | 'instituteStatistics'> = {
  async institutes(_, { search, includeDeleted, ...paging }, { backend }) {
    const all = await backend.call('get', '/api/v1.0/Institute', { query: { includeDeleted: includeDeleted ?? false } });
    const text = search?.trim().toLowerCase();
    const matching = text ? all.filter((i) => i.identifier.includes(text) || i.displayName.toLowerCase().includes(text)) : all;
    return connectionFromList(matching, paging, 500);
  },
  async instituteOverview(_, { scope, ...paging }, context) {
    const { backend } = context;
    // "all or own, by right" (issue 3): without a scope the viewer's rights decide.
    const all = scope ? scope === 'ALL' : (await viewerRights(context))('StudyInstituteGetOverviewCmd');
    const entries = all
      ? await backend.call('get', '/api/v1.0/StudyInstitute/overview', {})
      : await backend.call('get', '/api/v1.0/StudyInstitute/overview/my', {});
    return connectionFromList(entries, paging, 500);
  },
  async instituteStatistics(_, { locationId }, context) {
    const studyInstituteId = locationId ? backendId(locationId, 'StudyInstitute', 'locationId') : undefined;
    const statistics = await context.backend.call('get', '/api/v1.0/StudyInstitute/statistics', { query: { studyInstituteId } });
    return {
      studyInstitutesCount: statistics.studyInstitutesCount,
      studyPatientsCount: statistics.studyPatientsCount,
      locationPatientsCount: statistics.singleStudyInstitute?.studyPatientsCount ?? null,
    };
  },
};

export const Institute: InstituteResolvers = {
  id: (institute) => toGlobalId('Institute', institute.id),
  isDigiNet: (institute) => institute.additionalInfo.isDigiNet === true,
  locations: async (institute, _, { loaders }) => (await loaders.allLocations()).filter((l) => l.instituteId === institute.id),
  deletionCheck: async (institute, _, { loaders }) => {
    const check = await loaders.deletionChecks.load(institute.id);
    return check ?? { canBeDeleted: false, assignedUsersCount: 0, studyPatientsCount: 0 };
  },
};

export const studyInstituteFields: Pick<StudyInstituteResolvers, 'institute' | 'users' | 'study'> = {
  institute: async (location, _, { loaders }) => {
    const institute = await loaders.institutes.load(location.instituteId);
    if (!institute) throw new Error(`institute ${location.instituteId} of location ${location.id} missing`);
    return institute;
  },
  users: async (location, paging, { loaders }) => {
    const window = pageWindow(paging, 500, location.users.length);
    const ids = location.users.slice(window.offset, window.offset + window.size).map((user) => user.id);
    const users = await loaders.users.loadMany(ids);
    const refused = users.find((user) => user instanceof UpstreamError && user.status === 403);
    if (refused) return null;
    const failed = users.find((user) => user instanceof Error);
    if (failed) throw failed;
    return connectionOf(
      users.filter((user): user is User => user !== null && !(user instanceof Error)),
      window.offset,
      location.users.length,
    );
  },
  study: (location) => ({ id: location.studyId }),
};

export const InstituteOverviewEntry: InstituteOverviewEntryResolvers = {
  location: (entry) => entry.studyInstitute,
};

type InstitutePayload = { institute: InstituteModel | null; changed: boolean; errors: UserErrorModel[] };
type LocationPayload = { location: StudyInstituteModel | null; changed: boolean; errors: UserErrorModel[] };
const instituteFailed = (errors: UserErrorModel[]): InstitutePayload => ({ institute: null, changed: false, errors });
const locationFailed = (errors: UserErrorModel[]): LocationPayload => ({ location: null, changed: false, errors });

const body = (input: InstituteInput) => ({
  identifier: input.identifier,
  displayName: input.displayName,
  isDigiNet: input.isDigiNet,
  street: input.street ?? null,
  postalCode: input.postalCode || null,
  city: input.city ?? null,
  phone: input.phone || null,
});

/** A new institute takes part in every study of the registry unless the input says otherwise (docs/gateway.md). */
async function joinAllStudies(context: GatewayContext, instituteId: string): Promise<void> {
  const studyIds = new Set((await context.backend.call('get', '/api/v1.0/StudyInstitute', {})).map((l) => l.studyId));
  for (const studyId of studyIds) {
    await context.backend.call('post', '/api/v1.0/StudyInstitute', { body: { studyId, instituteId } });
  }
}

export const instituteMutations: Pick<
  MutationResolvers,
  'createInstitute' | 'updateInstitute' | 'deleteInstitute' | 'restoreInstitute' | 'assignUserToLocation' | 'removeUserFromLocation'
> = {
  createInstitute: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        const institute = await context.backend.call('post', '/api/v1.0/Institute', { body: body(input) });
        if (input.joinAllStudies !== false) await joinAllStudies(context, institute.id);
        return { institute, changed: true, errors: [] };
      },
      instituteFailed,
      { conflictField: 'identifier' },
    ),

  updateInstitute: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => ({
        institute: await context.backend.call('put', '/api/v1.0/Institute/{id}', {
          path: { id: backendId(input.id ?? '', 'Institute', 'id') },
          body: body(input),
        }),
        changed: true,
        errors: [],
      }),
      instituteFailed,
      { conflictField: 'identifier' },
    ),

  deleteInstitute: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        const answer = await context.backend.call('delete', '/api/v1.0/Institute/{id}', {
          path: { id: backendId(input.id, 'Institute', 'id') },
        });
        return { ...answer, errors: [] };
      },
      instituteFailed,
      { conflict: 'NOT_DELETABLE', conflictField: 'id' },
    ),

  restoreInstitute: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        const answer = await context.backend.call('put', '/api/v1.0/Institute/{id}/restore', {
          path: { id: backendId(input.id, 'Institute', 'id') },
        });
        return { ...answer, errors: [] };
      },
      instituteFailed,
    ),

  assignUserToLocation: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        const answer = await context.backend.call('put', '/api/v1.0/nms_system_api/ecrfStudyInstitute/{id}/assignUser', {
          path: { id: backendId(input.locationId, 'StudyInstitute', 'locationId') },
          query: { userId: backendId(input.userId, 'User', 'userId') },
        });
        return { location: answer.studyInstitute, changed: answer.changed, errors: [] };
      },
      locationFailed,
    ),

  removeUserFromLocation: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        const answer = await context.backend.call('put', '/api/v1.0/nms_system_api/ecrfStudyInstitute/{id}/removeUser', {
          path: { id: backendId(input.locationId, 'StudyInstitute', 'locationId') },
          query: { userId: backendId(input.userId, 'User', 'userId') },
        });
        return { location: answer.studyInstitute, changed: answer.changed, errors: [] };
      },
      locationFailed,
    ),
};
