/**
 * The invariants of the one documentation write path, proven once for every documentation write route (issue 25
 * item 6; STYLE.md "A table-driven test of invariants over every route that writes", as Medplum runs one policy
 * matrix across resource types). Each hostile state is made on a patient of its own; every route it concerns is
 * then called and must be refused with the same status and code, and nothing of the patient's documentation or its
 * audit trail may change.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createCompleteFollowUp,
  createPatientWithBaseline,
  demoRegistry,
  fieldAt,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, TEST_PASSWORD, type TestBackend } from '../test-support/test-backend.js';
import type { InstrumentDto, VisitDto } from './patient-documents.js';

let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: Api;
let documentalist: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const sign = async (role: 'DataManager' | 'Documentalist') => {
    const user = await createTestUser(backend.database, { role, institutes: ['1001'] });
    return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
  };
  dataManager = await sign('DataManager');
  // A documentalist who has not passed the study's e-learning (the demo requires it of documentalists).
  documentalist = await sign('Documentalist');
});
afterAll(() => backend.close());

/** A patient with a baseline and a complete follow-up, and what the routes below write to. */
type Target = {
  studyPatientId: string;
  patientVersion: number;
  baseline: VisitDto;
  visit: VisitDto;
  performance: InstrumentDto;
  ecogDateFieldId: string;
  step: { id: string; version: number };
};

async function target(): Promise<Target> {
  const { studyPatientId, baseline } = await createPatientWithBaseline(dataManager, registry);
  const visit = await createCompleteFollowUp(dataManager, registry, studyPatientId);
  const performance = visit.instruments.find((i) => i.identifier === 'performance');
  const ecogDate = performance && fieldAt(registry.index, performance.fields, 'ecog_date');
  if (!performance || !ecogDate) throw new Error('the follow-up lacks its performance instrument');
  const steps = await dataManager.send<{ steps: { id: string; version: number }[] }>('POST', 'CaseProcess', {
    visitId: visit.id,
    definitionIdentifier: 'documentation',
    state: 'incomplete',
    order: 10,
  });
  const step = steps.body.steps[0];
  if (!step) throw new Error(`no case process step: ${JSON.stringify(steps.body)}`);
  const patient = await backend.database.db
    .selectFrom('study_patient')
    .select('version')
    .where('id', '=', studyPatientId)
    .executeTakeFirstOrThrow();
  return { studyPatientId, patientVersion: patient.version, baseline, visit, performance, ecogDateFieldId: ecogDate.id, step };
}

type Call = { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
/** What a hostile case puts into a call: a date to write, and whether a reason is given. */
type Input = { date: string; reason: string | undefined };

const reasonQuery = (input: Input) => (input.reason ? `reasonOfChange=${encodeURIComponent(input.reason)}` : '');
const defId = (form: string, path: string) => fieldDefinitionId(registry.index, form, path);

/** Every REST route that writes patient documentation. */
const ROUTES = {
  'POST Instrument': (t, input) => ({
    method: 'POST',
    url: 'Instrument',
    body: {
      studyPatientId: t.studyPatientId,
      visitId: t.baseline.id,
      definitionId: registry.index.instrumentByIdentifier.get('performance')?.id,
      fields: [valueField(defId('performance', 'ecog'), '1'), valueField(defId('performance', 'ecog_date'), input.date)],
      reasonForChange: input.reason,
    },
  }),
  'PUT Instrument': (t, input) => ({
    method: 'PUT',
    url: `Instrument/${t.performance.id}`,
    body: {
      version: t.performance.version,
      fields: [valueField(defId('performance', 'ecog_date'), input.date, t.ecogDateFieldId)],
      reasonForChange: input.reason,
    },
  }),
  'DELETE Instrument': (t, input) => ({ method: 'DELETE', url: `Instrument/${t.performance.id}?${reasonQuery(input)}` }),
  'POST Visit': (t, input) => ({
    method: 'POST',
    url: 'Visit',
    body: {
      studyPatientId: t.studyPatientId,
      definitionId: registry.index.visitByIdentifier.get('fu')?.id,
      visitDate: input.date,
      fields: [valueField(defId('fu', 'fu_date'), input.date)],
    },
  }),
  'PUT Visit': (t, input) => ({
    method: 'PUT',
    url: `Visit/${t.visit.id}`,
    body: { version: t.visit.version, visitDate: input.date, reasonForChange: input.reason },
  }),
  'DELETE Visit': (t, input) => ({ method: 'DELETE', url: `Visit/${t.visit.id}?${reasonQuery(input)}` }),
  'DELETE NngmVisit': (t, input) => ({ method: 'DELETE', url: `NngmVisit/${t.visit.id}?${reasonQuery(input)}` }),
  'POST Visit/sign': (t) => ({ method: 'POST', url: `Visit/${t.visit.id}/sign`, body: { password: TEST_PASSWORD } }),
  'PUT StudyPatient': (t, input) => ({
    method: 'PUT',
    url: `StudyPatient/${t.studyPatientId}`,
    body: {
      version: t.patientVersion,
      fields: [valueField(defId('patient', 'birth_date'), input.date)],
      reasonForChange: input.reason,
    },
  }),
  'PUT NngmStudyPatient data': (t, input) => ({
    method: 'PUT',
    url: `NngmStudyPatient/${t.studyPatientId}/UpdateNngmStudyPatientData`,
    body: {
      version: t.patientVersion,
      fields: [valueField(defId('patient', 'birth_date'), input.date)],
      reasonForChange: input.reason,
    },
  }),
  'POST DataField': (t, input) => ({
    method: 'POST',
    url: 'DataField',
    body: {
      ownerKind: 'Visit',
      ownerId: t.visit.id,
      version: t.visit.version,
      definitionId: defId('fu', 'fu_note'),
      values: [{ value: `Notiz vom ${input.date}` }],
      reasonForChange: input.reason,
    },
  }),
  'PUT DataField': (t, input) => ({
    method: 'PUT',
    url: `DataField/${t.ecogDateFieldId}`,
    body: { version: t.performance.version, values: [{ value: input.date }], reasonForChange: input.reason },
  }),
  'DELETE DataField': (t, input) => ({
    method: 'DELETE',
    url: `DataField/${t.ecogDateFieldId}?version=${t.performance.version}${input.reason ? `&reasonForChange=${encodeURIComponent(input.reason)}` : ''}`,
  }),
  'POST CaseProcess': (t) => ({
    method: 'POST',
    url: 'CaseProcess',
    body: { visitId: t.visit.id, definitionIdentifier: 'review', state: 'incomplete', order: 20 },
  }),
  'PUT CaseProcess': (t) => ({
    method: 'PUT',
    url: `CaseProcess/${t.step.id}`,
    body: { version: t.step.version, state: 'complete' },
  }),
} satisfies Record<string, (t: Target, input: Input) => Call>;
type Route = keyof typeof ROUTES;
const ALL = Object.keys(ROUTES) as Route[];
const except = (...left: Route[]) => ALL.filter((route) => !left.includes(route));

const VALID: Input = { date: '2023-05-10', reason: 'Korrektur nach Quelldatenabgleich' };

type Hostile = {
  name: string;
  /** Makes the target hostile; answers who calls. */
  make: (t: Target) => Promise<Api>;
  input: Input;
  routes: Route[];
  status: number;
  code: string;
};

const HOSTILE: Hostile[] = [
  {
    name: 'a deleted patient',
    make: async (t) => {
      expect((await dataManager.send('DELETE', `StudyPatient/${t.studyPatientId}?reasonOfChange=Doppelt%20angelegt`)).status).toBe(204);
      return dataManager;
    },
    input: VALID,
    routes: ALL,
    status: 404,
    code: 'ECRF_ERR_NOT_FOUND',
  },
  {
    name: 'a patient merged into another',
    make: async (t) => {
      const survivor = await createPatientWithBaseline(dataManager, registry);
      // What "Dieselbe Person" leaves on the merged-away study patient (identity/study-patient-merge.ts).
      await backend.database.db
        .updateTable('study_patient')
        .set({ is_deleted: true, merged_into_study_patient_id: survivor.studyPatientId })
        .where('id', '=', t.studyPatientId)
        .execute();
      return dataManager;
    },
    input: VALID,
    routes: ALL,
    status: 404,
    code: 'ECRF_ERR_NOT_FOUND',
  },
  {
    name: 'a locked visit',
    make: async (t) => {
      await backend.database.db.updateTable('visit').set({ locked: true }).where('id', 'in', [t.visit.id, t.baseline.id]).execute();
      return dataManager;
    },
    input: VALID,
    // Signing, the case process and the patient's own fields are no documentation of the locked visit.
    routes: except('POST Visit', 'POST Visit/sign', 'PUT StudyPatient', 'PUT NngmStudyPatient data', 'POST CaseProcess', 'PUT CaseProcess'),
    status: 409,
    code: 'ECRF_ERR_VISIT_NOT_EDITABLE',
  },
  {
    name: 'a signed visit changed without a reason',
    make: async (t) => {
      const signed = await dataManager.send<{ success: boolean }>('POST', `Visit/${t.visit.id}/sign`, { password: TEST_PASSWORD });
      expect(signed.body.success).toBe(true);
      const visit = await dataManager.get<VisitDto>(`Visit/${t.visit.id}`);
      t.visit = visit.body;
      return dataManager;
    },
    input: { ...VALID, reason: undefined },
    routes: ['PUT Instrument', 'PUT Visit', 'POST DataField', 'PUT DataField'],
    status: 422,
    code: 'ECRF_ERR_REASON_REQUIRED',
  },
  {
    name: 'a stale version',
    // Someone else saved each record after the target was read: every write below sends the version read before.
    make: async (t) => {
      const { db } = backend.database;
      const bump = { version: sql<number>`version + 1` };
      await db.updateTable('study_patient').set(bump).where('id', '=', t.studyPatientId).execute();
      await db.updateTable('visit').set(bump).where('id', '=', t.visit.id).execute();
      await db.updateTable('instrument').set(bump).where('id', '=', t.performance.id).execute();
      await db.updateTable('case_process_step').set(bump).where('id', '=', t.step.id).execute();
      return dataManager;
    },
    input: VALID,
    routes: [
      'PUT Instrument',
      'PUT Visit',
      'PUT StudyPatient',
      'PUT NngmStudyPatient data',
      'POST DataField',
      'PUT DataField',
      'DELETE DataField',
      'PUT CaseProcess',
    ],
    status: 409,
    code: 'ECRF_ERR_STALE_WRITE',
  },
  {
    name: 'an impossible date',
    make: async () => dataManager,
    input: { ...VALID, date: '2026-02-31' },
    routes: [
      'POST Instrument',
      'PUT Instrument',
      'POST Visit',
      'PUT Visit',
      'PUT StudyPatient',
      'PUT NngmStudyPatient data',
      'PUT DataField',
    ],
    status: 400,
    code: 'ECRF_ERR_VALIDATION',
  },
  {
    name: 'a documentalist who has not passed the e-learning',
    make: async () => documentalist,
    input: VALID,
    // A documentalist holds neither the signature nor the deletion of visits: those answer 403 for the missing right.
    routes: except('POST Visit/sign', 'DELETE Visit', 'DELETE NngmVisit'),
    status: 403,
    code: 'ECRF_ERR_ELEARNING_REQUIRED',
  },
];

/** The patient's documentation and its audit rows, as stored: what a refused write must leave unchanged. */
async function stored(studyPatientId: string) {
  const { db } = backend.database;
  const [patient, visits, instruments, steps] = await Promise.all([
    db.selectFrom('study_patient').selectAll().where('id', '=', studyPatientId).execute(),
    db.selectFrom('visit').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('id').execute(),
    db.selectFrom('instrument').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('id').execute(),
    db.selectFrom('case_process_step').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('id').execute(),
  ]);
  const ids = [studyPatientId, ...visits.map((v) => v.id), ...instruments.map((i) => i.id), ...steps.map((s) => s.id)];
  const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM audit_trail WHERE record_id = ANY(${ids})`.execute(db);
  return { patient, visits, instruments, steps, auditRows: Number(rows[0]?.count) };
}

describe('every documentation write route', () => {
  for (const hostile of HOSTILE) {
    it(`refuses ${hostile.name} with ${hostile.status} ${hostile.code}, storing nothing`, async () => {
      const t = await target();
      const caller = await hostile.make(t);
      const before = await stored(t.studyPatientId);
      const answers: Record<string, string> = {};
      for (const route of hostile.routes) {
        const { method, url, body }: Call = ROUTES[route](t, hostile.input);
        const response = await caller.send<{ code?: string }>(method, url, body);
        answers[route] = `${response.status} ${response.body?.code ?? ''}`;
      }
      expect(answers).toEqual(Object.fromEntries(hostile.routes.map((route) => [route, `${hostile.status} ${hostile.code}`])));
      expect(await stored(t.studyPatientId)).toEqual(before);
    });
  }

  it('is exercised by every case somewhere, and the valid input passes every route', async () => {
    expect(new Set(HOSTILE.flatMap((h) => h.routes))).toEqual(new Set(ALL));
    // The same calls with valid input are accepted: the refusals above come from the hostile state, not the call.
    for (const route of ALL) {
      const t = await target();
      const { method, url, body }: Call = ROUTES[route](t, VALID);
      const response = await dataManager.send<{ code?: string }>(method, url, body);
      expect(response.status, `${route}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    }
  });
});
