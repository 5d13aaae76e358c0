/**
 * The evaluation context: everything a constraint may read (ecrf-core.md §3, §5, §6). The evaluator
 * only reads through this interface, so it stays pure and runs alike in the browser and the backend.
 * "Today" is injected; the engine never reads the clock.
 */
import type { ConstraintDefinition } from '../definition/constraints.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance, Instrument, Visit } from '../definition/instances.js';

export type RuleLogger = { warn(message: string): void };

/** Where a field path is resolved. `current`: the form being evaluated (patient, visit or instrument). */
export type FieldTarget =
  | { kind: 'current' }
  | { kind: 'patient' }
  | { kind: 'visit'; visit: string }
  | { kind: 'instrument'; instrument: string; visit?: string | null };

export type PropertyValue = string | number | boolean | null | undefined;

export type PatientData = {
  patientId: string;
  registrationDate?: string | null;
  /** yyyy-MM-dd, possibly partial (birth dates are often kept to the month). */
  birthDate?: string | null;
  /** oBDS sex code: M, W, D, X, U. */
  sex?: string | null;
  isFhirImport?: boolean;
  [property: string]: PropertyValue;
};

export type InstituteData = {
  id: string;
  identifier: string;
  displayName?: string;
  instituteId?: string | null;
  /** additionalInfo.isDigiNet: the institute belongs to the follow-up registry network. */
  isDigiNet: boolean;
  [property: string]: PropertyValue;
};

export type UserData = {
  id: string;
  userName: string;
  roleIdentifier: string;
  [property: string]: PropertyValue;
};

/** Which institutes the patient is assigned to in the network. */
export type InstituteAssignments = {
  /** Institutes assigned to the patient's nNGM case. */
  nngmCaseInstituteIds: readonly string[];
  /** Institutes assigned to any of the patient's DigiNet follow-up visits. */
  digiNetVisitInstituteIds: readonly string[];
};

/** Data of the DigiNet follow-up record of the patient. */
export type FollowUpData = {
  /** The DigiNet record's own consent-4 field says yes. */
  consent4DigiNetField: boolean;
};

export interface EvaluationContext {
  /** yyyy-MM-dd */
  readonly today: string;
  readonly logger: RuleLogger;
  constraint(id: string): ConstraintDefinition | undefined;
  fieldDefinition(definitionId: string): DataFieldDefinition | undefined;
  /** Field instances (not deleted) at an identifier path, resolved in the target. */
  fields(path: string, target: FieldTarget): readonly DataFieldInstance[];
  patient(): PatientData;
  /** Visits (not deleted) of a visit definition identifier. */
  visits(visitIdentifier: string): readonly Visit[];
  /** Instruments (not deleted) of an instrument definition identifier, optionally only within visits of one definition. */
  instruments(instrumentIdentifier: string, visitIdentifier?: string | null): readonly Instrument[];
  user(): UserData;
  selectedInstitute(): InstituteData | null;
  assignments(): InstituteAssignments;
  /** Consent 4 (4.1, else 4.0) fully given and the consents instrument complete (ecrf-calls.md §4). */
  consent4FullyGiven(): boolean;
  followUp(): FollowUpData;
  /** The visit the form belongs to (a visit's own form, an instrument's visit); null for the patient and standalone instruments. */
  currentVisit(): Visit | null;
  /** yyyy-MM-dd: the execution date of the current visit (`visitExecutionDate`), null when it has none. */
  visitDate(): string | null;
  /** yyyy-MM-dd: the execution date of the patient's baseline visit, null when there is none. */
  baselineDate(): string | null;
}
