/**
 * The oBDS import in the graph (gateway/schema/obds-import.graphql; docs/obds-import.md): the imports with their
 * status and progress, the review and the decisions, and `obdsImportUpdated`. The file itself arrives beside the
 * graph (upload-route.ts), where the identity part is read and matched.
 */
import { hasRight } from '@ecrf/rules';
import type {
  MutationResolvers,
  ObdsImportResolvers,
  ObdsImportStatus,
  ObdsMessageResolvers,
  ObdsMessageOutcome,
  ObdsPatientMatch,
  QueryResolvers,
  ResolversTypes,
  SubscriptionResolvers,
} from '../__generated__/resolvers.js';
import { fileLink } from '../context.js';
import type { ObdsImportChangedPayload } from '../events/domain-event.js';
import { delivered, liveSubscription } from '../events/subscription.js';
import { connectionFromList } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId, backendId, type UserErrorModel } from '../graph/user-errors.js';
import { attemptSave } from '../patients/save.js';
import type { ObdsImportSummaryModel, ObdsMessageModel } from './models.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/** An import the viewer may not read, or an unknown one, is null. */
async function nullIfMissing<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

const OUTCOMES: Record<ObdsMessageModel['outcome'], ObdsMessageOutcome> = {
  proposed: 'PROPOSED',
  notApplicable: 'NOT_APPLICABLE',
  notMapped: 'NOT_MAPPED',
  duplicate: 'DUPLICATE',
  unmatched: 'UNMATCHED',
};
type Payload<N extends keyof ResolversTypes> = ResolversTypes[N];

const MATCHES: Record<ObdsMessageModel['patientMatch'], ObdsPatientMatch> = { definite: 'DEFINITE', possible: 'POSSIBLE', none: 'NONE' };

export const obdsImportQueries: Pick<QueryResolvers, 'obdsImports' | 'obdsImport'> = {
  async obdsImport(_, { id }, context) {
    const importId = await argumentId(id, 'ObdsImport', 'id', context);
    return nullIfMissing(context.loaders.obdsImports.load(importId));
  },
  async obdsImports(_, { studyId, ...paging }, context) {
    const id = await argumentId(studyId, 'Study', 'studyId', context);
    return connectionFromList(await context.backend.call('get', '/api/v1.0/ObdsImport', { query: { studyId: id } }), paging, 25);
  },
};

export const obdsImportMutations: Pick<MutationResolvers, 'decideObdsMessage'> = {
  async decideObdsMessage(_, { input }, context) {
    await context.loaders.currentUser();
    const failed = (errors: UserErrorModel[]): Payload<'DecideObdsMessagePayload'> => ({ message: null, errors });
    return attemptSave<Payload<'DecideObdsMessagePayload'>>(
      context,
      () => ({}),
      async () => {
        const [importId = '', messageId = ''] = backendId(input.messageId, 'ObdsMessage', 'messageId').split('/');
        const decided = await context.backend.call('post', '/api/v1.0/ObdsImport/{id}/message/{messageId}/decide', {
          path: { id: importId, messageId },
          body: input.fields ? { fields: input.fields.map(({ instrument, path }) => ({ instrument, path })) } : {},
        });
        context.loaders.obdsImports.clear(importId);
        return { message: { ...decided, importId }, errors: [] };
      },
      failed,
    );
  },
};

const STATUSES: Record<ObdsImportSummaryModel['status'], ObdsImportStatus> = {
  queued: 'QUEUED',
  running: 'RUNNING',
  done: 'DONE',
  failed: 'FAILED',
};

export const obdsImportSubscription: Pick<SubscriptionResolvers, 'obdsImportUpdated'> = {
  obdsImportUpdated: {
    subscribe: async (_, { studyId, after }, context) => {
      const study = await argumentId(studyId, 'Study', 'studyId', context);
      return liveSubscription(context, {
        after,
        types: ['ObdsImportChanged'],
        visible: (event, viewer) => event.studyId === study && hasRight(viewer.rights, 'InstrumentGetCmd'),
        resolve: async (event, c) => {
          const { importId, status, patientsDone } = event.payload as ObdsImportChangedPayload;
          const obdsImport = await c.backend.call('get', '/api/v1.0/ObdsImport/{id}/summary', { path: { id: importId } });
          // Each update shows the step its event announces, even when later steps have been stored by the time it is
          // read (a fast import's first batch would otherwise arrive as done); the rest is as read now.
          return { eventId: event.id, obdsImport: { ...obdsImport, status: status as typeof obdsImport.status, patientsDone } };
        },
      });
    },
    resolve: delivered,
  },
};

export const ObdsImportType: ObdsImportResolvers = {
  id: (entry) => toGlobalId('ObdsImport', entry.id),
  status: (entry) => STATUSES[entry.status],
  outcomeCounts: (entry) => entry.outcomes,
  async messages(entry, _, context) {
    const full = await context.loaders.obdsImports.load(entry.id);
    return full.messages.map((message) => ({ ...message, importId: entry.id }));
  },
  async reportUrl(entry, _, context) {
    const path = `/api/v1.0/ObdsImport/${encodeURIComponent(entry.id)}/report`;
    return (await fileLink(context, { method: 'GET', path, fileName: `oBDS-Import-${entry.importedAt.slice(0, 10)}.csv` })) ?? '';
  },
};

export const ObdsMessageType: ObdsMessageResolvers = {
  id: (message) => toGlobalId('ObdsMessage', `${message.importId}/${message.id}`),
  patientMatch: (message) => MATCHES[message.patientMatch],
  outcome: (message) => OUTCOMES[message.outcome],
  studyPatient: (message) => (message.studyPatientId ? { id: message.studyPatientId } : null),
};
