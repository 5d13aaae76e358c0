/**
 * The registry dashboard (docs/gateway.md "Queries and verification flags"): the backend's figures over the
 * viewer's locations, and a live signal when a query, a registration or documentation at a location the
 * subscriber sees changes them.
 */
import { GraphQLError } from 'graphql';
import { hasRight } from '@ecrf/rules';
import type {
  LocationCompletenessResolvers,
  LocationQueryCountResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import type { DomainEvent } from '../events/domain-event.js';
import { delivered, liveSubscription } from '../events/subscription.js';
import type { ViewerSnapshot } from '../events/viewer-snapshot.js';
import { argumentId } from '../graph/user-errors.js';
import { locationOf } from '../patients/patients.resolvers.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

async function location(studyInstituteId: string, c: GatewayContext) {
  const found = await locationOf(studyInstituteId, c);
  if (!found) throw new GraphQLError(GATEWAY_MESSAGES.locationNotFound, { extensions: { code: 'NOT_FOUND' } });
  return found;
}

export const dashboardQueries: Pick<QueryResolvers, 'registryDashboard'> = {
  registryDashboard: async (_, { studyId }, c) => c.loaders.dashboards.load(await argumentId(studyId, 'Study', 'studyId', c)),
};

export const LocationQueryCountType: LocationQueryCountResolvers = {
  location: ({ studyInstituteId }, _, c) => location(studyInstituteId, c),
};

export const LocationCompletenessType: LocationCompletenessResolvers = {
  location: ({ studyInstituteId }, _, c) => location(studyInstituteId, c),
};

/** A change at a location the subscriber's dashboard covers; query events only for viewers who read queries. */
export function dashboardEventVisible(event: DomainEvent, viewer: ViewerSnapshot, studyId: string): boolean {
  if (event.studyId !== studyId) return false;
  const may = (right: Parameters<typeof hasRight>[1]) => hasRight(viewer.rights, right);
  const allLocations = may('StudyPatientGetAllCmd');
  if (!may('StudyPatientGetMyCmd') && !allLocations) return false;
  if (!allLocations && (event.studyInstituteId === null || !viewer.locationIds.has(event.studyInstituteId))) return false;
  return event.type !== 'DataQueryChanged' || may('QueryGetMyCmd') || may('QueryGetAllCmd');
}

export const dashboardSubscription: Pick<SubscriptionResolvers, 'registryDashboardUpdated'> = {
  registryDashboardUpdated: {
    subscribe: async (_, { studyId }, context) => {
      const study = await argumentId(studyId, 'Study', 'studyId', context);
      return liveSubscription(context, {
        after: null,
        types: ['DataQueryChanged', 'StudyPatientRegistered', 'DocumentationSaved'],
        visible: (event, viewer) => dashboardEventVisible(event, viewer, study),
        resolve: async (event, c) => ({ eventId: event.id, dashboard: await c.loaders.dashboards.load(study) }),
        // Each update is the whole dashboard: a burst of saves recomputes it once, not once per save.
        latestOnly: true,
      });
    },
    resolve: delivered,
  },
};
