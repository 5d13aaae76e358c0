/**
 * The file formats of table exports. Rows flow from the source's cursor through csv-stringify or exceljs's
 * streaming workbook writer into the output, table by table, so memory stays flat however large the registry.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ExportCell, ExportRow, ExportTable } from '../../export-content/export-content.js';
import { cellText, sheetCell } from './cells.js';

/** Called once per written row (progress). */
export type RowCounter = () => void;
/** How a CSV writes its cells and ends its records (the SAS export's CSVs differ, see cells.ts). */
export type CsvDialect = { cell: (value: ExportCell | undefined) => string; recordDelimiter: 'unix' | 'windows' };

const SPREADSHEET_CSV: CsvDialect = { cell: cellText, recordDelimiter: 'unix' };

/** The longest cell of each column in UTF-8 bytes, by table name and column key (for the SAS program's widths). */
export type ColumnWidths = Map<string, Map<string, number>>;

/**
 * CSV as German spreadsheets open it: ';' between cells, UTF-8 with BOM, a header of the column keys. `widths`
 * learns the longest cell of each column.
 */
function csvStream(table: ExportTable, onRow: RowCounter, dialect: CsvDialect = SPREADSHEET_CSV, widths?: Map<string, number>): Readable {
  async function* lines(): AsyncGenerator<string[]> {
    for await (const row of table.rows()) {
      onRow();
      const cells = table.columns.map((column) => dialect.cell(row[column.key]));
      table.columns.forEach((column, i) =>
        widths?.set(column.key, Math.max(widths.get(column.key) ?? 0, Buffer.byteLength(cells[i] ?? ''))),
      );
      yield cells;
    }
  }
  const csv = stringify({
    delimiter: ';',
    bom: true,
    header: true,
    columns: table.columns.map((column) => column.key),
    record_delimiter: dialect.recordDelimiter,
  });
  return Readable.from(lines()).pipe(csv);
}

export async function writeCsv(table: ExportTable, out: Writable, onRow: RowCounter): Promise<void> {
  await pipeline(csvStream(table, onRow), out);
}

/** A ZIP of one CSV per table and, after them, a text file written from the widths of their columns (the SAS program). */
export async function writeCsvZip(
  tables: readonly ExportTable[],
  out: Writable,
  onRow: RowCounter,
  options: { trailer?: { name: string; content: (widths: ColumnWidths) => string }; dialect?: CsvDialect } = {},
): Promise<void> {
  const { trailer, dialect } = options;
  const widths: ColumnWidths = new Map(tables.map((table) => [table.name, new Map<string, number>()]));
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(archive, out);
  for (const table of tables) {
    const entry = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
    archive.append(csvStream(table, onRow, dialect, widths.get(table.name)), { name: `${table.name}.csv` });
    // archiver reads entries one after the other: waiting keeps only one table's cursor open (a failure ends `written`).
    await Promise.race([entry, written]);
  }
  if (trailer) archive.append(trailer.content(widths), { name: trailer.name });
  await archive.finalize();
  await written;
}

/** One XLSX workbook with a sheet per table (sheet names are cut to Excel's 31 characters). */
export async function writeXlsx(tables: readonly ExportTable[], out: Writable, onRow: RowCounter): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  for (const table of tables) {
    const sheet = workbook.addWorksheet(table.name.slice(0, 31));
    sheet.columns = table.columns.map((column) => ({ header: column.key, key: column.key }));
    for await (const row of table.rows()) {
      onRow();
      sheet.addRow(sheetRow(table, row)).commit();
    }
    sheet.commit();
  }
  await workbook.commit();
}

const sheetRow = (table: ExportTable, row: ExportRow) =>
  Object.fromEntries(table.columns.map((column) => [column.key, sheetCell(row[column.key])]));
