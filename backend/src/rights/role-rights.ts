/**
 * The seeded roles (ecrf-core.md §6) and the rights each gets. Rights are grouped into bundles by the
 * work they serve; a role is the union of its bundles. docs/roles-and-rights.md is generated from here
 * (`npm run docs:rights -w backend`) and a unit test fails when it drifts.
 */
import { hasAdminFlag, isLocationBoundRole, ROLE_IDENTIFIERS, SUPER_RIGHT, type RightName } from '@ecrf/rules';

/** ecrf-core.md §6 (the rules' role identifiers); PM{product} is seeded as PMNNGM, the product being the nNGM lung cancer registry. */
export const roleIdentifiers = [...ROLE_IDENTIFIERS, 'PMNNGM'] as const;

export type RoleIdentifier = (typeof roleIdentifiers)[number];

/** Documenting roles choose a location at sign-in (ecrf-core.md §6); the registry is clinical, so its variants too. */
export const locationBoundRoles: readonly RoleIdentifier[] = roleIdentifiers.filter((role) => isLocationBoundRole(role, 'clinical'));

/** The admin flag is true for SuperAdmin or AdminMedSyn (ecrf-core.md §6). */
export const adminFlagRoles: readonly RoleIdentifier[] = roleIdentifiers.filter((role) => hasAdminFlag(role));

export const roleDisplayNames: Record<RoleIdentifier, string> = {
  CaseManager: 'Case Manager',
  DataManager: 'Datenmanager',
  MasterDataManager: 'Stammdatenmanager',
  InstituteManager: 'Zentrumsleitung',
  Documentalist: 'Dokumentar',
  UniversalDocumentalist: 'Universaldokumentar',
  Physician: 'Arzt',
  DocumentationAssistant: 'Dokumentationsassistenz',
  Pathologist: 'Pathologe',
  Consultant: 'Konsiliararzt',
  AccountingDigiNet: 'Abrechnung DigiNet',
  EvaluationDigiNet: 'Auswertung DigiNet',
  Researcher: 'Wissenschaftler',
  AdminMedSyn: 'Administrator MedSyn',
  AdminNNGM: 'Administrator nNGM',
  PMNNGM: 'Projektmanagement nNGM',
  SuperAdmin: 'Superadministrator',
};

/** Everyone signed in: own account, own locations, study definitions to render forms, news (core §6). */
const everyone: RightName[] = [
  'UserGetCurrentCmd',
  'UserChangeOwnPasswordCmd',
  'RightGetCurrentUserCmd',
  'EnvironmentGetCmd',
  'EventsSubscribeCmd',
  'StudyInstituteGetMyCmd',
  'StudyGetMyCmd',
  'StudyDefinitionGetAllCmd',
  'StudyDefinitionGetCmd',
  'LanguageGetAllCmd',
  'LanguageGetCmd',
  'TerminologyGetCollectionCmd',
  'TerminologyGetCodeCmd',
  'NewsDocumentGetAllCmd',
  'NewsDocumentGetCmd',
  'NewsDocumentGetByIdentifierCmd',
  'NewsDocumentGetContentCmd',
  'NewsDocumentGetUserHasNewsCmd',
  'NewsDocumentSetUserHasNewsCmd',
  'ELearningDefinitionGetCmd',
  'ELearningResultGetCmd',
  'ELearningResultGetRequireCmd',
  'ELearningResultCreateCmd',
];

/** Reading the patients of one's own locations, with their identities through the Mainzelliste. */
const readOwnPatients: RightName[] = [
  'PatientGetMyCmd',
  'PatientGetCmd',
  'StudyPatientGetMyCmd',
  'StudyPatientGetByPatientCmd',
  'StudyPatientGetContextCmd',
  'NngmStudyPatientGetMyCmd',
  'VisitGetMyCmd',
  'VisitGetCmd',
  'VisitGetTemporaryDataFieldsCmd',
  'InstrumentGetCmd',
  'DataFieldGetCmd',
  'CaseProcessGetByVisitCmd',
  'CaseProcessGetByPatientCmd',
  'DataVerificationFlagGetCmd',
  'DataVerificationFlagGetByStudyPatientCmd',
  'MainzellisteGetConfigurationCmd',
  'GetReadPatientTokenCmd',
  'GetReadPatientTokenForMyPatientsCmd',
  'MainzellisteGetMyRealPatientsCmd',
  'ProjectAssignmentGetByStudyPatientCmd',
  'SynQuestGetInterviewCmd',
  'SynQuestSystemApiGetInterviewsCmd',
  'StudyInstituteGetCmd',
];

/** Patients assigned to a consulting specialist only (calls §6 NngmStudyPatientGetMyAssignedCmd). */
const readAssignedPatients: RightName[] = [
  'NngmStudyPatientGetMyAssignedCmd',
  'PatientGetCmd',
  'StudyPatientGetContextCmd',
  'VisitGetCmd',
  'InstrumentGetCmd',
  'DataFieldGetCmd',
  'CaseProcessGetByVisitCmd',
  'CaseProcessGetByPatientCmd',
  'GetReadPatientTokenCmd',
];

/**
 * Reading the network master data that network partner and network location fields pick from
 * (NngmNetworkPartner, NngmNetworkLocation; ecrf-calls.md §3): whoever fills such a field reads them.
 */
const pickNetworkMasterData: RightName[] = ['NmsSystemApiGetAllOrganizationsCmd', 'NmsSystemApiGetAllPersonsCmd'];

/** Documenting patients, visits, instruments and the case process, enrolling through the Mainzelliste. */
const documentPatients: RightName[] = [
  ...pickNetworkMasterData,
  'PatientCreateCmd',
  'PatientUpdateCmd',
  'StudyPatientCreateCmd',
  'StudyPatientUpdateCmd',
  'NngmStudyPatientCreateCmd',
  'NngmStudyPatientUpdateDataCmd',
  'NngmStudyPatientGetDataLogCmd',
  'VisitCreateCmd',
  'VisitUpdateCmd',
  'InstrumentCreateCmd',
  'InstrumentUpdateCmd',
  'InstrumentDeleteCmd',
  'DataFieldCreateCmd',
  'DataFieldUpdateCmd',
  'DataFieldDeleteCmd',
  'CaseProcessCreateCmd',
  'CaseProcessUpdateCmd',
  'MainzellisteCreatePatientSessionAndTokenCmd',
  'MainzellisteGetCheckPatientMatchTokenCmd',
  'MainzellisteGetCheckPatientMatchCmd',
  'MainzellisteLinkPatientCmd',
  'MainzellisteRetrieveCheckMatchPatientCmd',
  'MainzellisteCreatePatientCmd',
  'SynQuestUserLoginCmd',
  'SynQuestPatientLoginCmd',
  'ProjectGetAllCmd',
  'ProjectAssignmentGetAllCmd',
];

/** Sites answer the queries raised on their data (ecrf-core.md §6 query overview). */
const answerQueries: RightName[] = [
  'QueryGetCmd',
  'QueryGetMyCmd',
  'QueryGetMyForPatientCmd',
  'QueryGetForPatientCmd',
  'QueryGetForVisitCmd',
  'QueryGetForInstrumentCmd',
  'QueryAnswerCmd',
];

/**
 * Raising and editing queries: the roles ecrf-calls.md §6 still allows after 2025-05-01. Who raises a
 * query may withdraw it (revoke; the query type decides for which types) and keeps templates for it.
 */
const raiseQueries: RightName[] = [
  'QueryCreateCmd',
  'QueryEditCmd',
  'QueryRevokeCmd',
  'QueryGetForInstituteCmd',
  'QueryTemplateGetMyCmd',
  'QueryTemplateCreateCmd',
  'QueryTemplateDeleteMyCmd',
];

/** Query management by data management: the whole life cycle and templates. */
const manageQueries: RightName[] = [
  ...answerQueries,
  ...raiseQueries,
  'QueryGetAllCmd',
  'QueryAcceptCmd',
  'QueryRevokeCmd',
  'QuerySolveCmd',
  'QueryDeferCmd',
  'QueryTemplateGetMyCmd',
  'QueryTemplateCreateCmd',
  'QueryTemplateDeleteMyCmd',
];

/** All patients of the registry (data management, monitoring). */
const readAllPatients: RightName[] = [
  'PatientGetAllCmd',
  'StudyPatientGetAllCmd',
  'VisitGetAllCmd',
  'VisitGetByStudyCmd',
  'GetReadPatientTokenForAllPatientsCmd',
  'MainzellisteGetPatientsCmd',
  'StudyInstituteGetAllCmd',
  'StudyInstituteGetByStudyCmd',
  'StudyInstituteGetOverviewCmd',
  'StudyInstituteGetStatisticsCmd',
  'InstituteGetAllCmd',
  'InstituteGetCmd',
  'ProjectUserPatientsGetCmd',
];

/** Corrections only data management may make: deletions, signatures stay with physicians. */
const correctData: RightName[] = [
  'PatientDeleteCmd',
  'StudyPatientDeleteCmd',
  'VisitDeleteCmd',
  'NngmVisitDeleteCmd',
  'DataVerificationFlagSetCmd',
  'DataVerificationFlagUpdateCmd',
  'PatientLinkUserCmd',
  'ProjectAssignmentCreateCmd',
  'ProjectAssignmentUpdateCmd',
  'ProjectAssignmentDeleteCmd',
  'AuditTrailGetCmd',
  'AuditLogLogCmd',
  'DataFieldLockCmd',
];

const registryExports: RightName[] = [
  'CSV_EXPORT_START_CMD',
  'CSV_EXPORT_GET_FILES_CMD',
  'CHANGES_EXPORT_START_CMD',
  'CHANGES_EXPORT_GET_FILES_CMD',
  'SAS_EXPORT_START_CMD',
  'SAS_EXPORT_GET_FILES_CMD',
  'SYN_QUEST_EXPORT_START_CMD',
  'SYN_QUEST_EXPORT_GET_FILES_CMD',
  'RECRUITMENT_STATUS_EXPORT_START_CMD',
  'RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
  'NO_ARCHIVE_CODES_EXPORT_START_CMD',
  'NO_ARCHIVE_CODES_EXPORT_GET_FILES_CMD',
  'ExportDefinitionGetCmd',
  'ExportDefinitionRunCmd',
  'ExportDefinitionGetFilesCmd',
  'ExportDefinitionGetDataProviderItemsCmd',
];

const digiNetExports: RightName[] = [
  'DIGI_NET_RECRUITMENT_STATUS_EXPORT_START_CMD',
  'DIGI_NET_RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
  'DIGI_NET_CONDITIONS_EXPORT_START_CMD',
  'DIGI_NET_CONDITIONS_EXPORT_GET_FILES_CMD',
  'DIGI_NET_CONSENTS_EXPORT_START_CMD',
  'DIGI_NET_CONSENTS_EXPORT_GET_FILES_CMD',
  'PUBLICATION_EXPORT_START_CMD',
  'PUBLICATION_EXPORT_GET_FILES_CMD',
];

const rewardExports: RightName[] = ['REWARD_EXPORT_START_CMD', 'REWARD_EXPORT_GET_FILES_CMD'];

/** Pharmacovigilance: free-text and screening safety reports and their configuration. */
const safety: RightName[] = [
  'SafetyReportGetCmd',
  'SafetyScreeningReportGetCmd',
  'SafetyScreeningConfigurationGetCmd',
  'SafetyScreeningConfigurationUpdateCmd',
  'SAFETY_SCREENING_EXPORT_START_CMD',
  'SAFETY_SCREENING_EXPORT_GET_FILES_CMD',
];

const configureExports: RightName[] = [
  'ExportDefinitionCreateCmd',
  'ExportDefinitionUpdateCmd',
  'ExportDefinitionDeleteCmd',
  'ExportDefinitionDuplicateCmd',
];

const imports: RightName[] = ['OnkozertImportCmd', 'OnkozertImportsGetCmd', 'OnkozertImportsDownloadCmd'];

/** Master data of the network: institutes, locations, organisations and persons. */
const masterData: RightName[] = [
  'InstituteGetAllCmd',
  'InstituteGetCmd',
  'InstituteCreateCmd',
  'InstituteUpdateCmd',
  'InstituteDeleteCmd',
  'InstituteRestoreCmd',
  'StudyInstituteGetAllCmd',
  'StudyInstituteCreateCmd',
  'StudyInstituteUpdateCmd',
  'StudyInstituteDeleteCmd',
  'NmsSystemApiGetAllOrganizationsCmd',
  'NmsSystemApiGetAllPersonsCmd',
  'NmsSystemApiSyncOrganizationsCmd',
  'NmsSystemApiEcrfStudyInstituteGetCmd',
  'NmsSystemApiEcrfInstituteCanBeDeletedInfoCmd',
  'NmsSystemApiEcrfInstituteDeleteCmd',
  'NmsSystemApiEcrfInstituteRestoreCmd',
  'NmsSystemApiEcrfPersonCanBeDeletedInfoCmd',
  'NngmStudyPatientUpdateDataMlCmd',
  'MainzellisteSyncPatientsToIdProviderCmd',
];

/** User administration and assignment of users to locations. */
const userAdministration: RightName[] = [
  'UserGetAllCmd',
  'UserCreateCmd',
  'UserGetByIdCmd',
  'UserGetByNameCmd',
  'UserGetCompleteCmd',
  'UserUpdateCmd',
  'UserDeleteCmd',
  'UserRestoreCmd',
  'UserActivateCmd',
  'UserDeactivateCmd',
  'UserGetCountCmd',
  'UserSetPasswordCmd',
  'AuthDeleteCmd',
  'RoleGetAllCmd',
  'RoleGetByIdCmd',
  'RoleGetByNameCmd',
  'RoleGetCountCmd',
  'RightGetAllCmd',
  'RightGetByIdCmd',
  'RightGetByNameCmd',
  'RightGetCountCmd',
  'InstituteGetAllCmd',
  'InstituteGetCmd',
  'InstituteAssignUserCmd',
  'InstituteRemoveUserCmd',
  'StudyInstituteGetAllCmd',
  'StudyInstituteGetCmd',
  'NmsSystemApiSyncEcrfUserPasswordCmd',
  'NmsSystemApiEcrfUserGetCmd',
  'NmsSystemApiEcrfUserCreateCmd',
  'NmsSystemApiEcrfUserUpdateCmd',
  'NmsSystemApiEcrfUserDeleteCmd',
  'NmsSystemApiEcrfUserRestoreCmd',
  'NmsSystemApiEcrfUserActivateCmd',
  'NmsSystemApiEcrfUserDeactivateCmd',
  'NmsSystemApiEcrfUserSetPasswordCmd',
  'NmsSystemApiEcrfRoleGetCmd',
  'NmsSystemApiEcrfStudyInstituteGetCmd',
  'NmsSystemApiEcrfStudyInstituteAssignUserCmd',
  'NmsSystemApiEcrfStudyInstituteRemoveUserCmd',
  'PasswordGenerateCmd',
  'AuditEventsGetCmd',
  'AuditTrailGetCmd',
  // The audit screens show one record's history side by side (issue 3), which is POST AuditLog/Log.
  'AuditLogLogCmd',
];

/** Platform configuration: roles, rights, studies, languages, news, documentation. */
const platformAdministration: RightName[] = [
  'RoleCreateCmd',
  'RoleUpdateCmd',
  'RoleDeleteCmd',
  'RightCreateCmd',
  'RightUpdateCmd',
  'RightDeleteCmd',
  'StudyGetAllCmd',
  'StudyGetCmd',
  'StudyCreateCmd',
  'StudyUpdateCmd',
  'StudyDeleteCmd',
  'StudyDefinitionCreateCmd',
  'StudyDefinitionUpdateCmd',
  'StudyDefinitionDeleteCmd',
  'LanguageCreateCmd',
  'LanguageUpdateCmd',
  'LanguageDeleteCmd',
  'AssembliesGetCmd',
  'DocumentationCreateCmd',
  'DocumentationCreateFunctionalDesignCmd',
  'DocumentationCreateEcrfCmd',
  'DocumentationCreateEcrfViewCmd',
  'DocumentationCreateCompleteCmd',
  'AuditLogLogCmd',
];

const newsEditing: RightName[] = ['NewsDocumentCreateCmd', 'NewsDocumentUpdateCmd', 'NewsDocumentDeleteCmd'];

/**
 * What data management and master data management share: every patient with its identity, the query life
 * cycle, corrections, and the clerical review of possible matches (issue 17).
 */
const dataManagement: RightName[][] = [
  everyone,
  readOwnPatients,
  readAllPatients,
  documentPatients,
  manageQueries,
  correctData,
  ['PossibleMatchReviewCmd'],
];

const ownSiteOverview: RightName[] = ['StudyInstituteGetMyOverviewCmd', 'StudyInstituteGetStatisticsCmd'];

/** The role → bundles mapping. Comments say why a role gets more than the documenting core. */
const bundles: Record<RoleIdentifier, RightName[][]> = {
  CaseManager: [everyone, readOwnPatients, documentPatients, answerQueries, raiseQueries, ownSiteOverview],
  Documentalist: [everyone, readOwnPatients, documentPatients, answerQueries],
  // Documents for every location assigned to them and may raise queries (calls §6 list after 2025-05-01).
  UniversalDocumentalist: [everyone, readOwnPatients, documentPatients, answerQueries, raiseQueries, ownSiteOverview],
  DocumentationAssistant: [everyone, readOwnPatients, documentPatients, answerQueries, raiseQueries],
  // Physicians sign visits.
  Physician: [everyone, readOwnPatients, documentPatients, answerQueries, raiseQueries, ['VisitSignCmd']],
  // Pathologists and consultants see the patients assigned to them and document their findings only.
  Pathologist: [
    everyone,
    readAssignedPatients,
    answerQueries,
    pickNetworkMasterData,
    ['InstrumentUpdateCmd', 'DataFieldUpdateCmd', 'DataFieldCreateCmd'],
  ],
  Consultant: [everyone, readAssignedPatients, answerQueries],
  // Site lead: documents, raises queries, sees the site overview and who works there.
  InstituteManager: [everyone, readOwnPatients, documentPatients, answerQueries, raiseQueries, ownSiteOverview, ['UserGetByIdCmd']],
  // Data management: all patients, query life cycle, corrections, exports and the audit trail.
  DataManager: [
    ...dataManagement,
    registryExports,
    digiNetExports,
    safety,
    // Data management evaluates the questionnaire scores of the registry (the system API's scores call).
    ['VisitSignCmd', 'SynQuestSystemApiGetQuestionnaireScoresCmd'],
  ],
  // Master data: identities and network master data; holds the import right though the sidebar hides it (core §2).
  MasterDataManager: [...dataManagement, masterData, imports],
  // Billing of DigiNet centres: recruitment and reward figures of their own centres, no clinical editing.
  AccountingDigiNet: [
    everyone,
    ['PatientGetMyCmd', 'NngmStudyPatientGetMyCmd', 'StudyInstituteGetCmd'],
    ownSiteOverview,
    rewardExports,
    ['DIGI_NET_RECRUITMENT_STATUS_EXPORT_START_CMD', 'DIGI_NET_RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD'],
  ],
  // Evaluation of the DigiNet follow-up programme: pseudonymous data and DigiNet exports, no identities.
  EvaluationDigiNet: [
    everyone,
    digiNetExports,
    rewardExports,
    [
      'StudyInstituteGetOverviewCmd',
      'StudyInstituteGetAllCmd',
      'StudyInstituteGetStatisticsCmd',
      'InstituteGetAllCmd',
      'ExportDefinitionGetCmd',
      'ExportDefinitionRunCmd',
      'ExportDefinitionGetFilesCmd',
    ],
  ],
  // Research works on pseudonymous exports only.
  Researcher: [
    everyone,
    [
      'CSV_EXPORT_START_CMD',
      'CSV_EXPORT_GET_FILES_CMD',
      'SAS_EXPORT_START_CMD',
      'SAS_EXPORT_GET_FILES_CMD',
      'PUBLICATION_EXPORT_START_CMD',
      'PUBLICATION_EXPORT_GET_FILES_CMD',
      'ExportDefinitionGetCmd',
      'ExportDefinitionRunCmd',
      'ExportDefinitionGetFilesCmd',
      'ExportDefinitionGetDataProviderItemsCmd',
      'StudyInstituteGetOverviewCmd',
    ],
  ],
  // Technical administration of the platform: users, configuration, audit; no patient data.
  AdminMedSyn: [
    everyone,
    userAdministration,
    platformAdministration,
    masterData,
    newsEditing,
    configureExports,
    imports,
    ['ExportDefinitionGetCmd', 'SafetyReportGetCmd', 'SafetyScreeningConfigurationGetCmd', 'SafetyScreeningConfigurationUpdateCmd'],
  ],
  // Network administration of the nNGM: users and locations of the network, news, recruitment overview.
  AdminNNGM: [
    everyone,
    userAdministration,
    masterData,
    newsEditing,
    [
      'StudyInstituteGetOverviewCmd',
      'StudyInstituteGetStatisticsCmd',
      'RECRUITMENT_STATUS_EXPORT_START_CMD',
      'RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
    ],
  ],
  // Project management of the registry: documenting role with the overview of all sites, queries, exports, safety.
  PMNNGM: [
    everyone,
    readOwnPatients,
    readAllPatients,
    documentPatients,
    manageQueries,
    registryExports,
    digiNetExports,
    rewardExports,
    safety,
    newsEditing,
    configureExports,
  ],
  SuperAdmin: [[SUPER_RIGHT]],
};

function collectRoleRights(): Record<RoleIdentifier, readonly RightName[]> {
  const result: Partial<Record<RoleIdentifier, readonly RightName[]>> = {};
  for (const role of roleIdentifiers) result[role] = [...new Set(bundles[role].flat())].sort();
  return result as Record<RoleIdentifier, readonly RightName[]>;
}

/** The rights of each seeded role, without duplicates, sorted by name. */
export const roleRights = collectRoleRights();
