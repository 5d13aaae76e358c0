/**
 * The export kinds of ecrf-calls.md §7 "Exports" with their rights (rules' rights catalogue), parameters and
 * file format. Study exports and the NNGM (DigiNet) exports start at study/{studyId}/…; the ODM export is
 * ours (issue "Beyond the seeds") and shares the CSV export's rights; generic exports run a stored definition.
 */
import type { RightName } from '@ecrf/rules';

export type ExportFamily = 'study' | 'nngm' | 'generic';

/** The file a kind writes: one file per job. */
export type ExportFormat =
  /** One CSV table. */
  | 'csv'
  /** One XLSX workbook, one sheet per table. */
  | 'xlsx'
  /** The CSV export: a ZIP of CSV tables, or one XLSX workbook with `asXlsx`. */
  | 'csv-or-xlsx'
  /** A ZIP of the data tables as CSV and a SAS program reading them with labels and formats. */
  | 'sas'
  /** CDISC ODM 1.3.2 XML. */
  | 'odm';

export const EXPORT_KINDS = {
  'csv-export': { family: 'study', start: 'CSV_EXPORT_START_CMD', files: 'CSV_EXPORT_GET_FILES_CMD', format: 'csv-or-xlsx' },
  'screening-export': {
    family: 'study',
    start: 'SAFETY_SCREENING_EXPORT_START_CMD',
    files: 'SAFETY_SCREENING_EXPORT_GET_FILES_CMD',
    format: 'csv',
  },
  'changes-export': { family: 'study', start: 'CHANGES_EXPORT_START_CMD', files: 'CHANGES_EXPORT_GET_FILES_CMD', format: 'csv' },
  'sas-export': { family: 'study', start: 'SAS_EXPORT_START_CMD', files: 'SAS_EXPORT_GET_FILES_CMD', format: 'sas' },
  'synquest-csv-export': { family: 'study', start: 'SYN_QUEST_EXPORT_START_CMD', files: 'SYN_QUEST_EXPORT_GET_FILES_CMD', format: 'csv' },
  'odm-export': { family: 'study', start: 'CSV_EXPORT_START_CMD', files: 'CSV_EXPORT_GET_FILES_CMD', format: 'odm' },
  'recruitment-status': {
    family: 'nngm',
    start: 'RECRUITMENT_STATUS_EXPORT_START_CMD',
    files: 'RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
    format: 'xlsx',
  },
  'diginet-recruitment-status': {
    family: 'nngm',
    start: 'DIGI_NET_RECRUITMENT_STATUS_EXPORT_START_CMD',
    files: 'DIGI_NET_RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
    format: 'xlsx',
  },
  'no-archive-codes': {
    family: 'nngm',
    start: 'NO_ARCHIVE_CODES_EXPORT_START_CMD',
    files: 'NO_ARCHIVE_CODES_EXPORT_GET_FILES_CMD',
    format: 'xlsx',
  },
  'diginet-conditions': {
    family: 'nngm',
    start: 'DIGI_NET_CONDITIONS_EXPORT_START_CMD',
    files: 'DIGI_NET_CONDITIONS_EXPORT_GET_FILES_CMD',
    format: 'xlsx',
  },
  'diginet-consents': {
    family: 'nngm',
    start: 'DIGI_NET_CONSENTS_EXPORT_START_CMD',
    files: 'DIGI_NET_CONSENTS_EXPORT_GET_FILES_CMD',
    format: 'xlsx',
  },
  publication: { family: 'nngm', start: 'PUBLICATION_EXPORT_START_CMD', files: 'PUBLICATION_EXPORT_GET_FILES_CMD', format: 'xlsx' },
  reward: { family: 'nngm', start: 'REWARD_EXPORT_START_CMD', files: 'REWARD_EXPORT_GET_FILES_CMD', format: 'xlsx' },
  'generic-export': { family: 'generic', start: 'ExportDefinitionRunCmd', files: 'ExportDefinitionGetFilesCmd', format: 'csv-or-xlsx' },
} as const satisfies Record<string, { family: ExportFamily; start: RightName; files: RightName; format: ExportFormat }>;

export type ExportKind = keyof typeof EXPORT_KINDS;
export const EXPORT_KIND_NAMES = Object.keys(EXPORT_KINDS) as ExportKind[];

/** Kinds whose content is a set of tables (all but the ODM export, which writes its own XML). */
export type TableExportKind = Exclude<ExportKind, 'odm-export'>;
