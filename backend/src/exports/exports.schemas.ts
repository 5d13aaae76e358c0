/** TypeBox schemas of the export calls (ecrf-calls.md §7 "Exports") and of export jobs. */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';
import { EXPORT_KIND_NAMES, type ExportKind } from './export-kinds.js';
import { FHIR_RESOURCE_TYPES } from './fhir/fhir-resource-types.js';

export const EXPORT_JOB_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled', 'expired'] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];

const DateTime = Type.String({ format: 'date-time' });

export const ExportJobSchema = Type.Object(
  {
    id: Uuid,
    kind: Type.Unsafe<ExportKind>(
      Type.String({ enum: EXPORT_KIND_NAMES, description: 'the export kind (backend/src/exports/export-kinds.ts)' }),
    ),
    studyId: Uuid,
    parameters: Type.Record(Type.String(), Type.Unknown(), { description: 'the parameters as started, defaults filled in' }),
    state: Type.Unsafe<ExportJobState>(
      Type.String({ enum: EXPORT_JOB_STATES, description: 'expired: the file was removed after its retention' }),
    ),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    failureReason: Type.Union([Type.String(), Type.Null()], { description: 'why the last attempt failed' }),
    attempts: Type.Integer({ minimum: 0 }),
    startedBy: Type.Object({ id: Uuid, userName: Type.String() }),
    allLocations: Type.Boolean({ description: 'the file holds every location; else only the locations of the starter' }),
    createdAt: DateTime,
    startedAt: Type.Union([DateTime, Type.Null()]),
    finishedAt: Type.Union([DateTime, Type.Null()]),
    expiresAt: Type.Union([DateTime, Type.Null()], { description: 'when the file will be removed' }),
    fileName: Type.String(),
    fileSize: Type.Union([Type.Integer(), Type.Null()], { description: 'bytes, once completed' }),
    fileSha256: Type.Union([Type.String(), Type.Null()], { description: 'hex SHA-256 of the file, once completed' }),
  },
  { $id: 'ExportJob', title: 'ExportJob' },
);
export type ExportJobDto = Static<typeof ExportJobSchema>;
export const ExportJobRef = Type.Ref('ExportJob');

export const ExportJobPageSchema = Type.Object({
  items: Type.Array(ExportJobRef),
  totalCount: Type.Integer({ minimum: 0 }),
});

export const StudyParams = Type.Object({ studyId: Uuid });
export const ListQuery = Type.Object({ fromDate: Type.Optional(DateTime) });
export const DownloadQuery = Type.Object({ fileName: Type.String({ minLength: 1, maxLength: 255 }) });

const Flag = (description: string) => Type.Optional(Type.Boolean({ default: false, description }));
const From = (description: string) => Type.Optional(Type.Union([Type.Null(), DateTime], { description }));

/** The parameters of each kind's start call; what is not given gets the spec's default (ecrf-calls.md §9). */
export const StartBodies = {
  'csv-export': Type.Object({
    exportEmptyTables: Flag('write tables without rows too (off by default)'),
    asXlsx: Flag('one XLSX workbook instead of a ZIP of CSV files (off by default)'),
  }),
  'screening-export': Type.Object({ fromDate: From('default 04:30 Europe/Berlin of the current day') }),
  'changes-export': Type.Object({ fromDate: DateTime, toDate: From('default now') }),
  'sas-export': Type.Object({}),
  'synquest-csv-export': Type.Object({}),
  'odm-export': Type.Object({}),
  'fhir-export': Type.Object({
    since: From('only resources whose documentation changed after this time (Bulk Data _since); default: all'),
    types: Type.Optional(
      Type.Union([Type.Null(), Type.Array(Type.String({ enum: [...FHIR_RESOURCE_TYPES] }))], {
        description: 'the resource types to export (Bulk Data _type); default: all',
      }),
    ),
  }),
  'recruitment-status': Type.Object({ fromDate: From('default now'), previousFromDate: From('default 7 days before fromDate') }),
  'diginet-recruitment-status': Type.Object({ fromDate: From('default now'), previousFromDate: From('default 7 days before fromDate') }),
  'no-archive-codes': Type.Object({}),
  'diginet-conditions': Type.Object({
    instituteId: Type.Optional(Type.Union([Type.Null(), Uuid], { description: 'one institute; all when absent' })),
  }),
  'diginet-consents': Type.Object({}),
  publication: Type.Object({}),
  reward: Type.Object({
    fromDate: From('start of the period (default: the whole registry)'),
    toDate: From('end of the period (default now)'),
  }),
  'generic-export': Type.Object({}),
} as const;

export const JobPageQuery = Type.Object({
  kind: Type.Optional(Type.String({ description: 'comma-separated kinds' })),
  definitionId: Type.Optional(Uuid),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 25 })),
});
