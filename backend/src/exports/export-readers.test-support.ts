/**
 * Export files read back by parsers we did not write (issue 27 item 4): ZIP entries by fflate, CSV by papaparse,
 * XLSX by SheetJS, ODM by libxml2 (XPath; the schema check by xmllint in `validateOdm`). The SAS export is read
 * as SAS would: its program is parsed for each DATA step's file, INFILE options, INFORMATs and INPUT order, and
 * those are applied to the CSV records.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { XmlDocument } from 'libxml2-wasm';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

export type Cell = string | number | boolean | Date | null;
export type Row = Record<string, Cell>;
/** The rows of each table (file or sheet) by its name, with the header of each. */
export type Tables = Map<string, { header: string[]; rows: Row[] }>;

const BOM = '\uFEFF';

/** Every entry of a ZIP as UTF-8 text, a byte order mark kept (a decoder drops it unless told). */
export function unzipText(file: Uint8Array): Map<string, string> {
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return new Map(Object.entries(unzipSync(file)).map(([name, bytes]) => [name, utf8.decode(bytes)]));
}

function parseRecords(text: string, newline?: '\r\n'): string[][] {
  const parsed = Papa.parse<string[]>(text, { delimiter: ';', header: false, skipEmptyLines: true, ...(newline ? { newline } : {}) });
  if (parsed.errors.length > 0) throw new Error(`papaparse: ${parsed.errors.map((e) => `${e.row}: ${e.message}`).join('; ')}`);
  return parsed.data;
}

/** One CSV file as German spreadsheets open it: ';', UTF-8 with BOM, a header line. Cells are text, '' for empty. */
export function readCsv(text: string): { header: string[]; rows: Row[] } {
  if (!text.startsWith(BOM)) throw new Error('the CSV has no UTF-8 byte order mark');
  const [header = [], ...records] = parseRecords(text.slice(BOM.length));
  return { header, rows: records.map((record) => Object.fromEntries(header.map((key, i) => [key, record[i] ?? null]))) };
}

/** The CSV tables of a ZIP, by file name without `.csv`. */
export function readCsvZip(file: Uint8Array): Tables {
  const entries = [...unzipText(file)].filter(([name]) => name.endsWith('.csv'));
  return new Map(entries.map(([name, text]) => [name.slice(0, -'.csv'.length), readCsv(text)]));
}

/** The sheets of a workbook by name; header from the first row; empty cells null, dates as Date. */
export function readXlsx(file: Uint8Array): Tables {
  const workbook = XLSX.read(file, { type: 'buffer', cellDates: true });
  if (workbook.SheetNames.length === 0) throw new Error('the workbook has no sheet');
  return new Map(
    workbook.SheetNames.map((name) => {
      const sheet = workbook.Sheets[name];
      if (!sheet) throw new Error(`no sheet ${name}`);
      const [header = [], ...records] = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null });
      const keys = header.map(String);
      return [name, { header: keys, rows: records.map((record) => Object.fromEntries(keys.map((key, i) => [key, record[i] ?? null]))) }];
    }),
  );
}

type DataStep = { name: string; file: string; options: string; informats: Map<string, string>; input: string[]; statements: string };

/** The DATA steps of the SAS program: `DATA x; INFILE "&path/x.csv" …; INFORMAT …; FORMAT …; INPUT …; … RUN;`. */
export function sasDataSteps(program: string): DataStep[] {
  return [...program.matchAll(/^DATA (\w+);\n([\s\S]*?)^RUN;/gm)].map(([, name = '', body = '']) => {
    const statement = (keyword: string) => new RegExp(`^ {2}${keyword}\\b([\\s\\S]*?);$`, 'm').exec(body)?.[1]?.trim() ?? '';
    const infile = /^ {2}INFILE "&path\/([^"]+)" (.*);$/m.exec(body);
    const pairs = (text: string) => text.split('\n').map((line) => line.trim().split(/\s+/) as [string, string]);
    return {
      name,
      file: infile?.[1] ?? '',
      options: infile?.[2] ?? '',
      informats: new Map(pairs(statement('INFORMAT'))),
      input: statement('INPUT').split(/\s+/),
      statements: body,
    };
  });
}

/**
 * A value as an INFORMAT reads it: `$charN.` text of at most N bytes (SAS cuts longer ones), `best32.` a number,
 * `yymmdd10.` only a complete date, `e8601dtW.D` only a date-time without zone in W characters with at most D
 * decimals of the second (ISO 8601 extended); anything else is
 * missing (null), as SAS writes "Invalid data" to its log and goes on.
 */
function informatValue(informat: string, text: string): Cell {
  if (text === '') return null;
  const width = /^\$char(\d+)\.$/.exec(informat)?.[1];
  if (width !== undefined) return Buffer.from(text).subarray(0, Number(width)).toString();
  if (informat === 'best32.') return Number.isNaN(Number(text)) ? null : Number(text);
  if (informat === 'yymmdd10.') return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  const dateTime = /^e8601dt(\d*)\.(\d*)$/.exec(informat);
  if (dateTime) {
    const [, width = '', decimals = ''] = dateTime;
    const fraction = decimals === '' || decimals === '0' ? '' : `(\\.\\d{1,${decimals}})?`;
    const valid = new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}${fraction}$`).test(text);
    return valid && text.length <= Number(width || '19') ? text : null;
  }
  throw new Error(`informat ${informat} is not read here`);
}

/**
 * The data sets the SAS program makes of its CSVs. Records end where INFILE's TERMSTR says (a line feed without
 * it), whatever the quotes: SAS does not look inside quotes for the end of a record. DSD splits them at ';'
 * outside quotes and takes "" for ". Text variables pass the program's PRXCHANGE, if it has one.
 */
export function readSasExport(file: Uint8Array): { program: string; tables: Tables } {
  const entries = unzipText(file);
  const program = entries.get('import.sas');
  if (program === undefined) throw new Error('the SAS export has no import.sas');
  const tables: Tables = new Map();
  for (const step of sasDataSteps(program)) {
    const text = entries.get(step.file);
    if (text === undefined) throw new Error(`the SAS program reads ${step.file}, which the export lacks`);
    const terminator = /\bTERMSTR=CRLF\b/.test(step.options) ? '\r\n' : '\n';
    const firstObs = Number(/\bFIRSTOBS=(\d+)/.exec(step.options)?.[1] ?? '1');
    const records = text
      .replace(/^\uFEFF/, '')
      .split(terminator)
      .slice(firstObs - 1);
    const change = /PRXCHANGE\("s\/(.+?)\/\/", 1,/.exec(step.statements)?.[1];
    const rows = records
      .filter((record) => record !== '')
      .map((record) => {
        const cells = parseRecords(record, terminator === '\r\n' ? '\r\n' : undefined)[0] ?? [];
        return Object.fromEntries(
          step.input.map((variable, i) => {
            const informat = step.informats.get(variable) ?? '';
            const value = informatValue(informat, cells[i] ?? '');
            return [
              variable,
              typeof value === 'string' && informat.startsWith('$') && change ? value.replace(new RegExp(change), '') : value,
            ];
          }),
        );
      });
    // The header of a data set is the program's INPUT list: the CSV's own header line is skipped (FIRSTOBS).
    tables.set(step.name, { header: step.input, rows });
  }
  return { program, tables };
}

const SCHEMA_DIR = new URL('../../test-fixtures/odm-1.3.2/', import.meta.url);
const ODM = { odm: 'http://www.cdisc.org/ns/odm/v1.3' };

/** The ODM document checked by xmllint against the official ODM 1.3.2 schema: its errors, none when valid. */
export async function validateOdm(xml: string): Promise<string[]> {
  const read = async (fileName: string): Promise<XMLFileInfo> => ({ fileName, contents: await readFile(new URL(fileName, SCHEMA_DIR)) });
  const result = await validateXML({
    xml: { fileName: 'export.xml', contents: xml },
    schema: await read('ODM1-3-2.xsd'),
    preload: await Promise.all(['ODM1-3-2-foundation.xsd', 'xml.xsd', 'xmldsig-core-schema.xsd'].map(read)),
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

/** An ODM document parsed by libxml2, asked by XPath with the prefix `odm:`. */
export function readOdm(xml: string): { text: (xpath: string) => string; count: (xpath: string) => number; dispose: () => void } {
  const document = XmlDocument.fromString(xml);
  return {
    text: (xpath) => String(document.eval(`string(${xpath})`, ODM)),
    count: (xpath) => Number(document.eval(`count(${xpath})`, ODM)),
    dispose: () => document.dispose(),
  };
}
