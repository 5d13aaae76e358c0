/**
 * The content of every table export kind (export-kinds.ts): one TableSource per kind, and the SAS program of
 * the SAS export. The job runner counts and streams the tables; the writers turn them into files.
 */
import type { TableExportKind } from '../export-kinds.js';
import type { TableSource } from '../../export-content/export-content.js';
import { changesSource } from './changes.js';
import { digiNetConsentsSource, publicationSource } from './consents.js';
import { digiNetConditionsSource } from './instrument-exports.js';
import { noArchiveCodesSource } from './no-archive-codes.js';
import { digiNetRecruitmentStatusSource, recruitmentStatusSource } from './recruitment.js';
import { rewardSource } from './reward.js';
import { screeningSource } from './screening.js';
import { studyTables } from './study-tables.js';
import { synQuestSource } from './synquest.js';

export { sasProgram } from './sas-program.js';

export const tableSources: Record<Exclude<TableExportKind, 'generic-export'>, TableSource> = {
  'csv-export': studyTables,
  'sas-export': studyTables,
  'screening-export': screeningSource,
  'changes-export': changesSource,
  'synquest-csv-export': synQuestSource,
  'recruitment-status': recruitmentStatusSource,
  'diginet-recruitment-status': digiNetRecruitmentStatusSource,
  'no-archive-codes': noArchiveCodesSource,
  'diginet-conditions': digiNetConditionsSource,
  'diginet-consents': digiNetConsentsSource,
  publication: publicationSource,
  reward: rewardSource,
};
