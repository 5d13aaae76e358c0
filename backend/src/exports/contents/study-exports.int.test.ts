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
} from '../../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../../test-support/test-backend.js';
import type { InstrumentDto } from '../../patient-documentation/patient-documents.js';
import { consent41, pseudonymOf, runSource, scopeOf, tableOf, type TableResult } from './contents.test-support.js';
import { sasProgram, tableSources } from './index.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
/** Documented at Köln (1001): baseline, diagnosis, staging, two therapy lines, consents, a deleted performance; a follow-up with vital state A. */
let cologne: { pseudonym: string; studyPatientId: string; baselineId: string; diagnosis: InstrumentDto };
/** Registered at Essen (2002) with a baseline and a diagnosis. */
let essen: { pseudonym: string };
let documentedSince: Date;

const field = (form: string, path: string) => fieldDefinitionId(registry.index, form, path);

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const user = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001', '2002'] });
  physician = api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
  documentedSince = new Date();
  const patient = await createPatientWithBaseline(physician, registry, '1001', '2023-02-01');
  const diagnosis = await createInstrument(physician, registry, patient.studyPatientId, patient.baseline.id, 'diagnosis', [
    valueField(field('diagnosis', 'diag_date'), '2023-01-20'),
    valueField(field('diagnosis', 'icd10'), 'C34.1'),
    valueField(field('diagnosis', 'morphology'), '8140/3'),
  ]);
  await createInstrument(physician, registry, patient.studyPatientId, patient.baseline.id, 'staging', [
    valueField(field('staging', 'tnm_version'), '8'),
    {
      definitionId: field('staging', 'tnm'),
      childFields: [
        valueField(field('staging', 'tnm.t'), '2a'),
        valueField(field('staging', 'tnm.n'), '1'),
        valueField(field('staging', 'tnm.m'), '1c'),
      ],
    },
  ]);
  const line = (no: string, start: string) => ({
    definitionId: field('systemic_therapy', 'therapy_lines.therapy_line'),
    childFields: [
      valueField(field('systemic_therapy', 'therapy_lines.therapy_line.line_no'), no),
      valueField(field('systemic_therapy', 'therapy_lines.therapy_line.start'), start),
    ],
  });
  await createInstrument(physician, registry, patient.studyPatientId, patient.baseline.id, 'systemic_therapy', [
    { definitionId: field('systemic_therapy', 'therapy_lines'), childFields: [line('1', '2023-03-01'), line('2', '2023-09-XX')] },
  ]);
  await createInstrument(physician, registry, patient.studyPatientId, patient.baseline.id, 'consents', consent41(registry, 'yes'));
  await createInstrument(physician, registry, patient.studyPatientId, patient.baseline.id, 'smoking_history', [
    valueField(field('smoking_history', 'smoking_status'), 'former'),
    valueField(field('smoking_history', 'pack_years'), '35'),
  ]);
  const performance = await createInstrument(physician, registry, patient.studyPatientId, patient.baseline.id, 'performance', [
    valueField(field('performance', 'ecog'), '1'),
  ]);
  expect((await physician.send('DELETE', `Instrument/${performance.id}?reasonOfChange=Doppelt`)).status).toBe(204);
  const followUp = await physician.send<{ id: string }>('POST', 'Visit', {
    studyPatientId: patient.studyPatientId,
    definitionId: registry.index.visitByIdentifier.get('fu')?.id,
    visitDate: '2024-02-01',
    fields: [valueField(field('fu', 'fu_date'), '2024-02-01')],
  });
  expect(followUp.status).toBe(201);
  await createInstrument(physician, registry, patient.studyPatientId, followUp.body.id, 'vital_status', [
    valueField(field('vital_status', 'vital_state'), 'A'),
  ]);
  cologne = {
    pseudonym: await pseudonymOf(backend.database, patient.studyPatientId),
    studyPatientId: patient.studyPatientId,
    baselineId: patient.baseline.id,
    diagnosis,
  };
  const other = await createPatientWithBaseline(physician, registry, '2002', '2023-03-01');
  await createInstrument(physician, registry, other.studyPatientId, other.baseline.id, 'diagnosis', [
    valueField(field('diagnosis', 'icd10'), 'C34.3'),
  ]);
  essen = { pseudonym: await pseudonymOf(backend.database, other.studyPatientId) };
});
afterAll(() => backend.close());

const rowsOf = (result: TableResult, pseudonym: string) => result.rows.filter((r) => r.patient_id === pseudonym);

/** Every table counts what it streams, names its columns with unique SAS names and holds only Köln's rows. */
function expectWellFormed(results: Map<string, TableResult>) {
  for (const { table, count, rows } of results.values()) {
    expect(rows.length, table.name).toBe(count);
    expect(table.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]{0,31}$/);
    const keys = table.columns.map((c) => c.key);
    keys.forEach((key) => expect(key).toMatch(/^[A-Za-z_][A-Za-z0-9_]{0,31}$/));
    expect(new Set(keys.map((k) => k.toLowerCase())).size).toBe(keys.length);
    rows.forEach((row) => expect(Object.keys(row).every((key) => keys.includes(key))).toBe(true));
    if (keys.includes('location')) expect(rows.filter((r) => r.location !== '1001')).toEqual([]);
  }
}

describe('the study export (csv-export, sas-export)', () => {
  it('exports patients, visits, one table per instrument and per list, only of the locations in scope', async () => {
    const results = await runSource(tableSources['csv-export'], backend.database, scopeOf(registry, ['1001']));
    expectWellFormed(results);
    const names = [...results.keys()];
    expect(names.slice(0, 2)).toEqual(['patients', 'visits']);
    expect(names).toEqual(expect.arrayContaining(['diagnosis', 'staging', 'tumour_board', 'systemic_therapy_therapy_lines']));
    expect(names).toContain('systemic_therapy_adverse_events');

    const patients = tableOf(results, 'patients');
    expect(rowsOf(patients, cologne.pseudonym)).toEqual([
      expect.objectContaining({
        location: '1001',
        location_name: 'Universitätsklinikum Köln',
        is_diginet: true,
        definition: 'nngm_lung',
        visit_count: 2,
        dropout: true,
      }),
    ]);
    expect(rowsOf(patients, essen.pseudonym)).toEqual([]);

    const [visit] = rowsOf(tableOf(results, 'visits'), cologne.pseudonym);
    expect(visit).toMatchObject({
      visit: 'baseline',
      visit_id: cologne.baselineId,
      execution_date: '2023-02-01',
      baseline_date: '2023-02-01',
    });

    const [diagnosis] = rowsOf(tableOf(results, 'diagnosis'), cologne.pseudonym);
    expect(diagnosis).toMatchObject({
      visit: 'baseline',
      instrument_id: cologne.diagnosis.id,
      diag_date: '2023-01-20',
      icd10: 'C34.1',
      icd10_txt: 'C34.1 Oberlappen (-Bronchus)',
      morphology: '8140/3',
      laterality: null,
    });
    const [staging] = rowsOf(tableOf(results, 'staging'), cologne.pseudonym);
    expect(staging).toMatchObject({ tnm_t: '2a', tnm_n: '1', tnm_m: '1c', uicc: 'IVB' });
    expect(tableOf(results, 'staging').table.columns.find((c) => c.key === 'tnm_t')?.label).toBe('TNM-Klassifikation: T');

    const lines = rowsOf(tableOf(results, 'systemic_therapy_therapy_lines'), cologne.pseudonym);
    expect(lines.map((l) => [l.entry_no, l.line_no, l.start])).toEqual([
      [1, 1, '2023-03-01'],
      [2, 2, '2023-09-XX'],
    ]);
    expect(rowsOf(tableOf(results, 'performance'), cologne.pseudonym)).toEqual([]);
  });

  it('exports every location with a null scope, and nothing with an empty one', async () => {
    const all = await runSource(tableSources['csv-export'], backend.database, scopeOf(registry, null));
    expect(rowsOf(tableOf(all, 'diagnosis'), essen.pseudonym)).toEqual([expect.objectContaining({ location: '2002', icd10: 'C34.3' })]);
    expect(rowsOf(tableOf(all, 'patients'), essen.pseudonym)).toEqual([expect.objectContaining({ visit_count: 1, dropout: false })]);
    const none = await runSource(tableSources['csv-export'], backend.database, scopeOf(registry, []));
    for (const { count, rows } of none.values()) expect([count, rows.length]).toEqual([0, 0]);
  });

  it('writes a SAS program reading the same tables', async () => {
    const results = await runSource(tableSources['sas-export'], backend.database, scopeOf(registry, ['1001']));
    const program = sasProgram([...results.values()].map((r) => r.table));
    expect(program).toContain('DATA diagnosis;');
    expect(program).toContain('INFILE "&path/systemic_therapy_therapy_lines.csv"');
    expect(program).toContain('    registration_date yymmdd10.');
    expect(program).toContain('    icd10_txt = "Diagnose (ICD-10-GM) (Text)"');
  });
});

describe('instrument exports', () => {
  it('diginet-conditions holds the diagnoses of the study, or of one institute', async () => {
    const study = await runSource(tableSources['diginet-conditions'], backend.database, scopeOf(registry, ['1001']));
    expectWellFormed(study);
    expect(rowsOf(tableOf(study, 'conditions'), cologne.pseudonym)).toEqual([expect.objectContaining({ icd10: 'C34.1' })]);
    const essenInstitute = await backend.database.db
      .selectFrom('study_institute')
      .select('institute_id')
      .where('id', '=', registry.locationOf('2002'))
      .executeTakeFirstOrThrow();
    const perInstitute = await runSource(
      tableSources['diginet-conditions'],
      backend.database,
      scopeOf(registry, null, { instituteId: essenInstitute.institute_id }),
    );
    const conditions = tableOf(perInstitute, 'conditions');
    expect(conditions.rows.length).toBe(conditions.count);
    expect(conditions.rows.every((r) => r.location === '2002')).toBe(true);
    expect(rowsOf(conditions, essen.pseudonym)).toHaveLength(1);
    const byLocation = await runSource(
      tableSources['diginet-conditions'],
      backend.database,
      scopeOf(registry, null, { instituteId: registry.locationOf('2002') }),
    );
    expect(tableOf(byLocation, 'conditions').rows).toEqual(conditions.rows);
    const outOfScope = await runSource(
      tableSources['diginet-conditions'],
      backend.database,
      scopeOf(registry, ['1001'], { instituteId: essenInstitute.institute_id }),
    );
    expect(tableOf(outOfScope, 'conditions').count).toBe(0);
  });
});

describe('screening and changes', () => {
  it('screening-export lists the patients registered since fromDate', async () => {
    const results = await runSource(
      tableSources['screening-export'],
      backend.database,
      scopeOf(registry, ['1001'], { fromDate: documentedSince.toISOString() }),
    );
    expectWellFormed(results);
    const screening = tableOf(results, 'screening');
    expect(rowsOf(screening, cologne.pseudonym)).toEqual([expect.objectContaining({ baseline_state: 'missing_data', is_diginet: true })]);
    const later = await runSource(
      tableSources['screening-export'],
      backend.database,
      scopeOf(registry, ['1001'], { fromDate: new Date().toISOString() }),
    );
    expect(rowsOf(tableOf(later, 'screening'), cologne.pseudonym)).toEqual([]);
  });

  it('changes-export lists who changed which field from what to what, and why', async () => {
    const icd10 = cologne.diagnosis.fields.find((f) => f.definitionId === field('diagnosis', 'icd10'));
    const changed = await physician.send('PUT', `Instrument/${cologne.diagnosis.id}`, {
      version: cologne.diagnosis.version,
      fields: [valueField(field('diagnosis', 'icd10'), 'C34.9', icd10?.id)],
      reasonForChange: 'Befund korrigiert',
    });
    expect(changed.status).toBe(200);
    const results = await runSource(
      tableSources['changes-export'],
      backend.database,
      scopeOf(registry, ['1001'], { fromDate: documentedSince.toISOString() }),
    );
    expectWellFormed(results);
    const changes = rowsOf(tableOf(results, 'changes'), cologne.pseudonym);
    expect(changes).toContainEqual(
      expect.objectContaining({
        operation: 'Update',
        record_type: 'Instrument',
        visit: 'baseline',
        instrument: 'diagnosis',
        field: 'icd10',
        field_label: 'Diagnose (ICD-10-GM)',
        old_value: 'C34.1',
        new_value: 'C34.9',
        reason: 'Befund korrigiert',
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ operation: 'Create', instrument: 'staging', field: 'tnm.t', old_value: null, new_value: '2a' }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ operation: 'Delete', instrument: 'performance', field: 'isDeleted', new_value: 'true' }),
    );
    const before = await runSource(
      tableSources['changes-export'],
      backend.database,
      scopeOf(registry, ['1001'], { fromDate: '2000-01-01', toDate: '2000-12-31' }),
    );
    expect(rowsOf(tableOf(before, 'changes'), cologne.pseudonym)).toEqual([]);
  });
});
