/**
 * The graph's names of the export kinds, their rights and the backend call that starts each (ecrf-calls.md §7
 * "Exports"). The backend's kinds (backend/src/exports/export-kinds.ts) are the source; this table maps them.
 */
import type { RightName } from '@ecrf/rules';
import type { ExportKind } from '../__generated__/resolvers.js';
import type { ExportKindName } from './models.js';

type KindEntry = { backend: ExportKindName; start: RightName; files: RightName; network: boolean };

export const EXPORT_KINDS: Record<ExportKind, KindEntry> = {
  CSV_EXPORT: { backend: 'csv-export', start: 'CSV_EXPORT_START_CMD', files: 'CSV_EXPORT_GET_FILES_CMD', network: false },
  SCREENING_EXPORT: {
    backend: 'screening-export',
    start: 'SAFETY_SCREENING_EXPORT_START_CMD',
    files: 'SAFETY_SCREENING_EXPORT_GET_FILES_CMD',
    network: false,
  },
  CHANGES_EXPORT: { backend: 'changes-export', start: 'CHANGES_EXPORT_START_CMD', files: 'CHANGES_EXPORT_GET_FILES_CMD', network: false },
  SAS_EXPORT: { backend: 'sas-export', start: 'SAS_EXPORT_START_CMD', files: 'SAS_EXPORT_GET_FILES_CMD', network: false },
  SYNQUEST_CSV_EXPORT: {
    backend: 'synquest-csv-export',
    start: 'SYN_QUEST_EXPORT_START_CMD',
    files: 'SYN_QUEST_EXPORT_GET_FILES_CMD',
    network: false,
  },
  ODM_EXPORT: { backend: 'odm-export', start: 'CSV_EXPORT_START_CMD', files: 'CSV_EXPORT_GET_FILES_CMD', network: false },
  RECRUITMENT_STATUS: {
    backend: 'recruitment-status',
    start: 'RECRUITMENT_STATUS_EXPORT_START_CMD',
    files: 'RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
    network: true,
  },
  DIGINET_RECRUITMENT_STATUS: {
    backend: 'diginet-recruitment-status',
    start: 'DIGI_NET_RECRUITMENT_STATUS_EXPORT_START_CMD',
    files: 'DIGI_NET_RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
    network: true,
  },
  NO_ARCHIVE_CODES: {
    backend: 'no-archive-codes',
    start: 'NO_ARCHIVE_CODES_EXPORT_START_CMD',
    files: 'NO_ARCHIVE_CODES_EXPORT_GET_FILES_CMD',
    network: true,
  },
  DIGINET_CONDITIONS: {
    backend: 'diginet-conditions',
    start: 'DIGI_NET_CONDITIONS_EXPORT_START_CMD',
    files: 'DIGI_NET_CONDITIONS_EXPORT_GET_FILES_CMD',
    network: true,
  },
  DIGINET_CONSENTS: {
    backend: 'diginet-consents',
    start: 'DIGI_NET_CONSENTS_EXPORT_START_CMD',
    files: 'DIGI_NET_CONSENTS_EXPORT_GET_FILES_CMD',
    network: true,
  },
  PUBLICATION: { backend: 'publication', start: 'PUBLICATION_EXPORT_START_CMD', files: 'PUBLICATION_EXPORT_GET_FILES_CMD', network: true },
  REWARD: { backend: 'reward', start: 'REWARD_EXPORT_START_CMD', files: 'REWARD_EXPORT_GET_FILES_CMD', network: true },
  GENERIC_EXPORT: { backend: 'generic-export', start: 'ExportDefinitionRunCmd', files: 'ExportDefinitionGetFilesCmd', network: false },
};

export const KIND_NAMES = Object.keys(EXPORT_KINDS) as ExportKind[];

export function graphKind(backend: ExportKindName): ExportKind {
  const found = KIND_NAMES.find((kind) => EXPORT_KINDS[kind].backend === backend);
  if (!found) throw new Error(`unknown export kind ${backend}`);
  return found;
}
