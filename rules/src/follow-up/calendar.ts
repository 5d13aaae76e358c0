/**
 * The follow-up calendar (/calendar): a patient's DigiNet follow-up registry visit is due at the baseline
 * execution date plus 2 years (ecrf-core.md §9), the same date from which §4 offers it. A patient leaves
 * the calendar once that visit exists, and never enters it while the baseline is new or undated, or when
 * the patient is deceased or has a vital state that blocks the follow-up.
 */
import { addYears, formatStorageDate, parsePartialDate } from '../dates/partial-date.js';
import type { DefinitionIndex } from '../definition/definition-index.js';
import { FOLLOW_UP_BLOCKING_VITAL_STATES } from '../definition/fixed-identifiers.js';
import type { StudyPatientContext } from '../definition/instances.js';
import { FOLLOW_UP_ELIGIBILITY_YEARS, readFollowUpInput } from './availability.js';

export type FollowUpCalendarEntry = {
  /** The follow-up registry visit definition that is due. */
  visitDefinitionId: string;
  /** yyyy-MM-dd */
  baselineDate: string;
  /** yyyy-MM-dd */
  dueDate: string;
  /** Due before today and still not created. */
  overdue: boolean;
};

/** The patient's pending follow-up, or null when none is pending. `today` is yyyy-MM-dd. */
export function followUpCalendarEntry(patient: StudyPatientContext, index: DefinitionIndex, today: string): FollowUpCalendarEntry | null {
  const registryVisit = index.study.visits.find((visit) => visit.definition.isFollowUpRegistry === true);
  if (registryVisit === undefined) return null;
  if (patient.visits.some((visit) => visit.isDeleted !== true && visit.definitionId === registryVisit.id)) return null;
  const input = readFollowUpInput(patient, index, today);
  if (input.baseline === null || input.baseline.isNew || input.deceased) return null;
  if (input.vitalStates.some((state) => FOLLOW_UP_BLOCKING_VITAL_STATES.includes(state))) return null;
  const baselineDate = input.baseline.executionDate;
  const baseline = parsePartialDate(baselineDate);
  if (baselineDate === null || baseline === null) return null;
  const dueDate = formatStorageDate(addYears(baseline, FOLLOW_UP_ELIGIBILITY_YEARS));
  return { visitDefinitionId: registryVisit.id, baselineDate, dueDate, overdue: dueDate < today };
}
