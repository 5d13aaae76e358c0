/**
 * Every export kind of the registry end to end: started by its call, written by the job runner with the
 * registry's sources, downloaded and read back (CSV parsed, XLSX opened with exceljs, ZIP entries, ODM root).
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPatientWithBaseline, demoRegistry, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { runExport } from './export-jobs.test-support.js';
import { EXPORT_KINDS, type ExportKind } from './export-kinds.js';

let backend: TestBackend;
let registry: DemoRegistry;
let token: string;
const pseudonyms: string[] = [];

const pathOf = (kind: ExportKind) =>
  EXPORT_KINDS[kind].family === 'nngm' ? `NngmExport/study/${registry.studyId}/${kind}` : `study/${registry.studyId}/${kind}`;

const run = (kind: ExportKind, payload: object = {}) => runExport(backend, token, pathOf(kind), payload);

const csvRows = (file: Buffer) =>
  parse(file.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[];

async function sheets(file: Buffer): Promise<Map<string, Record<string, unknown>[]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const result = new Map<string, Record<string, unknown>[]>();
  workbook.eachSheet((sheet) => {
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(Object.fromEntries(header.map((key, i) => [key, (row.values as unknown[])[i + 1]])));
    });
    result.set(sheet.name, rows);
  });
  return result;
}

const zipEntries = (file: Buffer) => [...new Set(file.toString('latin1').match(/[\w-]+\.(csv|sas)/g) ?? [])];

beforeAll(async () => {
  backend = await createTestBackend({}, undefined, { exportWorkers: true });
  registry = await demoRegistry(backend.database);
  const manager = await createTestUser(backend.database, { role: 'SuperAdmin' });
  token = (await signIn(backend.app, manager.userName, manager.password)).token;
  for (const location of ['1001', '2002']) {
    const { studyPatientId } = await createPatientWithBaseline(api(backend.app, token), registry, location);
    const row = await backend.database.db
      .selectFrom('study_patient as sp')
      .innerJoin('patient as p', 'p.id', 'sp.patient_id')
      .select('p.pseudonym')
      .where('sp.id', '=', studyPatientId)
      .executeTakeFirstOrThrow();
    pseudonyms.push(row.pseudonym);
  }
}, 60_000);

afterAll(async () => {
  await backend?.close();
});

describe('the registry’s exports, written and read back', () => {
  it('screening-export: a CSV holding the patients registered since fromDate', async () => {
    const { file } = await run('screening-export', { fromDate: new Date(Date.now() - 3600_000).toISOString() });
    const rows = csvRows(file);
    const found = rows.map((row) => Object.values(row)[0]);
    for (const pseudonym of pseudonyms) expect(found).toContain(pseudonym);
  });

  it('csv-export: a ZIP of CSV tables, and with asXlsx a workbook whose patients sheet holds the new patients', async () => {
    const zip = await run('csv-export');
    expect(zipEntries(zip.file)).toEqual(expect.arrayContaining(['patients.csv', 'visits.csv']));
    const xlsx = await run('csv-export', { asXlsx: true });
    const patients = (await sheets(xlsx.file)).get('patients') ?? [];
    expect(patients.map((row) => row.patient_id)).toEqual(expect.arrayContaining(pseudonyms));
  });

  it('sas-export: the tables and a SAS program that reads them', async () => {
    const { file } = await run('sas-export');
    expect(zipEntries(file)).toEqual(expect.arrayContaining(['patients.csv', 'import.sas']));
  });

  it('changes-export: the audit trail of the period', async () => {
    const { file } = await run('changes-export', { fromDate: new Date(Date.now() - 3600_000).toISOString() });
    expect(csvRows(file).length).toBeGreaterThan(0);
  });

  it('odm-export: an ODM 1.3.2 document', async () => {
    const { file } = await run('odm-export');
    const text = file.toString('utf8');
    expect(text).toContain('ODMVersion="1.3.2"');
    for (const pseudonym of pseudonyms) expect(text).toContain(`SubjectKey="${pseudonym}"`);
  });

  it.each([
    'recruitment-status',
    'diginet-recruitment-status',
    'no-archive-codes',
    'diginet-conditions',
    'diginet-consents',
    'publication',
    'reward',
  ] as const)('%s: an XLSX workbook', async (kind) => {
    const { job, file } = await run(kind);
    expect(job.fileName).toMatch(/\.xlsx$/);
    expect((await sheets(file)).size).toBeGreaterThan(0);
  });

  it('synquest-csv-export: a CSV', async () => {
    const { job } = await run('synquest-csv-export');
    expect(job.fileName).toMatch(/\.csv$/);
  });
});
