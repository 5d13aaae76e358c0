/**
 * The registry dashboard's figures on the real database: scoped to the caller's locations (every location
 * with StudyPatientGetAllCmd), queries by location and by age, visits by state, and registrations per month
 * over the last 24 months of the registry's calendar.
 */
import { registryToday } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { monthsUpTo } from './dashboard.routes.js';

type Dashboard = {
  openQueriesByLocation: { studyInstituteId: string; open: number; pending: number }[];
  queryAgeing: { fromDays: number; toDays: number | null; count: number }[];
  documentationCompleteness: { studyInstituteId: string; complete: number; missingData: number; new: number }[];
  recruitment: { month: string; registered: number }[];
};

let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: Api;
let physician: Api;
let offset = 0;

beforeAll(async () => {
  backend = await createTestBackend({ clock: () => new Date(Date.now() + offset) });
  registry = await demoRegistry(backend.database);
  const sign = async (role: 'Physician' | 'DataManager', location: string) => {
    const user = await createTestUser(backend.database, { role, institutes: [location] });
    return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
  };
  dataManager = await sign('DataManager', '1001');
  physician = await sign('Physician', '3003');
});
afterAll(() => backend.close());

const dashboard = async (client: Api) => {
  const response = await client.get<Dashboard>(`Dashboard/study/${registry.studyId}`);
  expect(response.status).toBe(200);
  return response.body;
};
const at = <T extends { studyInstituteId: string }>(rows: T[], location: string) =>
  rows.find((r) => r.studyInstituteId === registry.locationOf(location));

describe('the registry dashboard', () => {
  it('counts over every location with the all-patients right and over the caller’s locations otherwise', async () => {
    const mine = await dashboard(physician);
    expect(mine.documentationCompleteness.map((r) => r.studyInstituteId)).toEqual([registry.locationOf('3003')]);
    const all = await dashboard(dataManager);
    // Every location of the study with live visits: the demo's three, and those other tests of the run added.
    const documented = await backend.database.db
      .selectFrom('visit as v')
      .innerJoin('study_patient as sp', 'sp.id', 'v.study_patient_id')
      .select('sp.study_institute_id as id')
      .distinct()
      .where('sp.study_id', '=', registry.studyId)
      .where('sp.is_deleted', '=', false)
      .where('v.is_deleted', '=', false)
      .execute();
    expect(documented.map((l) => l.id)).toEqual(expect.arrayContaining(['1001', '2002', '3003'].map((l) => registry.locationOf(l))));
    expect(all.documentationCompleteness.map((r) => r.studyInstituteId).sort()).toEqual(documented.map((l) => l.id).sort());

    const before = at(all.documentationCompleteness, '3003');
    await createPatientWithBaseline(physician, registry, '3003');
    const after = at((await dashboard(physician)).documentationCompleteness, '3003');
    expect((after?.new ?? 0) + (after?.missingData ?? 0) + (after?.complete ?? 0)).toBe(
      (before?.new ?? 0) + (before?.missingData ?? 0) + (before?.complete ?? 0) + 1,
    );
  });

  it('counts registrations per month over the last 24 months', async () => {
    const months = monthsUpTo(registryToday(new Date()), 24);
    const before = await dashboard(physician);
    expect(before.recruitment.map((r) => r.month)).toEqual(months);
    await createPatientWithBaseline(physician, registry, '3003');
    const after = await dashboard(physician);
    expect(after.recruitment.at(-1)?.registered).toBe((before.recruitment.at(-1)?.registered ?? 0) + 1);
    expect(after.recruitment.slice(0, -1)).toEqual(before.recruitment.slice(0, -1));
    expect(monthsUpTo('2026-01-15', 3)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('counts open and pending queries by location and by age', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '3003');
    const before = await dashboard(physician);
    const raise = await dataManager.send<{ id: string }>('POST', `Query/patient/${studyPatientId}`, {
      queryTypeIdentifier: 'plausibility',
      title: 'Alter',
      text: 'Bitte prüfen.',
    });
    expect(raise.status).toBe(201);
    const after = await dashboard(physician);
    expect(at(after.openQueriesByLocation, '3003')?.open).toBe((at(before.openQueriesByLocation, '3003')?.open ?? 0) + 1);
    expect(after.openQueriesByLocation.every((r) => r.studyInstituteId === registry.locationOf('3003'))).toBe(true);
    expect(after.queryAgeing.map((b) => [b.fromDays, b.toDays])).toEqual([
      [0, 7],
      [7, 30],
      [30, 90],
      [90, null],
    ]);
    expect(after.queryAgeing[0]?.count).toBe((before.queryAgeing[0]?.count ?? 0) + 1);

    await physician.send('PUT', `Query/${raise.body.id}/answer`, { version: 1, text: 'Geprüft.' });
    const answered = at((await dashboard(physician)).openQueriesByLocation, '3003');
    expect(answered?.pending).toBe((at(after.openQueriesByLocation, '3003')?.pending ?? 0) + 1);

    offset = 40 * 24 * 3600_000;
    try {
      const later = await dashboard(physician);
      expect(later.queryAgeing[0]?.count).toBe(0);
      expect(later.queryAgeing[2]?.count).toBeGreaterThanOrEqual(1);
    } finally {
      offset = 0;
    }
  });
});
