/**
 * The export kinds with their rights (rules' EXPORT_KIND_RIGHTS) and the file format each writes.
 */
import { EXPORT_KIND_RIGHTS, type ExportKind } from '@ecrf/rules';

export { EXPORT_KIND_NAMES, type ExportFamily, type ExportKind } from '@ecrf/rules';

/** The file a kind writes: one file per job. */
export type ExportFormat =
  /** One CSV table. */
  | 'csv'
  /** One XLSX workbook, one sheet per table. */
  | 'xlsx'
  /** The CSV export: a ZIP of CSV tables, or one XLSX workbook with `asXlsx`; the generic export: one CSV or XLSX. */
  | 'csv-or-xlsx'
  /** A ZIP of the data tables as CSV and a SAS program reading them with labels and formats. */
  | 'sas'
  /** CDISC ODM 1.3.2 XML. */
  | 'odm'
  /** FHIR R4 Bulk Data: a ZIP of one `<Type>.ndjson` per resource type. */
  | 'fhir';

const FORMATS: Record<ExportKind, ExportFormat> = {
  'csv-export': 'csv-or-xlsx',
  'screening-export': 'csv',
  'changes-export': 'csv',
  'sas-export': 'sas',
  'synquest-csv-export': 'csv',
  'odm-export': 'odm',
  'fhir-export': 'fhir',
  'recruitment-status': 'xlsx',
  'diginet-recruitment-status': 'xlsx',
  'no-archive-codes': 'xlsx',
  'diginet-conditions': 'xlsx',
  'diginet-consents': 'xlsx',
  publication: 'xlsx',
  reward: 'xlsx',
  'generic-export': 'csv-or-xlsx',
};

export const EXPORT_KINDS = Object.fromEntries(
  Object.entries(EXPORT_KIND_RIGHTS).map(([kind, rights]) => [kind, { ...rights, format: FORMATS[kind as ExportKind] }]),
) as { [K in ExportKind]: (typeof EXPORT_KIND_RIGHTS)[K] & { format: ExportFormat } };

/** Kinds whose content is a set of tables (all but the ODM and FHIR exports, which write their own formats). */
export type TableExportKind = Exclude<ExportKind, 'odm-export' | 'fhir-export'>;
