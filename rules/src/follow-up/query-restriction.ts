/**
 * Query restrictions on the follow-up registry (ecrf-calls.md §6, §9). From 2025-05-01 on, only
 * Physician, DocumentationAssistant, UniversalDocumentalist, DataManager, CaseManager and
 * InstituteManager may add or edit queries on follow-up-registry visits, instruments and fields; and
 * adding queries on the configured visit definitions is disallowed for everybody.
 */
import { compareDateTexts } from '../dates/partial-date.js';

export const QUERY_RESTRICTION_DATE = '2025-05-01';

export const FOLLOW_UP_QUERY_ROLES: readonly string[] = [
  'Physician',
  'DocumentationAssistant',
  'UniversalDocumentalist',
  'DataManager',
  'CaseManager',
  'InstituteManager',
];

/** Whether the restriction is in force on `today` (yyyy-MM-dd): on and after the restriction date. */
export function queryRestrictionInForce(today: string, restrictionDate: string = QUERY_RESTRICTION_DATE): boolean {
  const comparison = compareDateTexts(today, restrictionDate);
  return comparison === 'after' || comparison === 'same';
}

export type QueryChange = 'add' | 'edit';

export type QueryRestrictionInput = {
  change: QueryChange;
  role: string;
  /** yyyy-MM-dd */
  today: string;
  /** The query's target (visit, instrument or field) belongs to the follow-up registry. */
  targetIsFollowUpRegistry: boolean;
  /** Identifier of the visit definition the target belongs to, if any. */
  visitDefinitionIdentifier?: string | null;
  /** Visit definitions on which adding queries is disallowed after the restriction date. */
  addDisallowedVisitDefinitions?: readonly string[];
  restrictionDate?: string;
};

/** Whether the query change is allowed under the restrictions (the query type and rights are checked separately). */
export function queryChangeAllowed(input: QueryRestrictionInput): boolean {
  if (!queryRestrictionInForce(input.today, input.restrictionDate)) return true;
  if (input.targetIsFollowUpRegistry && !FOLLOW_UP_QUERY_ROLES.includes(input.role)) return false;
  const disallowed = input.addDisallowedVisitDefinitions ?? [];
  const visit = input.visitDefinitionIdentifier;
  return !(input.change === 'add' && typeof visit === 'string' && disallowed.includes(visit));
}
