/**
 * Role identifiers and role groups (ecrf-core.md §6). `PM{product}` stands for one product-manager role
 * per product (e.g. `PMLung`); any identifier `PM` followed by a product name belongs to it.
 */

export type RoleIdentifier =
  | 'CaseManager'
  | 'DataManager'
  | 'MasterDataManager'
  | 'InstituteManager'
  | 'Documentalist'
  | 'UniversalDocumentalist'
  | 'Physician'
  | 'DocumentationAssistant'
  | 'Pathologist'
  | 'Consultant'
  | 'AccountingDigiNet'
  | 'EvaluationDigiNet'
  | 'Researcher'
  | 'AdminMedSyn'
  | 'AdminNNGM'
  | 'SuperAdmin'
  | `PM${string}`;

export const ROLE_IDENTIFIERS = [
  'CaseManager',
  'DataManager',
  'MasterDataManager',
  'InstituteManager',
  'Documentalist',
  'UniversalDocumentalist',
  'Physician',
  'DocumentationAssistant',
  'Pathologist',
  'Consultant',
  'AccountingDigiNet',
  'EvaluationDigiNet',
  'Researcher',
  'AdminMedSyn',
  'AdminNNGM',
  'SuperAdmin',
] as const satisfies readonly RoleIdentifier[];

/** A product-manager role `PM{product}`: `PM` followed by a product name starting with a letter or digit. */
export function isProductManagerRole(role: string): boolean {
  return /^PM[A-Za-z0-9][A-Za-z0-9_]*$/.test(role);
}

const DOCUMENTING_ROLES: readonly string[] = [
  'CaseManager',
  'Documentalist',
  'DocumentationAssistant',
  'Physician',
  'UniversalDocumentalist',
  'MasterDataManager',
  'DataManager',
  'InstituteManager',
];

/** The clinical variant of the documenting set adds these (ecrf-core.md §6). */
const CLINICAL_DOCUMENTING_ROLES: readonly string[] = ['Pathologist', 'Consultant', 'AccountingDigiNet'];

export const DATA_MANAGEMENT_ROLES: readonly string[] = ['DataManager', 'MasterDataManager'];

const ADMIN_ROLES: readonly string[] = ['AdminMedSyn', 'AdminNNGM', 'MasterDataManager', 'EvaluationDigiNet', 'DataManager'];

export type RoleSet = 'standard' | 'clinical';

/** Documenting (location-bound) roles: location selection is required and news handling differs. */
export function isDocumentingRole(role: string, set: RoleSet = 'standard'): boolean {
  if (DOCUMENTING_ROLES.includes(role) || isProductManagerRole(role)) return true;
  return set === 'clinical' && CLINICAL_DOCUMENTING_ROLES.includes(role);
}

/** The location selector is shown only for location-bound roles, which are the documenting roles. */
export function isLocationBoundRole(role: string, set: RoleSet = 'standard'): boolean {
  return isDocumentingRole(role, set);
}

export function isDataManagementRole(role: string): boolean {
  return DATA_MANAGEMENT_ROLES.includes(role);
}

/** Admin-type roles (ecrf-core.md §6); the news dialog after login is shown to the others. */
export function isAdminRole(role: string): boolean {
  return ADMIN_ROLES.includes(role) || isProductManagerRole(role);
}

/** The admin flag: SuperAdmin or AdminMedSyn. */
export function hasAdminFlag(role: string): boolean {
  return role === 'SuperAdmin' || role === 'AdminMedSyn';
}

export type FollowUpVisibilityInput = {
  role: string;
  /** The selected institute is flagged DigiNet. */
  selectedInstituteIsDigiNet: boolean;
  /** The selected institute is assigned to the patient (a DigiNet visit or the nNGM case). */
  selectedInstituteAssigned: boolean;
};

/** Follow-up registry visibility: institute flagged or assigned; MasterDataManager and DataManager always pass. */
export function isFollowUpRegistryVisible(input: FollowUpVisibilityInput): boolean {
  return isDataManagementRole(input.role) || input.selectedInstituteIsDigiNet || input.selectedInstituteAssigned;
}
