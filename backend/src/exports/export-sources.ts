/** What each kind's job writes: the table sources, the SAS program, the ODM writer and the FHIR writer. */
import type { Writable } from 'node:stream';
import type { ExportSourceContext, ExportTable, TableSource } from '../export-content/export-content.js';
import type { TableExportKind } from './export-kinds.js';
import type { ColumnWidths } from './writers/table-writers.js';

export type OdmWriter = (context: ExportSourceContext, out: Writable, progress: (done: number, total: number) => void) => Promise<void>;

export type ExportSources = {
  tables: Record<TableExportKind, TableSource>;
  sasProgram(tables: readonly Pick<ExportTable, 'name' | 'columns'>[], widths?: ColumnWidths): string;
  odm: OdmWriter;
  /** Writes the FHIR export's ZIP and ends `out`. */
  fhir: OdmWriter;
};
