/**
 * Pure helpers of the query screens: counts for the query buttons, which actions the viewer may take,
 * and the German explanation of refused ones (ecrf-calls.md §6; the reasons come from the graph's
 * `viewerCan`, which the server computes with `dataQueryDecision` of `@ecrf/rules`).
 */
import { DATA_QUERY_REFUSAL_MESSAGES, FINAL_DATA_QUERY_STATUSES, type DataQueryRefusal, type DataQueryStatus } from '@ecrf/rules';
import { texts } from '../texts';

export const DATA_QUERY_ACTION_KEYS = ['answer', 'accept', 'edit', 'solve', 'defer', 'revoke'] as const;
export type DataQueryActionKey = (typeof DATA_QUERY_ACTION_KEYS)[number];

/** The graph's refusal reasons (schema.graphql DataQueryRefusal) as the rules name them. */
export const REFUSAL_OF_GRAPH = {
  MISSING_RIGHT: 'right',
  ROLE_NOT_ALLOWED: 'role',
  OTHER_LOCATION: 'location',
  WRONG_STATUS: 'state',
  FOLLOW_UP_RESTRICTION: 'followUpRestriction',
} as const satisfies Record<string, DataQueryRefusal>;
export type GraphRefusal = keyof typeof REFUSAL_OF_GRAPH;

type Permission = { readonly allowed: boolean; readonly reason?: string | null };
export type ViewerCan = Readonly<Record<DataQueryActionKey, Permission>>;

/** Open, pending and deferred queries still need someone; closed and withdrawn ones do not. */
export function isUnresolved(status: string): boolean {
  return !FINAL_DATA_QUERY_STATUSES.includes(status as DataQueryStatus);
}

export function countQueries(queries: readonly { readonly status: string }[]): { unresolved: number; total: number } {
  return { unresolved: queries.filter((query) => isUnresolved(query.status)).length, total: queries.length };
}

export function allowedActions(viewerCan: ViewerCan): DataQueryActionKey[] {
  return DATA_QUERY_ACTION_KEYS.filter((action) => viewerCan[action].allowed);
}

/** German text of a refusal reason of the graph; null for a reason this client does not know. */
export function refusalMessage(reason: string | null | undefined): string | null {
  const rulesReason = reason != null && reason in REFUSAL_OF_GRAPH ? REFUSAL_OF_GRAPH[reason as GraphRefusal] : null;
  return rulesReason === null ? null : DATA_QUERY_REFUSAL_MESSAGES[rulesReason];
}

export type RefusalNote = { actions: string; message: string };

/**
 * Why the viewer cannot take the actions their role could take on this query now (another location,
 * the query's status, the follow-up restriction), one note per reason. Actions the viewer lacks the right
 * or role for are not offered at all: they would only clutter every query.
 */
export function refusalNotes(viewerCan: ViewerCan): RefusalNote[] {
  const byReason = new Map<string, string[]>();
  for (const action of DATA_QUERY_ACTION_KEYS) {
    const { allowed, reason } = viewerCan[action];
    if (allowed || reason == null || reason === 'MISSING_RIGHT' || reason === 'ROLE_NOT_ALLOWED') continue;
    byReason.set(reason, [...(byReason.get(reason) ?? []), texts.dataQueries.actions[action]]);
  }
  return [...byReason].flatMap(([reason, actions]) => {
    const message = refusalMessage(reason);
    return message === null ? [] : [{ actions: actions.join(', '), message }];
  });
}

/**
 * What a query is about, by the names the graph gives (`fieldLabel`, `formLabel`): "<Feld> in <Instrument>", the form,
 * "Visite <Name>"; the kind of subject ("Patient", "Standort", "Feld") when there is no name.
 */
export function subjectText(subject: string, fieldLabel: string | null | undefined, formLabel: string | null | undefined): string {
  const t = texts.dataQueries;
  const kind = t.targets[subject as keyof typeof t.targets] ?? subject;
  if (subject === 'DATA_FIELD' && fieldLabel) return formLabel ? t.fieldInForm(fieldLabel, formLabel) : fieldLabel;
  if (subject === 'INSTRUMENT' && formLabel) return formLabel;
  if (subject === 'VISIT' && formLabel) return t.visitNamed(formLabel);
  return kind;
}
