/**
 * The export kinds of ecrf-calls.md §7 "Exports" and the rights of each (ecrf-calls.md §6 "Export rights"):
 * starting needs the START right, seeing jobs and files the GET_FILES right. Study exports start at
 * study/{studyId}/…, the NNGM (DigiNet) ones at NngmExport/study/{studyId}/…; the ODM export is the registry's own
 * (issue "Beyond the seeds") and the FHIR R4 export (issue 28) share the CSV export's rights: they hold the same data in
 * another format; generic exports run a stored definition.
 */
import type { RightName } from '../rights/rights-catalogue.js';

export type ExportFamily = 'study' | 'nngm' | 'generic';

export const EXPORT_KIND_RIGHTS = {
  'csv-export': { family: 'study', start: 'CSV_EXPORT_START_CMD', files: 'CSV_EXPORT_GET_FILES_CMD' },
  'screening-export': { family: 'study', start: 'SAFETY_SCREENING_EXPORT_START_CMD', files: 'SAFETY_SCREENING_EXPORT_GET_FILES_CMD' },
  'changes-export': { family: 'study', start: 'CHANGES_EXPORT_START_CMD', files: 'CHANGES_EXPORT_GET_FILES_CMD' },
  'sas-export': { family: 'study', start: 'SAS_EXPORT_START_CMD', files: 'SAS_EXPORT_GET_FILES_CMD' },
  'synquest-csv-export': { family: 'study', start: 'SYN_QUEST_EXPORT_START_CMD', files: 'SYN_QUEST_EXPORT_GET_FILES_CMD' },
  'odm-export': { family: 'study', start: 'CSV_EXPORT_START_CMD', files: 'CSV_EXPORT_GET_FILES_CMD' },
  'fhir-export': { family: 'study', start: 'CSV_EXPORT_START_CMD', files: 'CSV_EXPORT_GET_FILES_CMD' },
  'recruitment-status': { family: 'nngm', start: 'RECRUITMENT_STATUS_EXPORT_START_CMD', files: 'RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD' },
  'diginet-recruitment-status': {
    family: 'nngm',
    start: 'DIGI_NET_RECRUITMENT_STATUS_EXPORT_START_CMD',
    files: 'DIGI_NET_RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
  },
  'no-archive-codes': { family: 'nngm', start: 'NO_ARCHIVE_CODES_EXPORT_START_CMD', files: 'NO_ARCHIVE_CODES_EXPORT_GET_FILES_CMD' },
  'diginet-conditions': {
    family: 'nngm',
    start: 'DIGI_NET_CONDITIONS_EXPORT_START_CMD',
    files: 'DIGI_NET_CONDITIONS_EXPORT_GET_FILES_CMD',
  },
  'diginet-consents': { family: 'nngm', start: 'DIGI_NET_CONSENTS_EXPORT_START_CMD', files: 'DIGI_NET_CONSENTS_EXPORT_GET_FILES_CMD' },
  publication: { family: 'nngm', start: 'PUBLICATION_EXPORT_START_CMD', files: 'PUBLICATION_EXPORT_GET_FILES_CMD' },
  reward: { family: 'nngm', start: 'REWARD_EXPORT_START_CMD', files: 'REWARD_EXPORT_GET_FILES_CMD' },
  'generic-export': { family: 'generic', start: 'ExportDefinitionRunCmd', files: 'ExportDefinitionGetFilesCmd' },
} as const satisfies Record<string, { family: ExportFamily; start: RightName; files: RightName }>;

export type ExportKind = keyof typeof EXPORT_KIND_RIGHTS;
export const EXPORT_KIND_NAMES = Object.keys(EXPORT_KIND_RIGHTS) as ExportKind[];
