/**
 * The invariants of the one documentation write path through the graph (issue 25 item 6; the REST side is
 * backend/src/patient-documentation/documentation-invariants.int.test.ts): every mutation that writes patient
 * documentation gets the same hostile cases and must be refused with the same code (a typed user error, or the
 * GraphQL error code where the graph answers one), storing nothing the patient's documentation shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { newUser, patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let fixtures: PatientFixtures;
let dataManager: string;
let documentalist: string;

beforeAll(async () => {
  harness = await startHarness();
  const admin = (await harness.signIn('superadmin')).token;
  fixtures = patientFixtures(harness, admin);
  dataManager = (await harness.signIn('datamanager')).token;
  // New: has not passed the demo e-learning, which documentalists must.
  documentalist = await newUser(harness, admin, 'Documentalist');
});
afterAll(async () => {
  await harness?.close();
});

const ERRORS = 'errors { code }';
/** The patient as its screen reads it: what a refused mutation must leave as it was. */
const SNAPSHOT = `query($id: ID!) { node(id: $id) { ... on StudyPatient { version fields { id values { value } }
  visits { id version isSigned visitDate fields { id values { value } }
    instruments { id version state fields { id values { value } childFields { id values { value } } } }
    caseProcessSteps { id version state } } } } }`;

type Target = {
  studyPatientId: string;
  patientVersion: number;
  baselineId: string;
  visit: { id: string; version: number };
  performance: { id: string; version: number; ecogDateId: string };
  step: { id: string; version: number };
  keys: Record<string, string>;
};

async function target(): Promise<Target> {
  const studyPatientId = await fixtures.createPatient();
  const baseline = (await fixtures.createVisit(studyPatientId, 'baseline', '2025-03-01')).visit;
  if (!baseline) throw new Error('no baseline');
  const visit = await fixtures.createCompleteFollowUp(studyPatientId);
  await fixtures.graph(
    `mutation($input: CreateCaseProcessStepInput!) { createCaseProcessStep(input: $input) { ${ERRORS} } }`,
    { input: { visitId: visit.id, definitionIdentifier: 'inclusion', state: 'INCOMPLETE', order: 10 } },
    dataManager,
  );
  const read = await fixtures.graph<{
    node: {
      version: number;
      visits: {
        id: string;
        version: number;
        caseProcessSteps: { id: string; version: number }[];
        instruments: {
          id: string;
          version: number;
          definition: { identifier: string };
          fields: { id: string; definition: { identifier: string } }[];
        }[];
      }[];
    };
  }>(
    `query($id: ID!) { node(id: $id) { ... on StudyPatient { version visits { id version caseProcessSteps { id version }
      instruments { id version definition { identifier } fields { id definition { identifier } } } } } } }`,
    { id: studyPatientId },
  );
  const fu = read.data.node.visits.find((v) => v.id === visit.id);
  const performance = fu?.instruments.find((i) => i.definition.identifier === 'performance');
  const ecogDate = performance?.fields.find((f) => f.definition.identifier === 'ecog_date');
  const step = fu?.caseProcessSteps[0];
  if (!fu || !performance || !ecogDate || !step) throw new Error('the follow-up lacks its performance instrument or step');
  const fuDefinition = await fixtures.visitDefinition('fu');
  const performanceDefinition = fuDefinition.instruments.find((i) => i.identifier === 'performance');
  const key = (fields: { key: string; identifier: string }[] | undefined, identifier: string) =>
    fields?.find((f) => f.identifier === identifier)?.key ?? '';
  return {
    studyPatientId,
    patientVersion: read.data.node.version,
    baselineId: baseline.id,
    visit: { id: fu.id, version: fu.version },
    performance: { id: performance.id, version: performance.version, ecogDateId: ecogDate.id },
    step,
    keys: {
      fuVisit: fuDefinition.id,
      fuDate: key(fuDefinition.fields, 'fu_date'),
      performance: performanceDefinition?.id ?? '',
      ecog: key(performanceDefinition?.fields, 'ecog'),
      ecogDate: key(performanceDefinition?.fields, 'ecog_date'),
    },
  };
}

type Input = { date: string; reason: string | null };
type Operation = { mutation: string; input: Record<string, unknown> };
const value = (date: string) => [{ value: date }];

/** Every mutation that writes patient documentation. */
const MUTATIONS = {
  createInstrument: (t: Target, input: Input): Operation => ({
    mutation: 'createInstrument(input: $input) { instrument { id } errors { code } }',
    input: {
      studyPatientId: t.studyPatientId,
      visitId: t.baselineId,
      definitionId: t.keys.performance,
      fields: [
        { definitionKey: t.keys.ecog, values: value('1') },
        { definitionKey: t.keys.ecogDate, values: value(input.date) },
      ],
      reasonForChange: input.reason,
    },
  }),
  updateInstrument: (t: Target, input: Input): Operation => ({
    mutation: 'updateInstrument(input: $input) { instrument { id } errors { code } }',
    input: {
      id: t.performance.id,
      version: t.performance.version,
      fields: [{ id: t.performance.ecogDateId, definitionKey: t.keys.ecogDate, values: value(input.date) }],
      reasonForChange: input.reason,
    },
  }),
  deleteInstrument: (t: Target, input: Input): Operation => ({
    mutation: 'deleteInstrument(input: $input) { deletedInstrumentId errors { code } }',
    input: { id: t.performance.id, reasonForChange: input.reason ?? 'x' },
  }),
  createVisit: (t: Target, input: Input): Operation => ({
    mutation: 'createVisit(input: $input) { visit { id } errors { code } }',
    input: {
      studyPatientId: t.studyPatientId,
      definitionId: t.keys.fuVisit,
      fields: [{ definitionKey: t.keys.fuDate, values: value(input.date) }],
    },
  }),
  updateVisit: (t: Target, input: Input): Operation => ({
    mutation: 'updateVisit(input: $input) { visit { id } errors { code } }',
    input: { id: t.visit.id, version: t.visit.version, visitDate: '2025-05-03', reasonForChange: input.reason },
  }),
  deleteVisit: (t: Target, input: Input): Operation => ({
    mutation: 'deleteVisit(input: $input) { deletedVisitId errors { code } }',
    input: { id: t.visit.id, reasonForChange: input.reason ?? 'x' },
  }),
  signVisit: (t: Target): Operation => ({
    mutation: 'signVisit(input: $input) { success errors { code } }',
    input: { id: t.visit.id, password: 'Demo-Passwort1' },
  }),
  updateStudyPatient: (t: Target, input: Input): Operation => ({
    mutation: 'updateStudyPatient(input: $input) { studyPatient { id } errors { code } }',
    input: { id: t.studyPatientId, version: t.patientVersion, fields: [], reasonForChange: input.reason },
  }),
  setFieldLock: (t: Target, input: Input): Operation => ({
    mutation: 'setFieldLock(input: $input) { studyPatient { id } errors { code } }',
    input: {
      studyPatientId: t.studyPatientId,
      fieldId: t.performance.ecogDateId,
      ownerVersion: t.performance.version,
      lockedManually: input.reason !== null,
    },
  }),
  createCaseProcessStep: (t: Target): Operation => ({
    mutation: 'createCaseProcessStep(input: $input) { steps { id } errors { code } }',
    input: { visitId: t.visit.id, definitionIdentifier: 'sample_receipt', state: 'INCOMPLETE', order: 20 },
  }),
  updateCaseProcessStep: (t: Target): Operation => ({
    mutation: 'updateCaseProcessStep(input: $input) { steps { id } errors { code } }',
    input: { id: t.step.id, version: t.step.version, state: 'COMPLETE' },
  }),
};
type Mutation = keyof typeof MUTATIONS;
const ALL = Object.keys(MUTATIONS) as Mutation[];
const VALID: Input = { date: '2025-05-10', reason: 'Korrektur nach Quelldatenabgleich' };

type Hostile = { name: string; make: (t: Target) => Promise<string>; input: Input; mutations: Mutation[]; code: string };

const HOSTILE: Hostile[] = [
  {
    name: 'a deleted patient',
    make: async (t) => {
      await fixtures.graph(
        `mutation($input: DeleteStudyPatientInput!) { deleteStudyPatient(input: $input) { ${ERRORS} } }`,
        { input: { id: t.studyPatientId, reasonForChange: 'Doppelt angelegt' } },
        dataManager,
      );
      return dataManager;
    },
    input: VALID,
    mutations: ALL,
    code: 'NOT_FOUND',
  },
  {
    name: 'a signed visit changed without a reason',
    make: async (t) => {
      const signed = await fixtures.graph<{ signVisit: { success: boolean; visit: { version: number } } }>(
        'mutation($input: SignVisitInput!) { signVisit(input: $input) { success visit { version } } }',
        { input: { id: t.visit.id, password: 'Demo-Passwort1' } },
        dataManager,
      );
      t.visit.version = signed.data.signVisit.visit.version;
      return dataManager;
    },
    input: { ...VALID, reason: null },
    mutations: ['updateInstrument', 'updateVisit'],
    code: 'REASON_REQUIRED',
  },
  {
    name: 'a stale version',
    make: async (t) => {
      // Someone else saves first: the target's versions are those read before.
      await fixtures.graph(
        `mutation($input: UpdateInstrumentInput!) { updateInstrument(input: $input) { ${ERRORS} } }`,
        {
          input: {
            id: t.performance.id,
            version: t.performance.version,
            fields: [{ id: t.performance.ecogDateId, definitionKey: t.keys.ecogDate, values: value('2025-05-04') }],
            reasonForChange: 'Erster',
          },
        },
        dataManager,
      );
      await fixtures.graph(
        `mutation($input: UpdateVisitInput!) { updateVisit(input: $input) { ${ERRORS} } }`,
        { input: { id: t.visit.id, version: t.visit.version, visitDate: '2025-05-05', reasonForChange: 'Erster' } },
        dataManager,
      );
      await fixtures.graph(
        `mutation($input: UpdateCaseProcessStepInput!) { updateCaseProcessStep(input: $input) { ${ERRORS} } }`,
        { input: { id: t.step.id, version: t.step.version, state: 'STOP' } },
        dataManager,
      );
      return dataManager;
    },
    input: VALID,
    mutations: ['updateInstrument', 'updateVisit', 'setFieldLock', 'updateCaseProcessStep'],
    code: 'STALE_WRITE',
  },
  {
    name: 'an impossible date',
    make: async () => dataManager,
    input: { ...VALID, date: '2026-02-31' },
    mutations: ['createInstrument', 'updateInstrument', 'createVisit'],
    code: 'INVALID_VALUE',
  },
  {
    name: 'a documentalist who has not passed the e-learning',
    make: async () => documentalist,
    input: VALID,
    // A documentalist holds neither the signature, the deletion of visits nor field locks: those are FORBIDDEN.
    mutations: ALL.filter((m) => !['signVisit', 'deleteVisit', 'setFieldLock'].includes(m)),
    code: 'ELEARNING_REQUIRED',
  },
];

/** The code a mutation's answer refuses with: its first user error, or its GraphQL error's code. */
function codeOf(answer: { data?: unknown; errors?: { extensions?: { code?: string } }[] }): string {
  if (answer.errors?.length) return answer.errors[0]?.extensions?.code ?? 'ERROR';
  const payload = Object.values((answer.data ?? {}) as Record<string, { errors?: { code: string }[]; success?: boolean }>)[0];
  return payload?.errors?.[0]?.code ?? (payload?.success === false ? 'NOT_SIGNED' : 'OK');
}

const run = (name: Mutation, t: Target, input: Input, token: string) => {
  const { mutation, input: variables } = MUTATIONS[name](t, input);
  return harness.request(`mutation($input: ${name[0]?.toUpperCase()}${name.slice(1)}Input!) { ${mutation} }`, { input: variables }, token);
};

const snapshot = async (studyPatientId: string) =>
  (await harness.request(SNAPSHOT, { id: studyPatientId }, (await harness.signIn('superadmin')).token)).data;

describe('every documentation mutation', () => {
  for (const hostile of HOSTILE) {
    it(`refuses ${hostile.name} with ${hostile.code}, storing nothing`, async () => {
      const t = await target();
      const token = await hostile.make(t);
      const before = await snapshot(t.studyPatientId);
      const answers: Record<string, string> = {};
      for (const name of hostile.mutations) answers[name] = codeOf(await run(name, t, hostile.input, token));
      expect(answers).toEqual(Object.fromEntries(hostile.mutations.map((name) => [name, hostile.code])));
      expect(await snapshot(t.studyPatientId)).toEqual(before);
    });
  }

  it('accepts every mutation with valid input, so the refusals come from the hostile states', async () => {
    for (const name of ALL) expect(codeOf(await run(name, await target(), VALID, dataManager)), name).toBe('OK');
  });
});
