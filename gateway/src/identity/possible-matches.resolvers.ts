/**
 * The clerical review list of possible matches (issue 17; schema.graphql "possibleMatches"): the backend's
 * pairs as study patients, whose `identity` the identity loader reads side by side with the viewer's read
 * token, and the decision on a pair. Refusals the reviewer can act on are typed user errors.
 */
import { givenReason } from '@ecrf/rules';
import type { MutationResolvers, QueryResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { connectionFromList } from '../graph/connection.js';
import { attemptWithIds, backendId, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { serviceUserError } from './identity-errors.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

const DEFAULT_PAGE = 50;

const notOpen: UserErrorModel = {
  code: 'POSSIBLE_MATCH_NOT_OPEN',
  message: GATEWAY_MESSAGES.possibleMatchClosed,
  field: 'tentativeId',
};

/** The backend's refusal to join the pair (ECRF_ERR_CONFLICT with one German message per conflict), as user errors. */
function mergeConflicts(error: unknown): UserErrorModel[] | null {
  if (!(error instanceof UpstreamError) || error.code !== 'ECRF_ERR_CONFLICT') return null;
  const messages = Array.isArray(error.body.messages) ? error.body.messages.filter((m): m is string => typeof m === 'string') : [];
  return (messages.length > 0 ? messages : [error.message]).map((message) => ({ code: 'MERGE_CONFLICT', message, field: 'tentativeId' }));
}

const openPairs = async (context: GatewayContext) => (await context.backend.call('get', '/api/v1.0/PossibleMatch', {})).items;

export const possibleMatchQueries: Pick<QueryResolvers, 'possibleMatches'> = {
  possibleMatches: async (_, paging, context) => {
    const pairs = (await openPairs(context)).map((pair) => ({
      tentative: { id: pair.tentative.studyPatientId },
      candidate: { id: pair.candidate.studyPatientId },
    }));
    return connectionFromList(pairs, paging, DEFAULT_PAGE);
  },
};

export const possibleMatchMutations: Pick<MutationResolvers, 'decidePossibleMatch'> = {
  decidePossibleMatch: (_, { input }, context) => {
    const failed = (errors: UserErrorModel[]) => ({ tentative: null, survivor: null, errors });
    return attemptWithIds(
      context,
      async () => {
        const studyPatientId = backendId(input.tentativeId, 'StudyPatient', 'tentativeId');
        const reasonForChange = givenReason(input.reasonForChange);
        if (!reasonForChange) {
          return failed([{ code: 'REASON_REQUIRED', message: GATEWAY_MESSAGES.decisionReasonRequired, field: 'reasonForChange' }]);
        }
        const pair = (await openPairs(context)).find((open) => open.tentative.studyPatientId === studyPatientId);
        if (!pair) return failed([notOpen]);
        try {
          const { survivorStudyPatientId } = await context.backend.call('put', '/api/v1.0/PossibleMatch/{tentativePid}', {
            path: { tentativePid: pair.tentative.pseudonym },
            body: { decision: input.decision === 'SAME' ? 'same' : 'apart', reasonForChange },
          });
          return {
            tentative: { id: studyPatientId },
            survivor: survivorStudyPatientId ? { id: survivorStudyPatientId } : null,
            errors: [],
          };
        } catch (error) {
          // Decided by someone else in the meantime.
          if (error instanceof UpstreamError && error.status === 404) return failed([notOpen]);
          const conflicts = mergeConflicts(error);
          if (conflicts) return failed(conflicts);
          const service = await serviceUserError(error, context);
          if (service) return failed([service]);
          throw error;
        }
      },
      failed,
    );
  },
};
