/**
 * Whether a query's target belongs to the follow-up registry (ecrf-calls.md §6): a visit of the follow-up
 * visit definitions (`fu`, `fu_24m`; fixed-identifiers.ts) or one the definition marks as follow-up registry,
 * and the instruments and fields of such a visit. The backend stores it on the query, the web checks a
 * query to raise by it before sending.
 */
import { VISIT_IDENTIFIERS } from '../definition/fixed-identifiers.js';

const FOLLOW_UP_VISITS: readonly string[] = [VISIT_IDENTIFIERS.followUp, VISIT_IDENTIFIERS.digiNetFollowUp];

export function dataQueryTargetIsFollowUpRegistry(visit: { identifier: string; isFollowUpRegistry?: boolean } | null): boolean {
  return visit !== null && (visit.isFollowUpRegistry === true || FOLLOW_UP_VISITS.includes(visit.identifier));
}
