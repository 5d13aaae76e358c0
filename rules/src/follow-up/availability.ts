/**
 * DigiNet follow-up visit availability (ecrf-core.md §4, §9). An existing visit is always available.
 * A new follow-up needs a non-new baseline visit whose execution date plus 2 years has been reached,
 * no vital status instrument saying deceased yes, and no vital state value A or T.
 */
import { addYears, hasReached, parsePartialDate } from '../dates/partial-date.js';
import type { DefinitionIndex } from '../definition/definition-index.js';
import {
  FOLLOW_UP_BLOCKING_VITAL_STATES,
  INSTRUMENT_IDENTIFIERS,
  VISIT_IDENTIFIERS,
  VITAL_STATUS_FIELD_IDENTIFIERS,
  YES,
} from '../definition/fixed-identifiers.js';
import { filledValues } from '../definition/instances.js';
import type { DataFieldInstance, StudyPatientContext } from '../definition/instances.js';
import { visitExecutionDate } from './execution-date.js';

/** Follow-up eligibility: baseline date plus 2 years (ecrf-core.md §9). */
export const FOLLOW_UP_ELIGIBILITY_YEARS = 2;

export type FollowUpAvailabilityInput = {
  existingVisit: boolean;
  /** The baseline visit, if there is one. */
  baseline: { isNew: boolean; executionDate: string | null } | null;
  /** A vital status instrument says deceased yes. */
  deceased: boolean;
  /** Every vital state value recorded for the patient. */
  vitalStates: readonly string[];
  /** yyyy-MM-dd */
  today: string;
};

export type FollowUpUnavailableReason = 'noBaseline' | 'baselineNew' | 'noBaselineDate' | 'notYetDue' | 'deceased' | 'vitalState';

export type FollowUpAvailability = { available: true } | { available: false; reason: FollowUpUnavailableReason };

export function followUpAvailability(input: FollowUpAvailabilityInput): FollowUpAvailability {
  if (input.existingVisit) return { available: true };
  const unavailable = (reason: FollowUpUnavailableReason): FollowUpAvailability => ({ available: false, reason });
  if (input.baseline === null) return unavailable('noBaseline');
  if (input.baseline.isNew) return unavailable('baselineNew');
  const baselineDate = parsePartialDate(input.baseline.executionDate);
  const today = parsePartialDate(input.today);
  if (baselineDate === null || today === null) return unavailable('noBaselineDate');
  if (!hasReached(addYears(baselineDate, FOLLOW_UP_ELIGIBILITY_YEARS), today)) return unavailable('notYetDue');
  if (input.deceased) return unavailable('deceased');
  if (input.vitalStates.some((state) => FOLLOW_UP_BLOCKING_VITAL_STATES.includes(state))) return unavailable('vitalState');
  return { available: true };
}

function valuesOf(fields: readonly DataFieldInstance[], identifier: string, index: DefinitionIndex): string[] {
  return fields.flatMap((field) => {
    if (field.isDeleted === true) return [];
    const own = index.fieldById.get(field.definitionId)?.identifier === identifier ? filledValues(field) : [];
    return [...own, ...valuesOf(field.childFields, identifier, index)];
  });
}

/** Reads the availability input from a patient context using the fixed identifiers. */
export function readFollowUpInput(
  patient: StudyPatientContext,
  index: DefinitionIndex,
  today: string,
  existingVisit = false,
): FollowUpAvailabilityInput {
  const visits = patient.visits.filter((v) => v.isDeleted !== true);
  const baselineVisit = visits.find((v) => index.visitById.get(v.definitionId)?.identifier === VISIT_IDENTIFIERS.baseline);
  const instruments = [...visits.flatMap((v) => v.instruments), ...patient.standaloneInstruments].filter((i) => i.isDeleted !== true);
  const vitalStatus = instruments.filter(
    (i) => index.instrumentById.get(i.definitionId)?.identifier === INSTRUMENT_IDENTIFIERS.vitalStatus,
  );
  const allFields = [...patient.fields, ...visits.flatMap((v) => v.fields), ...instruments.flatMap((i) => i.fields)];
  return {
    existingVisit,
    baseline: baselineVisit ? { isNew: baselineVisit.isNew === true, executionDate: visitExecutionDate(baselineVisit, index) } : null,
    deceased: vitalStatus.some((i) => valuesOf(i.fields, VITAL_STATUS_FIELD_IDENTIFIERS.deceased, index).includes(YES)),
    vitalStates: valuesOf(allFields, VITAL_STATUS_FIELD_IDENTIFIERS.vitalState, index),
    today,
  };
}
