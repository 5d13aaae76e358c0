import { allRightNames, SUPER_RIGHT } from '@ecrf/rules';
import { describe, expect, it } from 'vitest';
import { adminFlagRoles, locationBoundRoles, roleIdentifiers, roleRights } from './role-rights.js';

/** Names the web sidebar and the spec rely on (ecrf-core.md §2, §6; ecrf-calls.md §2, §6). */
const requiredNames = [
  'SUPER_RIGHT',
  'UserGetAllCmd',
  'InstituteGetAllCmd',
  'PatientGetAllCmd',
  'PatientGetMyCmd',
  'NngmStudyPatientGetMyAssignedCmd',
  'GetReadPatientTokenCmd',
  'GetReadPatientTokenForAllPatientsCmd',
  'GetReadPatientTokenForMyPatientsCmd',
  'QueryGetMyForPatientCmd',
  'SynQuestSystemApiGetInterviewsCmd',
  'CHANGES_EXPORT_GET_FILES_CMD',
  'SAFETY_SCREENING_EXPORT_GET_FILES_CMD',
  'SYN_QUEST_EXPORT_GET_FILES_CMD',
  'RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
  'NO_ARCHIVE_CODES_EXPORT_GET_FILES_CMD',
  'DIGI_NET_RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
  'DIGI_NET_CONDITIONS_EXPORT_GET_FILES_CMD',
  'DIGI_NET_CONSENTS_EXPORT_GET_FILES_CMD',
  'QueryCreateCmd',
  'QueryEditCmd',
  'QueryAcceptCmd',
  'QueryAnswerCmd',
  'QueryRevokeCmd',
  'QuerySolveCmd',
  'QueryDeferCmd',
  'QueryGetAllCmd',
  'QueryGetMyCmd',
  'CaseProcessGetByVisitCmd',
  'CaseProcessGetByPatientCmd',
  'AuditEventsGetCmd',
  'ExportDefinitionGetCmd',
  'OnkozertImportsGetCmd',
  'StudyInstituteGetOverviewCmd',
  'StudyInstituteGetMyOverviewCmd',
  'SafetyReportGetCmd',
  'NewsDocumentGetAllCmd',
  'DocumentationCreateCmd',
  'AuthDeleteCmd',
];

describe('rights catalogue', () => {
  it('names every right the spec and the web rely on, each once', () => {
    expect(allRightNames).toEqual(expect.arrayContaining(requiredNames));
    expect(new Set(allRightNames).size).toBe(allRightNames.length);
  });
});

describe('role mapping', () => {
  it('covers the 17 roles of ecrf-core.md §6', () => {
    expect(roleIdentifiers).toHaveLength(17);
    expect(roleIdentifiers).toContain('PMNNGM');
  });

  it('gives SuperAdmin SUPER_RIGHT only and nobody else SUPER_RIGHT', () => {
    expect(roleRights.SuperAdmin).toEqual([SUPER_RIGHT]);
    for (const role of roleIdentifiers.filter((r) => r !== 'SuperAdmin')) expect(roleRights[role]).not.toContain(SUPER_RIGHT);
  });

  it('lets every role sign in meaningfully: own account and own locations', () => {
    for (const role of roleIdentifiers.filter((r) => r !== 'SuperAdmin')) {
      expect(roleRights[role], role).toEqual(
        expect.arrayContaining(['UserGetCurrentCmd', 'UserChangeOwnPasswordCmd', 'StudyInstituteGetMyCmd', 'RightGetCurrentUserCmd']),
      );
    }
  });

  it('keeps patient identities away from research and evaluation roles', () => {
    for (const role of ['Researcher', 'EvaluationDigiNet', 'AdminMedSyn', 'AdminNNGM'] as const) {
      expect(roleRights[role].filter((right) => right.startsWith('GetReadPatientToken'))).toEqual([]);
    }
  });

  it('gives the data-management roles all patients and the query life cycle', () => {
    for (const role of ['DataManager', 'MasterDataManager'] as const) {
      expect(roleRights[role]).toEqual(expect.arrayContaining(['PatientGetAllCmd', 'QueryGetAllCmd', 'QueryAcceptCmd', 'QuerySolveCmd']));
    }
  });

  it('lets every role that fills fields read the network master data its pickers offer', () => {
    for (const role of roleIdentifiers.filter((r) => roleRights[r].includes('DataFieldUpdateCmd'))) {
      expect(roleRights[role], role).toEqual(
        expect.arrayContaining(['NmsSystemApiGetAllOrganizationsCmd', 'NmsSystemApiGetAllPersonsCmd']),
      );
    }
    expect(roleRights.CaseManager).not.toContain('NmsSystemApiSyncOrganizationsCmd');
  });

  it('lists the location-bound and admin-flag roles of ecrf-core.md §6', () => {
    expect([...locationBoundRoles].sort()).toEqual([
      'AccountingDigiNet',
      'CaseManager',
      'Consultant',
      'DataManager',
      'Documentalist',
      'DocumentationAssistant',
      'InstituteManager',
      'MasterDataManager',
      'PMNNGM',
      'Pathologist',
      'Physician',
      'UniversalDocumentalist',
    ]);
    expect([...adminFlagRoles].sort()).toEqual(['AdminMedSyn', 'SuperAdmin']);
  });
});
