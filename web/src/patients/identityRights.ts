/**
 * Who may register patients, read names and edit identities (docs/roles-and-rights.md "Patient identity"):
 * the screens offer an action only when the calls behind it would be allowed.
 */
import { hasAnyRight, hasRight } from '@ecrf/rules';

/** registerPatient: the study patient, the check-match token, the addPatient token and the creation. */
export const REGISTER_PATIENT_RIGHTS = [
  'NngmStudyPatientCreateCmd',
  'MainzellisteGetCheckPatientMatchTokenCmd',
  'MainzellisteCreatePatientSessionAndTokenCmd',
  'MainzellisteCreatePatientCmd',
] as const;

/** The read tokens the gateway uses for `StudyPatient.identity`. */
export const READ_IDENTITY_RIGHTS = ['GetReadPatientTokenForAllPatientsCmd', 'GetReadPatientTokenForMyPatientsCmd'] as const;

/** The patient screen reads the patient context (its visits and instruments); billing roles lack it. */
export const OPEN_PATIENT_RIGHTS = ['StudyPatientGetContextCmd'] as const;

export const mayOpenPatients = (rights: readonly string[]): boolean => OPEN_PATIENT_RIGHTS.every((right) => hasRight(rights, right));
export const mayRegisterPatients = (rights: readonly string[]): boolean =>
  REGISTER_PATIENT_RIGHTS.every((right) => hasRight(rights, right));
export const mayReadIdentities = (rights: readonly string[]): boolean => hasAnyRight(rights, READ_IDENTITY_RIGHTS);
/** The machine-learning variant of the master data update, which also reads the change log. */
export const mayEditIdentity = (rights: readonly string[]): boolean =>
  hasRight(rights, 'NngmStudyPatientUpdateDataMlCmd') && hasRight(rights, 'NngmStudyPatientGetDataLogCmd');
