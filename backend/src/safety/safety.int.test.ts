/**
 * The safety review (ecrf-calls.md §7 "Safety"): the free-text report lists texts documented since a day with
 * pseudonym, location, form and label; the screening report shows the configured fields of patients registered
 * since a day; both keep to the caller's locations. The configuration is checked against the study definition,
 * audited with old and new values, and a stale version is refused.
 */
import type { RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, createUserWithRights, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { ScreeningConfigurationDto, ScreeningReportDto } from './safety.schemas.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let safetyAll: Api;
let safetyEssen: Api;
let patient: string;

/** A user of a fresh role with exactly these rights, at the given locations. */
async function userWith(rights: RightName[], institutes: string[]): Promise<Api> {
  const user = await createUserWithRights(backend.database, rights, institutes);
  return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
}

const SAFETY: RightName[] = [
  'SafetyReportGetCmd',
  'SafetyScreeningReportGetCmd',
  'SafetyScreeningConfigurationGetCmd',
  'SafetyScreeningConfigurationUpdateCmd',
];

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const doctor = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  physician = api(backend.app, (await signIn(backend.app, doctor.userName, doctor.password)).token);
  safetyAll = await userWith([...SAFETY, 'StudyPatientGetAllCmd'], []);
  safetyEssen = await userWith(SAFETY, ['2002']);
  const created = await createPatientWithBaseline(physician, registry, '1001');
  patient = created.studyPatientId;
  await createInstrument(physician, registry, patient, null, 'tumour_board', [
    valueField(fieldDefinitionId(registry.index, 'tumour_board', 'board_date'), '2025-01-10'),
    valueField(fieldDefinitionId(registry.index, 'tumour_board', 'recommendation'), 'Pneumonitis Grad 3, Therapiepause'),
  ]);
});
afterAll(() => backend.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('GET Safety/study/{studyId}/freetext-report', () => {
  it('lists the free texts documented since the day with pseudonym, location, form and German label', async () => {
    const report = await safetyAll.get<{ items: Record<string, unknown>[] }>(
      `Safety/study/${registry.studyId}/freetext-report?fromDate=2000-01-01`,
    );
    expect(report.status).toBe(200);
    const entry = report.body.items.find((i) => i.studyPatientId === patient && i.fieldIdentifier === 'recommendation');
    expect(entry).toMatchObject({
      instituteIdentifier: '1001',
      instrumentIdentifier: 'tumour_board',
      instrumentLabel: 'Tumorkonferenz',
      visitId: null,
      fieldLabel: 'Empfehlung',
      text: 'Pneumonitis Grad 3, Therapiepause',
    });
    expect(report.body.items.some((i) => i.fieldIdentifier === 'board_date')).toBe(false);
  });

  it('leaves out texts before the day and patients of other locations', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const later = await safetyAll.get<{ items: unknown[] }>(`Safety/study/${registry.studyId}/freetext-report?fromDate=${tomorrow}`);
    expect(later.body.items).toEqual([]);
    const essen = await safetyEssen.get<{ items: { studyPatientId: string; instituteIdentifier: string }[] }>(
      `Safety/study/${registry.studyId}/freetext-report?fromDate=2000-01-01`,
    );
    expect(essen.status).toBe(200);
    expect(essen.body.items.map((i) => i.studyPatientId)).not.toContain(patient);
    expect(essen.body.items.every((i) => i.instituteIdentifier === '2002')).toBe(true);
  });
});

describe('screening configuration and report', () => {
  const url = () => `Safety/screening-configuration/study/${registry.studyId}`;

  it('refuses unknown fields with German messages, saves, audits and refuses a stale version', async () => {
    const current = await safetyAll.get<ScreeningConfigurationDto>(url());
    expect(current.status).toBe(200);
    const unknown = await safetyAll.send<{ fieldErrors: unknown[] }>('PUT', url(), {
      studyPatientFieldsConfiguration: ['gibtsnicht'],
      visitFieldsConfiguration: [],
      instrumentFieldsConfiguration: ['tumour_board'],
      version: current.body.version,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual([
      { field: 'studyPatientFieldsConfiguration[0]', message: '„gibtsnicht“: kein Wertefeld dieses Namens in der Studiendefinition' },
      { field: 'instrumentFieldsConfiguration[0]', message: '„tumour_board“ ist keine Feldangabe der Form „Formular.Feld“' },
    ]);

    const lists = {
      studyPatientFieldsConfiguration: ['sex'],
      visitFieldsConfiguration: ['baseline.baseline_date'],
      instrumentFieldsConfiguration: ['tumour_board.recommendation'],
    };
    const saved = await safetyAll.send<ScreeningConfigurationDto>('PUT', url(), { ...lists, version: current.body.version });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...lists, version: current.body.version + 1 });
    const stale = await safetyAll.send<{ code: string }>('PUT', url(), {
      ...lists,
      visitFieldsConfiguration: [],
      version: current.body.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('ECRF_ERR_STALE_WRITE');

    const audits = await backend.database.db
      .selectFrom('audit_trail')
      .select(['old_value', 'new_value'])
      .where('table_name', '=', 'safety_screening_configuration')
      .where('record_id', '=', registry.studyId)
      .orderBy('occurred_at', 'desc')
      .limit(1)
      .execute();
    expect(audits[0]?.new_value).toMatchObject(lists);

    const report = await safetyAll.get<ScreeningReportDto>(`Safety/screening-report?fromDate=${today()}&studyId=${registry.studyId}`);
    expect(report.status).toBe(200);
    expect(report.body.columns.map((c) => c.name)).toEqual(['sex', 'baseline.baseline_date', 'tumour_board.recommendation']);
    expect(report.body.columns[2]?.label).toBe('Tumorkonferenz: Empfehlung');
    const row = report.body.items.find((i) => i.studyPatientId === patient);
    expect(row?.values).toEqual([null, '2023-02-01', 'Pneumonitis Grad 3, Therapiepause']);

    const essen = await safetyEssen.get<ScreeningReportDto>(`Safety/screening-report?fromDate=${today()}`);
    expect(essen.status).toBe(200);
    expect(essen.body.items.map((i) => i.studyPatientId)).not.toContain(patient);
  });
});
