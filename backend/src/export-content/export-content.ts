/**
 * What an export kind produces, independent of the file format: named tables of rows streamed from a
 * database cursor (Kysely `.stream()`), each with its columns. The job runner counts the rows for the progress,
 * then hands the tables to the kind's writer (CSV, XLSX, a ZIP of CSVs, SAS, ODM).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

/** What the data of one export may hold, fixed when the job starts. */
export type ExportScope = {
  studyId: string;
  /** The locations (study institutes) whose patients the starter may read; null: every location of the study. */
  locationIds: readonly string[] | null;
  /** The kind's parameters as validated at the start (dates as ISO text). */
  parameters: Readonly<Record<string, unknown>>;
  /** When the job was started: "now" for every date rule of the kind (so a retry writes the same file). */
  startedAt: Date;
  /** The user who started the job. */
  startedBy: { id: string; userName: string };
};

export type ExportColumnType = 'string' | 'number' | 'boolean' | 'date' | 'datetime';

export type ExportColumn = {
  /** The row property and the variable name (CSV header, SAS variable: letters, digits, _). */
  key: string;
  /** A readable label (SAS label, ODM question). */
  label: string;
  type: ExportColumnType;
};

export type ExportCell = string | number | boolean | Date | null;
export type ExportRow = Readonly<Record<string, ExportCell>>;

export type ExportTable = {
  /** File or sheet name without extension: letters, digits, _ and -. */
  name: string;
  columns: readonly ExportColumn[];
  /** How many rows `rows()` yields, for the progress bar. */
  count(): Promise<number>;
  /** The rows, streamed: never an array of the whole table. */
  rows(): AsyncIterable<ExportRow>;
};

export type ExportSourceContext = { db: Kysely<DB>; scope: ExportScope };

/** A kind's content: its tables (possibly empty ones; the writer decides whether empty tables are written). */
export type TableSource = (context: ExportSourceContext) => Promise<readonly ExportTable[]>;
