/**
 * Data queries (ecrf-calls.md §3 "Query", §6 "Query restrictions"; ecrf-core.md §6): questions attached to
 * a patient, visit, instrument, location or single field, and the life cycle of their actions. The spec
 * names the states but not the transitions; the ones chosen here are in docs/decisions.md "Query life cycle".
 * The backend refuses by these functions, the gateway answers `viewerCan` by them, the web explains refusals.
 */
import { queryTypeAllows, type QueryAction, type QueryType } from '../definition/study.js';
import { queryChangeAllowed, queryRestrictionInForce } from '../follow-up/query-restriction.js';
import { hasRight, type HeldRights } from '../rights/has-right.js';
import { SUPER_RIGHT, type RightName } from '../rights/rights-catalogue.js';

export const DATA_QUERY_STATUSES = ['OPEN', 'PENDING', 'NO_LONGER_RELEVANT', 'INVISIBLE', 'CLOSED'] as const;
export type DataQueryStatus = (typeof DATA_QUERY_STATUSES)[number];

export const DATA_QUERY_ANSWER_STAGES = ['NEW', 'RENEWED', 'ANSWERED'] as const;
export type DataQueryAnswerStage = (typeof DATA_QUERY_ANSWER_STAGES)[number];

export const DATA_QUERY_PRIORITIES = ['LOW', 'NORMAL', 'HIGH'] as const;
export type DataQueryPriority = (typeof DATA_QUERY_PRIORITIES)[number];

/** What a query is attached to; a field query names the field instance and the record that holds it. */
export const DATA_QUERY_REFERENCE_TYPES = ['Patient', 'Visit', 'Instrument', 'StudyInstitute', 'DataField'] as const;
export type DataQueryReferenceType = (typeof DATA_QUERY_REFERENCE_TYPES)[number];

export const DATA_QUERY_ACTIONS = [
  'view',
  'create',
  'edit',
  'accept',
  'answer',
  'revoke',
  'solve',
  'defer',
] as const satisfies readonly QueryAction[];

/** The right each action needs besides the query type's role list (ecrf-core.md §6). */
export const DATA_QUERY_ACTION_RIGHTS = {
  view: 'QueryGetCmd',
  create: 'QueryCreateCmd',
  edit: 'QueryEditCmd',
  accept: 'QueryAcceptCmd',
  answer: 'QueryAnswerCmd',
  revoke: 'QueryRevokeCmd',
  solve: 'QuerySolveCmd',
  defer: 'QueryDeferCmd',
} as const satisfies Record<QueryAction, RightName>;

/** Closed queries take no further action. */
export const FINAL_DATA_QUERY_STATUSES: readonly DataQueryStatus[] = ['CLOSED', 'NO_LONGER_RELEVANT'];

type Lifecycle = { status: DataQueryStatus; answerStage: DataQueryAnswerStage };

/**
 * From which statuses an action may be taken, and what it leaves. `edit` of an answered query asks again
 * (RENEWED); `defer` puts a query aside where answering roles do not see it (INVISIBLE) until it is edited.
 */
const TRANSITIONS: Record<
  Exclude<QueryAction, 'view' | 'create'>,
  { from: readonly DataQueryStatus[]; to: (q: Lifecycle) => Lifecycle }
> = {
  edit: {
    from: ['OPEN', 'PENDING', 'INVISIBLE'],
    to: (q) => (q.answerStage === 'ANSWERED' ? { status: 'OPEN', answerStage: 'RENEWED' } : { status: 'OPEN', answerStage: q.answerStage }),
  },
  answer: { from: ['OPEN'], to: () => ({ status: 'PENDING', answerStage: 'ANSWERED' }) },
  accept: { from: ['PENDING'], to: (q) => ({ status: 'CLOSED', answerStage: q.answerStage }) },
  revoke: { from: ['OPEN', 'PENDING', 'INVISIBLE'], to: (q) => ({ status: 'NO_LONGER_RELEVANT', answerStage: q.answerStage }) },
  solve: { from: ['OPEN', 'PENDING', 'INVISIBLE'], to: (q) => ({ status: 'CLOSED', answerStage: q.answerStage }) },
  defer: { from: ['OPEN', 'PENDING'], to: (q) => ({ status: 'INVISIBLE', answerStage: q.answerStage }) },
};

/** A new query: open and not yet answered. */
export const NEW_DATA_QUERY: Lifecycle = { status: 'OPEN', answerStage: 'NEW' };

/** The status and answer stage after an action; null when the action is not possible from the query's status. */
export function dataQueryAfter(query: Lifecycle, action: Exclude<QueryAction, 'view' | 'create'>): Lifecycle | null {
  const transition = TRANSITIONS[action];
  return transition.from.includes(query.status) ? transition.to(query) : null;
}

/** Who looks at or acts on a query. `locationIds` are the study institutes the viewer is bound to. */
export type DataQueryViewer = {
  roleIdentifier: string;
  rights: HeldRights;
  locationIds: ReadonlySet<string> | readonly string[];
};

/** What the rules need to know about a query (or, for `create`, about the query to be raised). */
export type DataQueryFacts = {
  queryType: QueryType;
  status: DataQueryStatus;
  answerStage: DataQueryAnswerStage;
  /** The location (study institute) of the patient or institute the query is about. */
  locationId: string;
  /** The target is a follow-up-registry visit, or an instrument or field of one (ecrf-calls.md §6). */
  targetIsFollowUpRegistry: boolean;
  /** Identifier of the visit definition the target belongs to, if any. */
  visitDefinitionIdentifier: string | null;
};

/** Why an action is refused: the reasons the web explains in German. */
export type DataQueryRefusal = 'right' | 'role' | 'location' | 'state' | 'followUpRestriction';

export type DataQueryDecision = { allowed: true } | { allowed: false; reason: DataQueryRefusal };

const heldIn = (set: ReadonlySet<string> | readonly string[], value: string) => ('has' in set ? set.has(value) : set.includes(value));

/** The role is in the query type's list for the action; the super right stands for every role. */
function roleAllows(viewer: DataQueryViewer, queryType: QueryType, action: QueryAction): boolean {
  return heldIn(viewer.rights, SUPER_RIGHT) || queryTypeAllows(queryType, action, viewer.roleIdentifier, true);
}

/** The viewer reaches the query's location: bound to it, or holding the right to all queries. */
export function dataQueryLocationReachable(viewer: DataQueryViewer, locationId: string): boolean {
  return hasRight(viewer.rights, 'QueryGetAllCmd') || heldIn(viewer.locationIds, locationId);
}

/**
 * Whether the viewer may take `action` on the query, and if not, the first reason in the order a user would
 * fix it: right, role, location, state, restriction. `today` is the registry's day (yyyy-MM-dd).
 */
export function dataQueryDecision(viewer: DataQueryViewer, query: DataQueryFacts, action: QueryAction, today: string): DataQueryDecision {
  const refuse = (reason: DataQueryRefusal): DataQueryDecision => ({ allowed: false, reason });
  if (!hasRight(viewer.rights, DATA_QUERY_ACTION_RIGHTS[action])) return refuse('right');
  if (!roleAllows(viewer, query.queryType, action)) return refuse('role');
  if (!dataQueryLocationReachable(viewer, query.locationId)) return refuse('location');
  if (action === 'view') {
    // Deferred queries are set aside for those who manage them.
    const manages = roleAllows(viewer, query.queryType, 'defer') || roleAllows(viewer, query.queryType, 'edit');
    return query.status === 'INVISIBLE' && !manages ? refuse('state') : { allowed: true };
  }
  if (action !== 'create' && !dataQueryAfter(query, action)) return refuse('state');
  if (action === 'create' || action === 'edit') {
    const allowed = queryChangeAllowed({
      change: action === 'create' ? 'add' : 'edit',
      role: heldIn(viewer.rights, SUPER_RIGHT) ? 'DataManager' : viewer.roleIdentifier,
      today,
      targetIsFollowUpRegistry: query.targetIsFollowUpRegistry,
      visitDefinitionIdentifier: query.visitDefinitionIdentifier,
    });
    if (!allowed) return refuse('followUpRestriction');
  }
  return { allowed: true };
}

/** Whether the viewer may see the query at all: the `view` decision. Events are filtered by it, too. */
export function dataQueryVisible(viewer: DataQueryViewer, query: DataQueryFacts, today: string): boolean {
  return dataQueryDecision(viewer, query, 'view', today).allowed;
}

/** The follow-up restriction is in force (for screens that explain it). */
export const dataQueryRestrictionInForce = queryRestrictionInForce;
