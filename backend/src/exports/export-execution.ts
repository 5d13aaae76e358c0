/**
 * Writes one job's file: the kind's content through the kind's format, counting rows for the progress. The
 * file's name is fixed at the start, so every attempt of a job writes the same file.
 */
import type { Writable } from 'node:stream';
import type { ExportSourceContext, ExportTable } from '../export-content/export-content.js';
import { EXPORT_KINDS, type ExportKind } from './export-kinds.js';
import type { ExportSources } from './export-sources.js';
import { sasCellText } from './writers/cells.js';
import { writeCsv, writeCsvZip, writeXlsx } from './writers/table-writers.js';

export type Progress = (done: number, total: number) => void;

const EXTENSIONS = { csv: 'csv', xlsx: 'xlsx', zip: 'zip', odm: 'xml' } as const;

/** The extension of a kind's file with these parameters. */
export function fileExtension(kind: ExportKind, parameters: Readonly<Record<string, unknown>>): string {
  const { format, family } = EXPORT_KINDS[kind];
  if (format === 'odm') return EXTENSIONS.odm;
  if (format === 'fhir') return EXTENSIONS.zip;
  if (format === 'csv') return EXTENSIONS.csv;
  if (format === 'xlsx' || (format === 'csv-or-xlsx' && parameters.asXlsx === true)) return EXTENSIONS.xlsx;
  // A generic export is one table: a plain CSV; the study CSV export has a table per instrument.
  return family === 'generic' ? EXTENSIONS.csv : EXTENSIONS.zip;
}

/**
 * Counts each table and leaves out empty ones unless asked for. When no table has a row, the first one stays: a
 * workbook needs a sheet to open, and a ZIP without files would not say what the export holds.
 */
async function countedTables(tables: readonly ExportTable[], keepEmpty: boolean): Promise<{ tables: ExportTable[]; total: number }> {
  const counted = await Promise.all(tables.map(async (table) => ({ table, count: await table.count() })));
  const filled = counted.filter((entry) => keepEmpty || entry.count > 0);
  const kept = filled.length === 0 ? counted.slice(0, 1) : filled;
  return { tables: kept.map((entry) => entry.table), total: kept.reduce((sum, entry) => sum + entry.count, 0) };
}

export async function writeExport(
  kind: ExportKind,
  context: ExportSourceContext,
  sources: ExportSources,
  out: Writable,
  progress: Progress,
): Promise<void> {
  if (kind === 'odm-export') return sources.odm(context, out, progress);
  if (kind === 'fhir-export') return sources.fhir(context, out, progress);
  const { format, family } = EXPORT_KINDS[kind];
  const parameters = context.scope.parameters;
  // Only the CSV export drops empty tables (exportEmptyTables, off by default); other kinds always write their tables.
  const keepEmpty = format !== 'csv-or-xlsx' || family === 'generic' || parameters.exportEmptyTables === true;
  const { tables, total } = await countedTables(await sources.tables[kind](context), keepEmpty);
  let done = 0;
  const onRow = () => progress(++done, total);
  progress(0, total);
  const extension = fileExtension(kind, parameters);
  const [first] = tables;
  if (extension === EXTENSIONS.xlsx) return writeXlsx(tables, out, onRow);
  if (extension === EXTENSIONS.csv && first) return writeCsv(first, out, onRow);
  if (format === 'sas') {
    return writeCsvZip(tables, out, onRow, {
      // The program follows the data: its text widths are the longest texts written.
      trailer: { name: 'import.sas', content: (widths) => sources.sasProgram(tables, widths) },
      dialect: { cell: sasCellText, recordDelimiter: 'windows' },
    });
  }
  return writeCsvZip(tables, out, onRow);
}
