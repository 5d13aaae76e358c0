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
import { consent41, pseudonymOf, runSource, scopeOf, tableOf, type TableResult } from './contents.test-support.js';
import { tableSources } from './index.js';
import { NO_ARCHIVE_CODE_REASONS } from './no-archive-codes.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const user = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001', '2002'] });
  physician = api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
});
afterAll(() => backend.close());

const field = (form: string, path: string) => fieldDefinitionId(registry.index, form, path);

async function registerPatient(location: string, registrationDate: string): Promise<string> {
  const created = await physician.send<{ id: string }>('POST', 'NngmStudyPatient', {
    studyId: registry.studyId,
    studyInstituteId: registry.locationOf(location),
    registrationDate,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** A patient with a baseline (at a date) and a consents instrument answering processing with `consent`. */
async function consentedPatient(location: string, consent: 'yes' | 'no', withdrawal: string | null = null, baselineDate = '2023-02-01') {
  const patient = await createPatientWithBaseline(physician, registry, location, baselineDate);
  await createInstrument(
    physician,
    registry,
    patient.studyPatientId,
    patient.baseline.id,
    'consents',
    consent41(registry, consent, withdrawal),
  );
  return { ...patient, pseudonym: await pseudonymOf(backend.database, patient.studyPatientId) };
}

/** The row of a location in a per-location table. */
const locationRow = (result: TableResult, location: string) => result.rows.find((r) => r.location === location);

function expectCountsStreamed(results: Map<string, TableResult>) {
  for (const { table, count, rows } of results.values()) expect(rows.length, table.name).toBe(count);
}

describe('recruitment status', () => {
  it('counts per location the patients registered up to fromDate and previousFromDate, and the difference', async () => {
    const parameters = { fromDate: '2001-03-10T10:00:00.000Z', previousFromDate: '2001-03-03T10:00:00.000Z' };
    const run = async (locations: string[] | null) =>
      tableOf(
        await runSource(tableSources['recruitment-status'], backend.database, scopeOf(registry, locations, parameters)),
        'recruitment_status',
      );
    const [before, beforeAll] = [await run(['1001']), await run(null)];
    for (const date of ['2001-03-01', '2001-03-05', '2001-03-20']) await registerPatient('1001', date);
    await registerPatient('2002', '2001-03-05');
    const [after, afterAll] = [await run(['1001']), await run(null)];

    expect(after.rows.map((r) => r.location)).toEqual(['1001']);
    expect(after.count).toBe(1);
    const delta = (a: TableResult, b: TableResult, location: string, key: string) =>
      Number(locationRow(a, location)?.[key]) - Number(locationRow(b, location)?.[key]);
    expect(['recruited', 'recruited_previous', 'difference'].map((k) => delta(after, before, '1001', k))).toEqual([2, 1, 1]);
    expect(['recruited', 'recruited_previous', 'difference'].map((k) => delta(afterAll, beforeAll, '2002', k))).toEqual([1, 0, 1]);
    expect(afterAll.rows.length).toBe(afterAll.count);
    expect(after.table.columns.find((c) => c.key === 'recruited')?.label).toBe('Patienten rekrutiert bis 2001-03-10');
  });

  it('counts DigiNet patients by their first follow-up-registry visit', async () => {
    const parameters = { fromDate: '2022-02-01T10:00:00.000Z', previousFromDate: '2022-01-10T10:00:00.000Z' };
    const run = async () =>
      tableOf(
        await runSource(tableSources['diginet-recruitment-status'], backend.database, scopeOf(registry, ['1001'], parameters)),
        'diginet_recruitment_status',
      );
    const before = await run();
    const patient = await createPatientWithBaseline(physician, registry, '1001', '2020-01-15');
    await createPatientWithBaseline(physician, registry, '1001', '2020-01-15');
    const followUp = registry.index.visitByIdentifier.get('fu_24m');
    const visit = await physician.send('POST', 'Visit', {
      studyPatientId: patient.studyPatientId,
      definitionId: followUp?.id,
      visitDate: '2022-01-20',
      fields: [valueField(fieldDefinitionId(registry.index, 'fu_24m', 'fu_date'), '2022-01-20')],
    });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    const after = await run();
    expect(after.rows.length).toBe(after.count);
    expect(
      ['recruited', 'recruited_previous', 'difference'].map(
        (k) => Number(locationRow(after, '1001')?.[k]) - Number(locationRow(before, '1001')?.[k]),
      ),
    ).toEqual([1, 0, 1]);
  });
});

describe('no archive codes', () => {
  it('lists the patients without a molecular test naming its testing centre and date, with the reason', async () => {
    const organization = await backend.database.db.selectFrom('organization').select(['id', 'display_name']).executeTakeFirstOrThrow();
    const lab = {
      definitionId: field('molecular', 'lab'),
      values: [{ value: null, organization: { id: organization.id, displayName: organization.display_name } }],
    };
    const archived = await createPatientWithBaseline(physician, registry, '1001');
    await createInstrument(physician, registry, archived.studyPatientId, archived.baseline.id, 'molecular', [
      valueField(field('molecular', 'test_date'), '2023-02-10'),
      lab,
    ]);
    const undated = await createPatientWithBaseline(physician, registry, '1001');
    await createInstrument(physician, registry, undated.studyPatientId, undated.baseline.id, 'molecular', [lab]);
    const untested = await createPatientWithBaseline(physician, registry, '1001');
    const elsewhere = await createPatientWithBaseline(physician, registry, '2002');

    const results = await runSource(tableSources['no-archive-codes'], backend.database, scopeOf(registry, ['1001']));
    expectCountsStreamed(results);
    const rows = tableOf(results, 'no_archive_codes').rows;
    const reasonOf = async (p: { studyPatientId: string }) => {
      const pseudonym = await pseudonymOf(backend.database, p.studyPatientId);
      return rows.filter((r) => r.patient_id === pseudonym).map((r) => r.reason);
    };
    expect(await reasonOf(archived)).toEqual([]);
    expect(await reasonOf(undated)).toEqual([NO_ARCHIVE_CODE_REASONS.incomplete]);
    expect(await reasonOf(untested)).toEqual([NO_ARCHIVE_CODE_REASONS.noTest]);
    expect(await reasonOf(elsewhere)).toEqual([]);
    expect(rows.every((r) => r.location === '1001')).toBe(true);
    expect(rows.find((r) => r.patient_id === rows[0]?.patient_id)?.baseline_date).toBeDefined();
  });
});

describe('consents and publication', () => {
  it('reports each patient’s consent and lists for publication exactly those whose consent allows it', async () => {
    const given = await consentedPatient('1001', 'yes');
    const refused = await consentedPatient('1001', 'no');
    const withdrawn = await consentedPatient('1001', 'yes', '2024-01-10');
    const elsewhere = await consentedPatient('2002', 'yes');
    const scope = scopeOf(registry, ['1001']);

    const consents = tableOf(await runSource(tableSources['diginet-consents'], backend.database, scope), 'consents');
    expect(consents.rows.length).toBe(consents.count);
    const consentOf = (pseudonym: string) => consents.rows.find((r) => r.patient_id === pseudonym);
    expect(consentOf(given.pseudonym)).toMatchObject({
      consent_version: '4.1',
      consent_date: '2023-02-01',
      policy_processing: 'yes',
      fully_given: true,
      withdrawn: false,
      consents_state: 'complete',
      publication_allowed: true,
    });
    expect(consentOf(refused.pseudonym)).toMatchObject({ policy_processing: 'no', fully_given: false, publication_allowed: false });
    expect(consentOf(withdrawn.pseudonym)).toMatchObject({
      fully_given: true,
      withdrawn: true,
      withdrawal_date: '2024-01-10',
      change_reason: 'patientWithdrawal',
      publication_allowed: false,
    });
    expect(consentOf(elsewhere.pseudonym)).toBeUndefined();

    const publication = tableOf(await runSource(tableSources.publication, backend.database, scope), 'publication');
    expect(publication.rows.length).toBe(publication.count);
    const published = publication.rows.map((r) => r.patient_id);
    expect(published).toContain(given.pseudonym);
    expect(published).not.toContain(refused.pseudonym);
    expect(published).not.toContain(withdrawn.pseudonym);
    expect(published).not.toContain(elsewhere.pseudonym);
    // The SQL selection of the publication export and the rules' verdict of the consents export agree.
    expect(published.sort()).toEqual(
      consents.rows
        .filter((r) => r.publication_allowed === true)
        .map((r) => r.patient_id)
        .sort(),
    );
  });
});

describe('reward', () => {
  it('counts per location the complete baselines in the period and those with a consent allowing use', async () => {
    const parameters = { fromDate: '2019-01-01', toDate: '2019-12-31' };
    const run = async (locations: string[] | null) =>
      tableOf(await runSource(tableSources.reward, backend.database, scopeOf(registry, locations, parameters)), 'reward');
    const before = await run(null);
    const rewarded = await consentedPatient('1001', 'yes', null, '2019-05-01');
    const refused = await consentedPatient('1001', 'no', null, '2019-06-01');
    const earlier = await consentedPatient('1001', 'yes', null, '2018-12-01');
    const incomplete = await consentedPatient('1001', 'yes', null, '2019-07-01');
    const elsewhere = await consentedPatient('2002', 'yes', null, '2019-05-01');
    // The state the eight complete baseline instruments give the visit (docs/backend.md "Visit state").
    await backend.database.db
      .updateTable('visit')
      .set({ state: 'complete' })
      .where(
        'id',
        'in',
        [rewarded, refused, earlier, elsewhere].map((p) => p.baseline.id),
      )
      .execute();
    expect(incomplete.baseline.state).not.toBe('complete');

    const after = await run(null);
    expect(after.rows.length).toBe(after.count);
    const delta = (location: string, key: string) =>
      Number(locationRow(after, location)?.[key]) - Number(locationRow(before, location)?.[key]);
    expect([delta('1001', 'complete_cases'), delta('1001', 'rewarded_cases')]).toEqual([2, 1]);
    expect([delta('2002', 'complete_cases'), delta('2002', 'rewarded_cases')]).toEqual([1, 1]);
    expect(locationRow(after, '1001')).toMatchObject({ period_from: '2019-01-01', period_to: '2019-12-31' });

    const cologne = await run(['1001']);
    expect(cologne.rows.map((r) => r.location)).toEqual(['1001']);
    expect(cologne.count).toBe(1);
  });
});
