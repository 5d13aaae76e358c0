/**
 * Instance data: field instances, instruments, visits and the study patient context
 * (ecrf-core.md §3; ecrf-calls.md §3).
 */
import type { InstituteData } from '../constraints/context.js';

export type NetworkOrganization = { id: string; displayName?: string | null };
export type NetworkPerson = { id: string; title?: string | null; firstName?: string | null; lastName?: string | null };

export type FieldValue = {
  value: string | null;
  unit?: string | null;
  /** Network location fields: the chosen organization. */
  organization?: NetworkOrganization | null;
  /** Network partner fields: the chosen therapist. */
  person?: NetworkPerson | null;
};

export type DataFieldInstance = {
  id: string;
  definitionId: string;
  values: readonly FieldValue[];
  tags?: readonly string[];
  order: number;
  isDeleted?: boolean;
  isVisible?: boolean;
  isNewField?: boolean;
  lockedManually?: boolean;
  lockedAutomatically?: boolean;
  /** yyyy-MM-dd; from this day on the field is locked. */
  lockDate?: string | null;
  creationDate?: string | null;
  creatingUser?: string | null;
  changeDate?: string | null;
  changingUser?: string | null;
  childFields: readonly DataFieldInstance[];
};

export type InstrumentState = 'new' | 'missing_data' | 'complete';

export type Instrument = {
  id: string;
  definitionId: string;
  identifier?: string;
  fields: readonly DataFieldInstance[];
  tags?: readonly string[];
  order?: number;
  isDeleted?: boolean;
  state?: InstrumentState;
  locked?: boolean;
};

export type Visit = {
  id: string;
  definitionId: string;
  identifier?: string;
  instruments: readonly Instrument[];
  fields: readonly DataFieldInstance[];
  tags?: readonly string[];
  order?: number;
  isDeleted?: boolean;
  isNew?: boolean;
  state?: string | null;
  isSigned?: boolean;
  locked?: boolean;
  /** yyyy-MM-dd */
  visitDate?: string | null;
  /** Institute the visit is assigned to (DigiNet follow-up visits are documented by an assigned institute). */
  assignedInstituteId?: string | null;
};

export type StudyPatientContext = {
  id: string;
  patientId: string;
  fields: readonly DataFieldInstance[];
  visits: readonly Visit[];
  standaloneInstruments: readonly Instrument[];
};

/**
 * A field as a save sends it: without an id it is new; only what changed is sent. Locks, visibility and the
 * change stamps are the server's and are not taken.
 */
export type FieldInstanceInput = {
  id?: string;
  definitionId: string;
  values?: FieldValue[];
  tags?: string[];
  order?: number;
  isDeleted?: boolean;
  childFields?: FieldInstanceInput[];
};

/** An instrument as documented: its state, lock and the version a save sends back (stale saves are refused). */
export type DocumentedInstrument = Instrument & { state: InstrumentState; locked: boolean; version: number };

/** A visit as documented, with its documented instruments. */
export type DocumentedVisit = Omit<Visit, 'instruments' | 'state'> & {
  instruments: readonly DocumentedInstrument[];
  state: InstrumentState;
  isSigned: boolean;
  locked: boolean;
  visitDate: string | null;
  assignedInstituteId: string | null;
  version: number;
};

/**
 * A patient's whole documentation as the tiers exchange it (the graph's `StudyPatient.documentation`): the
 * rules' `StudyPatientContext` with each record's state and version and the patient's location; `patientId`
 * is the pseudonym.
 */
export type PatientDocumentation = Omit<StudyPatientContext, 'visits' | 'standaloneInstruments'> & {
  visits: readonly DocumentedVisit[];
  standaloneInstruments: readonly DocumentedInstrument[];
  /** The patient's location: the rules' selected institute (its institute, as visits name assigned institutes). */
  location: InstituteData;
};

/** A value is empty when it is absent or blank. */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** The non-blank values of a field instance. */
export function filledValues(field: DataFieldInstance): string[] {
  return field.values.map((v) => v.value).filter((v): v is string => !isBlank(v));
}

/** Child fields that are not deleted. */
export function liveChildren(field: DataFieldInstance): DataFieldInstance[] {
  return field.childFields.filter((child) => child.isDeleted !== true);
}
