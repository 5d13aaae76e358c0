import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { seriousViolations } from './pages/axe.js';
import { ExportsPage } from './pages/exports-page.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();
let page: Page;
let exports: ExportsPage;

/** yyyy-MM-dd of yesterday in Berlin: every seeded patient was registered after it. */
const yesterday = () => new Date(Date.now() - 24 * 3600_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });

async function sheetRows(content: Buffer, name: string): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(Object.fromEntries(header.map((key, i) => [key, (row.values as unknown[])[i + 1]])));
  });
  return rows;
}

beforeAll(async () => {
  page = await browser.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('pmnngm');
  // Project management documents at several locations: it chooses one first (ecrf-core.md §2).
  await new LocationDialog(page).choose('1001 - Universitätsklinikum Köln');
  await page.waitForURL('**/home');
  await new AppShell(page).sidebar.getByRole('link', { name: 'Exporte', exact: true }).click();
  await page.waitForURL('**/exports');
  exports = new ExportsPage(page);
  await exports.heading.waitFor();
});

describe('Project management exports the registry (ecrf-calls.md §7 "Exports")', () => {
  it('starts a study export as XLSX, watches its progress bar reach 100 % without reloading, and reads the documented values', async () => {
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const before = await exports.newestJobId();
    await exports.recordProgress(before);

    // When I start the study export as an Excel workbook
    await exports.start('Studienexport (CSV/XLSX)', { check: ['Als XLSX-Datei (Excel)'] });

    // Then its row appears and its bar moves from 0 to 100 % while the page stays as it is
    await exports.waitForNewestCompleted(before);
    expect(await exports.newestJob().getAttribute('data-job-state')).toBe('COMPLETED');
    const seen = await exports.progressSeen();
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await exports.newestJob().getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // When I download it, the workbook holds the demo patients with their documented registration and baseline dates
    const file = await exports.downloadNewest();
    expect(file.fileName).toMatch(/^csv-export_NNGM_\d{8}-\d{6}_[0-9a-f]{8}\.xlsx$/);
    const patients = await sheetRows(file.content, 'patients');
    expect(patients.find((row) => row.patient_id === 'DEMO-1001-2')).toMatchObject({ location: '1001', registration_date: '2025-02-03' });
    const visits = await sheetRows(file.content, 'visits');
    expect(visits.find((row) => row.patient_id === 'DEMO-1001-2' && row.visit === 'baseline')).toMatchObject({
      baseline_date: '2025-02-03',
    });
  });

  it('starts the screening export since yesterday and finds the seeded patients in the CSV', async () => {
    const before = await exports.newestJobId();
    await exports.start('Screening-Export', { dates: { Von: yesterday() } });
    await exports.waitForNewestCompleted(before);
    const file = await exports.downloadNewest();
    expect(file.fileName).toMatch(/\.csv$/);
    const rows = parse(file.content.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[];
    const pseudonyms = rows.map((row) => Object.values(row)[0]);
    expect(pseudonyms).toEqual(expect.arrayContaining(['DEMO-1001-2', 'DEMO-2002-3']));
  });

  it('starts the FHIR export of what changed since yesterday and finds the demo patients as FHIR Patients', async () => {
    const before = await exports.newestJobId();
    // When I choose the FHIR export and type a day that does not exist, it is refused at the field, not started
    await exports.start('FHIR R4 (Bulk Data, NDJSON)', { days: { 'Geändert seit': '2026-02-31' } });
    await page.getByText('Bitte geben Sie ein gültiges Datum an (Tag, Monat, Jahr).').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await exports.newestJobId()).toBe(before);
    // When I start the FHIR export with "Geändert seit" yesterday, typed as Tag, Monat and Jahr
    await exports.start('FHIR R4 (Bulk Data, NDJSON)', { days: { 'Geändert seit': yesterday() } });
    // Then it completes, and its ZIP holds a Patient.ndjson with the seeded patients' pseudonyms
    await exports.waitForNewestCompleted(before);
    const file = await exports.downloadNewest();
    expect(file.fileName).toMatch(/^fhir-export_NNGM_.*\.zip$/);
    const entries = unzipSync(new Uint8Array(file.content));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['Patient.ndjson', 'Encounter.ndjson', 'QuestionnaireResponse.ndjson']));
    const patients = strFromU8(entries['Patient.ndjson'] ?? new Uint8Array())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { resourceType: string; identifier: { value: string }[] });
    expect(patients.every((patient) => patient.resourceType === 'Patient')).toBe(true);
    expect(patients.map((patient) => patient.identifier[0]?.value)).toEqual(expect.arrayContaining(['DEMO-1001-2']));
  });
});
