/** The resource types of the FHIR export, in the order of the Bulk Data manifest (docs/fhir-export.md). */
import type {
  Condition,
  Consent,
  Encounter,
  MedicationStatement,
  Observation,
  Patient,
  Procedure,
  QuestionnaireResponse,
} from '@medplum/fhirtypes';

export const FHIR_RESOURCE_TYPES = [
  'Patient',
  'Encounter',
  'Condition',
  'Observation',
  'Procedure',
  'MedicationStatement',
  'Consent',
  'QuestionnaireResponse',
] as const;

export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

export type FhirResource =
  Patient | Encounter | Condition | Observation | Procedure | MedicationStatement | Consent | QuestionnaireResponse;

export const isFhirResourceType = (name: string): name is FhirResourceType => (FHIR_RESOURCE_TYPES as readonly string[]).includes(name);
