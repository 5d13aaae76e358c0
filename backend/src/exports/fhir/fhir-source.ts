/** What the FHIR mapping reads of one study patient: its documented forms with their ids and change times. */
import type { DataFieldInstance, DefinitionIndex } from '@ecrf/rules';
import type { Condition, Encounter, Patient, Reference } from '@medplum/fhirtypes';

export type FhirForm = { id: string; definitionId: string; changedAt: Date; fields: readonly DataFieldInstance[] };

export type FhirVisit = FhirForm & { visitDate: string | null; instruments: FhirForm[] };

export type FhirPatientSource = {
  /** The study patient's id: the Patient resource's id. */
  id: string;
  pseudonym: string;
  changedAt: Date;
  fields: readonly DataFieldInstance[];
  visits: FhirVisit[];
  standaloneInstruments: FhirForm[];
};

export type FhirMappingContext = {
  index: DefinitionIndex;
  /** The definition's identifier (`nngm_lung`): the registry's code systems are named after it. */
  definition: string;
  /** Resources whose source changed after this time only (Bulk Data `_since`); null: all. */
  since: Date | null;
};

/** Where an instrument's resources belong: its patient, visit and the patient's diagnosis, if documented. */
export type InstrumentPlace = {
  id: string;
  definition: string;
  patient: Reference<Patient>;
  encounter: Reference<Encounter> | null;
  /** The visit's date: the time of observations without their own date. */
  visitDate: string | null;
  condition: Reference<Condition> | null;
  lastUpdated: string;
};
