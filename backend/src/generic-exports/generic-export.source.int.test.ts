/**
 * The content of a generic export (genericExportSource) on the seeded demo registry: one table with the
 * selected items as columns, a row per patient or per visit, only the study's patients at the scope's locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRow, ExportScope } from '../export-content/export-content.js';
import { createTestBackend, createTestUser, type TestBackend } from '../test-support/test-backend.js';
import { genericExportSource, tableNameOf } from './generic-export.source.js';
import { createGenericExport } from './generic-exports.service.js';

let backend: TestBackend;
let studyId: string;
let cologne: string;
let caller: Parameters<typeof createGenericExport>[1];

beforeAll(async () => {
  backend = await createTestBackend();
  const { db } = backend.database;
  studyId = (await db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow()).id;
  cologne = (
    await db
      .selectFrom('study_institute as si')
      .innerJoin('institute as i', 'i.id', 'si.institute_id')
      .select('si.id')
      .where('i.identifier', '=', '1001')
      .where('si.study_id', '=', studyId)
      .executeTakeFirstOrThrow()
  ).id;
  const user = await createTestUser(backend.database, { role: 'PMNNGM' });
  caller = { id: user.id, userName: user.userName, roleId: '', roleIdentifier: 'PMNNGM', rights: new Set() };
});
afterAll(() => backend.close());

async function exportOf(items: string[], locationIds: string[] | null) {
  const definition = await createGenericExport(backend.database.db, caller, studyId, {
    name: 'Qualität Köln/Essen',
    items,
    outputFormat: 'csv',
  });
  const scope: ExportScope = {
    studyId,
    locationIds,
    parameters: { definitionId: definition.id },
    startedAt: new Date(),
    startedBy: { id: caller.id, userName: caller.userName },
  };
  const [table, ...more] = await genericExportSource({ db: backend.database.db, scope });
  expect(more).toHaveLength(0);
  if (!table) throw new Error('no table');
  const rows: ExportRow[] = [];
  for await (const row of table.rows()) rows.push(row);
  return { table, rows, count: await table.count() };
}

describe('genericExportSource', () => {
  it('writes a row per patient of the scope’s locations with the selected columns in order', async () => {
    const { table, rows, count } = await exportOf(
      ['location', 'pseudonym', 'visit:baseline/instrument:staging/state', 'visit:baseline/field:baseline_date'],
      [cologne],
    );
    expect(table.name).toBe('Qualitaet_Koeln_Essen');
    expect(table.columns.map((c) => c.key)).toEqual(['location', 'pseudonym', 'baseline_staging_state', 'baseline_baseline_date']);
    expect(table.columns.map((c) => c.label)).toEqual(['Standort', 'Pseudonym', 'Status', 'Datum der Baseline-Visite']);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(count).toBe(rows.length);
    for (const row of rows) expect(row.location).toBe('1001 - Universitätsklinikum Köln');
    expect(rows.map((r) => r.pseudonym)).toEqual(expect.arrayContaining(['DEMO-1001-1', 'DEMO-1001-2', 'DEMO-1001-3']));
    // The demo's first two patients have a baseline visit without instruments; the third has no visit.
    expect(rows.find((r) => r.pseudonym === 'DEMO-1001-1')).toMatchObject({
      baseline_baseline_date: '2022-03-15',
      baseline_staging_state: null,
    });
    expect(rows.find((r) => r.pseudonym === 'DEMO-1001-3')).toMatchObject({ baseline_baseline_date: null, baseline_staging_state: null });
  });

  it('reads every location when the scope has no limit, and none for an empty list', async () => {
    const all = await exportOf(['pseudonym'], null);
    expect(all.rows.map((r) => r.pseudonym)).toEqual(expect.arrayContaining(['DEMO-1001-1', 'DEMO-2002-1', 'DEMO-3003-1']));
    expect(all.count).toBe(all.rows.length);
    const none = await exportOf(['pseudonym'], []);
    expect(none.rows).toEqual([]);
    expect(none.count).toBe(0);
  });

  it('writes a row per visit when the visit is selected, with the visit’s own fields', async () => {
    const { rows, count } = await exportOf(
      ['pseudonym', 'visit', 'visitDate', 'visitState', 'visit:baseline/field:baseline_date'],
      [cologne],
    );
    expect(count).toBe(rows.length);
    const first = rows.filter((r) => r.pseudonym === 'DEMO-1001-1');
    expect(first.length).toBeGreaterThanOrEqual(1);
    expect(first[0]).toMatchObject({
      visit: 'Baseline',
      visitDate: '2022-03-15',
      visitState: 'missing_data',
      baseline_baseline_date: '2022-03-15',
    });
    expect(rows.some((r) => r.pseudonym === 'DEMO-1001-3')).toBe(false);
  });
});

describe('tableNameOf', () => {
  it('keeps letters, digits, _ and - within 31 characters', () => {
    expect(tableNameOf('Übersicht: Größe & Gewicht 2025')).toBe('Uebersicht_Groesse_Gewicht_2025');
    expect(tableNameOf('***')).toBe('export');
    expect(tableNameOf('x'.repeat(40))).toHaveLength(31);
  });
});
