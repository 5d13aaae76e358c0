import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-deps.js';
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
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let physicianToken: string;
let dataManager: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const doctor = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  const manager = await createTestUser(backend.database, { role: 'DataManager', institutes: ['1001', '2002'] });
  physicianToken = (await signIn(backend.app, doctor.userName, doctor.password)).token;
  physician = api(backend.app, physicianToken);
  dataManager = api(backend.app, (await signIn(backend.app, manager.userName, manager.password)).token);
});
afterAll(() => backend.close());

type Context = {
  id: string;
  patientId: string;
  fields: unknown[];
  dataVerificationFlags: unknown[];
  caseProcessSteps: unknown[];
  visits: { id: string; identifier: string; instruments: { id: string; state: string; fields: unknown[] }[] }[];
  standaloneInstruments: { id: string }[];
};

/** Loads the patient screen's data the way the gateway does, counting the HTTP calls it needs. */
async function loadPatientScreen(app: App, token: string, studyPatientId: string): Promise<{ calls: number; context: Context }> {
  let calls = 0;
  const get = async (url: string) => {
    calls += 1;
    return (await app.inject({ method: 'GET', url: `/api/v1.0/${url}`, headers: bearer(token) })).json<Context>();
  };
  return { context: await get(`StudyPatient/${studyPatientId}/context`), calls };
}

async function patientWithVisits(count: number): Promise<string> {
  const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry, '1001', '2023-03-01');
  await createInstrument(physician, registry, studyPatientId, baseline.id, 'diagnosis');
  await createInstrument(physician, registry, studyPatientId, null, 'tumour_board');
  const fu = registry.index.visitByIdentifier.get('fu')?.id;
  const fuDate = fieldDefinitionId(registry.index, 'fu', 'fu_date');
  for (let i = 1; i < count; i += 1) {
    const visit = await physician.send<{ id: string }>('POST', 'Visit', {
      studyPatientId,
      definitionId: fu,
      fields: [valueField(fuDate, `2024-01-${String(i).padStart(2, '0')}`)],
    });
    await createInstrument(physician, registry, studyPatientId, visit.body.id, 'vital_status');
  }
  return studyPatientId;
}

describe('study patients and the patient context', () => {
  it('answers the whole patient in one call with 2 and with 20 visits', async () => {
    for (const count of [2, 20]) {
      const id = await patientWithVisits(count);
      const { calls, context } = await loadPatientScreen(backend.app, physicianToken, id);
      expect(calls).toBe(1);
      expect(context.id).toBe(id);
      expect(context.visits).toHaveLength(count);
      expect(context.visits.every((v) => v.instruments.length === 1)).toBe(true);
      expect(context.visits[0]?.identifier).toBe('baseline');
      expect(context.visits[0]?.instruments[0]?.state).toBe('new');
      expect(context.standaloneInstruments).toHaveLength(1);
      expect(context).toMatchObject({ dataVerificationFlags: [], caseProcessSteps: [] });
    }
  });

  it('serves batch reads of contexts, visits and instruments', async () => {
    const a = await patientWithVisits(2);
    const b = await patientWithVisits(2);
    const contexts = await physician.get<Context[]>(`StudyPatient/context?ids=${a},${b}`);
    expect(contexts.body.map((c) => c.id)).toEqual([a, b]);
    const visitIds = contexts.body.flatMap((c) => c.visits.map((v) => v.id));
    const visits = await physician.get<{ id: string }[]>(`Visit/batch?ids=${visitIds.join(',')}`);
    expect(visits.body.map((v) => v.id).sort()).toEqual([...visitIds].sort());
    const instrumentIds = contexts.body.flatMap((c) => c.visits.flatMap((v) => v.instruments.map((i) => i.id)));
    expect((await physician.get<unknown[]>(`Instrument?ids=${instrumentIds.join(',')}`)).body).toHaveLength(instrumentIds.length);
  });

  it('sends with the batch context the parts include= names, each as its own route answers it, null without its right', async () => {
    const id = await patientWithVisits(2);
    const context = (await physician.get<Context & { pseudonym: string; studyDefinitionId: string }>(`StudyPatient/${id}/context`)).body;
    const raised = await dataManager.send<{ id: string }>('POST', `Query/patient/${id}`, {
      queryTypeIdentifier: 'plausibility',
      title: 'Geburtsjahr prüfen',
      text: 'Bitte das Geburtsjahr prüfen.',
    });
    expect(raised.status).toBe(201);
    /** Each part and the route whose answer it is. */
    const routes = {
      dataQueries: `Query/patient/${id}`,
      questionnaireInterviews: `SynQuest/interviews?patientIdentifier=${context.pseudonym}`,
      elearningRequirement: `ELearningResult/studyDefinition/${context.studyDefinitionId}/require`,
      languages: `Language?studyDefinitionId=${context.studyDefinitionId}`,
      viewer: 'Viewer',
      questionnaires: 'SynQuest/questionnaires',
    };
    const consultant = await createTestUser(backend.database, { role: 'Consultant', institutes: ['1001'] });
    const advisor = api(backend.app, (await signIn(backend.app, consultant.userName, consultant.password)).token);
    const refused = new Set<number>();
    for (const client of [dataManager, physician, advisor]) {
      const answer = await client.get<{ id: string; visits: unknown[]; included: Record<string, unknown> }[]>(
        `StudyPatient/context?ids=${id}&include=${Object.keys(routes).join(',')}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body[0]).toMatchObject({ id, visits: context.visits });
      for (const [part, route] of Object.entries(routes)) {
        const own = await client.get(route);
        refused.add(own.status);
        expect(answer.body[0]?.included[part], part).toEqual(own.status === 403 ? null : own.body);
      }
    }
    // Both branches were seen: parts as their routes answer them, and the interviews refused to the consultant.
    expect([...refused].sort()).toEqual([200, 403]);
    expect(
      (
        await dataManager.get<{ included: { dataQueries: { id: string }[] } }[]>(`StudyPatient/context?ids=${id}&include=dataQueries`)
      ).body[0]?.included.dataQueries.map((q) => q.id),
    ).toEqual([raised.body.id]);
    // A batch of patients of one definition carries the definition's parts once, with its first context, and the
    // viewer and the questionnaires once, with the answer's first context.
    const other = await patientWithVisits(1);
    const batch = await dataManager.get<{ id: string; included: Record<string, unknown> }[]>(
      `StudyPatient/context?ids=${id},${other}&include=dataQueries,languages,elearningRequirement,viewer,questionnaires`,
    );
    expect(batch.body.map((c) => [c.id, Object.keys(c.included).sort()])).toEqual([
      [id, ['dataQueries', 'elearningRequirement', 'languages', 'questionnaires', 'viewer']],
      [other, ['dataQueries']],
    ]);
    expect((await physician.get<Context[]>(`StudyPatient/context?ids=${id}`)).body[0]).not.toHaveProperty('included');
    expect((await physician.get(`StudyPatient/context?ids=${id}&include=identity`)).status).toBe(400);
  });

  it('sends the viewer with a page of the patient table when include=viewer asks, as GET Viewer answers it', async () => {
    const table = `NngmStudyPatient/study/${registry.studyId}/my?itemsPerPage=2`;
    const withViewer = await physician.get<{ items: unknown[]; included?: { viewer: unknown } }>(`${table}&include=viewer`);
    expect(withViewer.status).toBe(200);
    expect(withViewer.body.included?.viewer).toEqual((await physician.get('Viewer')).body);
    const plain = await physician.get<{ items: unknown[] }>(table);
    expect(plain.body).not.toHaveProperty('included');
    expect(plain.body.items).toEqual(withViewer.body.items);
    expect((await physician.get(`${table}&include=identity`)).status).toBe(400);
  });

  it('lists the patient table with filters off by default, search, paging and the assigned patients', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001');
    const created = (await physician.get<{ pseudonym: string }>(`StudyPatient/${studyPatientId}/context`)).body;
    type Page = { items: { id: string; isDigiNet: boolean; visitsCount: number }[]; totalCount: number };
    const search = await physician.get<Page>(`NngmStudyPatient/study/${registry.studyId}/my?search=${created.pseudonym}`);
    expect(search.body.totalCount).toBe(1);
    expect(search.body.items[0]).toMatchObject({ id: studyPatientId, isDigiNet: true, visitsCount: 1 });
    // Each row carries the patient's summary (issue 14): its visits' states as in the context, and no identity.
    const { visits } = (
      await physician.get<{ visits: { id: string; state: string; order: number }[] }>(`StudyPatient/${studyPatientId}/context`)
    ).body;
    expect(search.body.items[0]).toMatchObject({
      visitStates: visits.map(({ id, state, order }) => ({ id, state, order })),
      hasIdentity: false,
    });
    const dropout = await physician.get<Page>(
      `NngmStudyPatient/study/${registry.studyId}/my?search=${created.pseudonym}&filterHasDropout=true`,
    );
    expect(dropout.body.totalCount).toBe(0);
    const essen = await dataManager.get<Page>(
      `NngmStudyPatient/study/${registry.studyId}/my?search=${created.pseudonym}&filterStudyInstitute=true&studyInstituteId=${registry.locationOf('2002')}`,
    );
    expect(essen.body.totalCount).toBe(0);
    const paged = await physician.get<Page>(`NngmStudyPatient/study/${registry.studyId}/my?itemsPerPage=1&filterIsDiginet=true`);
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.totalCount).toBeGreaterThanOrEqual(1);
    expect((await physician.get(`NngmStudyPatient/study/${registry.studyId}/myAssigned`)).status).toBe(403);
  });

  it('keeps only the names of ML master data changes, never the values', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry);
    const stammdaten = await createTestUser(backend.database, { role: 'MasterDataManager', institutes: ['1001'] });
    const masterDataManager = api(backend.app, (await signIn(backend.app, stammdaten.userName, stammdaten.password)).token);
    expect(
      (await dataManager.send('PUT', `NngmStudyPatient/${studyPatientId}/UpdateNngmStudyPatientDataML`, { firstName: 'Erika' })).status,
    ).toBe(403);
    const ml = await masterDataManager.send<boolean>('PUT', `NngmStudyPatient/${studyPatientId}/UpdateNngmStudyPatientDataML`, {
      firstName: 'Erika',
      lastName: 'Mustermann',
      insuranceNumber: 'A123456780',
    });
    expect(ml.body).toBe(true);
    const sex = fieldDefinitionId(registry.index, 'patient', 'sex');
    const standard = await physician.send<boolean>('PUT', `NngmStudyPatient/${studyPatientId}/UpdateNngmStudyPatientData`, {
      version: 1,
      fields: [valueField(sex, 'W')],
    });
    expect(standard.body).toBe(true);
    const log = await physician.get<{ variant: string; fieldNames: string[] }[]>(
      `NngmStudyPatient/${studyPatientId}/UpdateNngmStudyPatientDataLog`,
    );
    expect(log.body.map((e) => e.fieldNames)).toEqual([['sex'], ['firstName', 'insuranceNumber', 'lastName']]);
    const stored = JSON.stringify(
      await backend.database.db
        .selectFrom('audit_trail')
        .select(['old_value', 'new_value'])
        .where('record_id', '=', studyPatientId)
        .execute(),
    );
    expect(stored).not.toContain('Erika');
    expect(stored).not.toContain('A123456780');
    const stale = await physician.send<{ code: string }>('PUT', `StudyPatient/${studyPatientId}`, {
      version: 1,
      fields: [valueField(sex, 'M')],
    });
    expect(stale.body.code).toBe('ECRF_ERR_STALE_WRITE');
  });

  it('seeds demo patients with a baseline visit at the demo locations, under pseudonyms', async () => {
    const demo = await backend.database.db
      .selectFrom('patient as p')
      .innerJoin('study_patient as sp', 'sp.patient_id', 'p.id')
      .innerJoin('visit as v', 'v.study_patient_id', 'sp.id')
      .select(['p.pseudonym', 'v.visit_date'])
      .where('p.pseudonym', 'like', 'DEMO-1001-%')
      .execute();
    expect(demo.map((d) => d.pseudonym).sort()).toEqual(['DEMO-1001-1', 'DEMO-1001-2']);
  });

  it('creates, reads, links and deletes patients and study patients', async () => {
    const created = await physician.send<{ id: string; patientId: string }>('POST', 'Patient', {});
    expect(created.status).toBe(201);
    expect(created.body.patientId).toMatch(/^P[A-Z2-9]{8}$/);
    const enrolled = await physician.send<{ id: string; version: number }>('POST', 'StudyPatient', {
      patientId: created.body.id,
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf('1001'),
    });
    expect(enrolled.status).toBe(201);
    expect(
      (
        await physician.send('POST', 'StudyPatient', {
          patientId: created.body.id,
          studyId: registry.studyId,
          studyInstituteId: registry.locationOf('3003'),
        })
      ).status,
    ).toBe(403);
    expect((await physician.get<unknown[]>(`StudyPatient/patient/${created.body.id}`)).body).toHaveLength(1);
    expect((await physician.get<{ id: string }[]>(`Patient/my?ids=${created.body.id}`)).body.map((p) => p.id)).toEqual([created.body.id]);
    expect(
      (await physician.get<{ id: string }[]>(`StudyPatient/study/${registry.studyId}/my`)).body.some((p) => p.id === enrolled.body.id),
    ).toBe(true);
    const portal = await dataManager.send<{ portalRegisteredAt: string | null }>(
      'PUT',
      `StudyPatient/registerForPortal/${enrolled.body.id}`,
    );
    expect(portal.status).toBe(403);
    const user = await createTestUser(backend.database, { role: 'Researcher' });
    const linked = await dataManager.send<{ linkedUserId: string }>('PUT', `Patient/${created.body.id}/linkuser/${user.id}`);
    expect(linked.body.linkedUserId).toBe(user.id);
    // A deletion needs a reason, as a visit's does; a blank one is none (issue 15).
    expect((await dataManager.send('DELETE', `StudyPatient/${enrolled.body.id}`)).status).toBe(400);
    expect((await dataManager.send('DELETE', `StudyPatient/${enrolled.body.id}?reasonOfChange=%20%20`)).status).toBe(400);
    expect((await dataManager.send('DELETE', `StudyPatient/${enrolled.body.id}?reasonOfChange=%20Doppelt%20angelegt`)).status).toBe(204);
    const deletion = await backend.database.db
      .selectFrom('audit_trail')
      .select('reason')
      .where('record_id', '=', enrolled.body.id)
      .where('operation', '=', 'Delete')
      .executeTakeFirstOrThrow();
    expect(deletion.reason).toBe('Doppelt angelegt');
    expect((await dataManager.send('DELETE', `Patient/${created.body.id}`)).status).toBe(204);
    expect((await dataManager.get<{ isDeleted: boolean }>(`Patient/${created.body.id}`)).body.isDeleted).toBe(true);
  });
});

type FlaggedPage = {
  totalCount: number;
  items: { id: string; hasDropout: boolean; visitsCount: number; visitStates: { id: string; state: string }[] }[];
};

describe('the patient table flags kept on save', () => {
  it('lists a patient as dropout from the save of vital state A until it is changed, with its visits and their states', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry, '1001', '2023-02-01');
    const { pseudonym } = (await physician.get<{ pseudonym: string }>(`StudyPatient/${studyPatientId}/context`)).body;
    const dropouts = async () =>
      (await physician.get<FlaggedPage>(`NngmStudyPatient/study/${registry.studyId}/my?search=${pseudonym}&filterHasDropout=true`)).body;
    expect((await dropouts()).totalCount).toBe(0);

    const followUp = await physician.send<{ id: string }>('POST', 'Visit', {
      studyPatientId,
      definitionId: registry.index.visitByIdentifier.get('fu')?.id,
      visitDate: '2024-02-15',
      fields: [valueField(fieldDefinitionId(registry.index, 'fu', 'fu_date'), '2024-02-15')],
    });
    const vitalState = fieldDefinitionId(registry.index, 'vital_status', 'vital_state');
    const vital = await createInstrument(physician, registry, studyPatientId, followUp.body.id, 'vital_status', [
      valueField(vitalState, 'A'),
    ]);

    const listed = await dropouts();
    expect(listed.totalCount).toBe(1);
    expect(listed.items[0]).toMatchObject({ id: studyPatientId, hasDropout: true, visitsCount: 2 });
    expect(listed.items[0]?.visitStates.map(({ id, state }) => ({ id, state }))).toEqual([
      { id: baseline.id, state: baseline.state },
      { id: followUp.body.id, state: 'missing_data' },
    ]);

    const field = vital.fields.find((f) => f.definitionId === vitalState);
    const saved = await physician.send('PUT', `Instrument/${vital.id}`, {
      version: vital.version,
      fields: [valueField(vitalState, 'L', field?.id)],
      reasonForChange: 'Korrektur',
    });
    expect(saved.status).toBe(200);
    expect((await dropouts()).totalCount).toBe(0);
  });
});
