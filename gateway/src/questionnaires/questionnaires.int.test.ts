/**
 * The questionnaire system through the graph against a real backend: a case manager issues a patient access, the
 * patient (no token) opens the PHQ-9 by the code alone and submits it, the score appears on the study patient and in
 * the questionnaire's scores; typed refusals for unknown patients, missing answers, used codes and a client that
 * presents too many invalid codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_ACCESS_FAILURES } from './questionnaire-access.resolvers.js';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let superadmin: string;
let caseManager: string;
let patients: PatientFixtures;
let phq9: { id: string; items: { key: string; required: boolean }[] };

type Errors = { code: string; message: string; path: string[] }[];
type Access = { accessCode: string; path: string; expiresAt: string; respondent: string };

async function data<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const answer = await harness.request<T>(query, variables, token);
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

const CREATE = `mutation($input: CreateQuestionnaireAccessInput!) { createQuestionnaireAccess(input: $input) {
  access { accessCode path expiresAt respondent } interview { id status } errors { code message path } } }`;
const OPEN = `query($code: String!) { patientQuestionnaire(accessCode: $code) {
  questionnaire { title instruction respondent items { key number text required options { code text } } } errors { code path } } }`;
const SUBMIT = `mutation($input: SubmitQuestionnaireAnswersInput!) { submitQuestionnaireAnswers(input: $input) {
  submitted completedAt errors { code message path } } }`;

const create = (input: Record<string, unknown>, token = caseManager) =>
  data<{ createQuestionnaireAccess: { access: Access | null; interview: { id: string; status: string } | null; errors: Errors } }>(
    CREATE,
    { input: { questionnaireId: phq9.id, respondent: 'PATIENT', ...input } },
    token,
  ).then((d) => d.createQuestionnaireAccess);

const answersOf = (values: number[]) => values.map((v, i) => ({ itemKey: `phq9_0${i + 1}`, optionCode: String(v) }));
const submit = (accessCode: string, values: number[]) =>
  data<{ submitQuestionnaireAnswers: { submitted: boolean; completedAt: string | null; errors: Errors } }>(SUBMIT, {
    input: { accessCode, answers: answersOf(values) },
  }).then((d) => d.submitQuestionnaireAnswers);

beforeAll(async () => {
  harness = await startHarness();
  superadmin = (await harness.signIn('superadmin')).token;
  caseManager = (await harness.signIn('casemanager')).token;
  patients = patientFixtures(harness, caseManager, superadmin);
  const list = await data<{ questionnaires: (typeof phq9 & { identifier: string })[] }>(
    '{ questionnaires { id identifier items { key required } } }',
    {},
    caseManager,
  );
  const found = list.questionnaires.find((q) => q.identifier === 'phq-9');
  if (!found) throw new Error('no PHQ-9');
  phq9 = found;
});
afterAll(async () => {
  await harness?.close();
});

describe('questionnaires in the graph', () => {
  it('lets a patient fill in the PHQ-9 by the code alone, and shows the score on the patient', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const capabilities = await data<{ node: { viewerCan: { createPatientQuestionnaireAccess: boolean; enterQuestionnaire: boolean } } }>(
      'query($id: ID!) { node(id: $id) { ... on StudyPatient { viewerCan { createPatientQuestionnaireAccess enterQuestionnaire } } } }',
      { id: studyPatientId },
      caseManager,
    );
    expect(capabilities.node.viewerCan).toEqual({ createPatientQuestionnaireAccess: true, enterQuestionnaire: true });
    const created = await create({ studyPatientId, validDays: 14 });
    expect(created.errors).toEqual([]);
    expect(created.interview?.status).toBe('OPEN');
    const access = created.access;
    if (!access) throw new Error('no access');
    expect(access.path).toBe(`/fragebogen/${access.accessCode}`);
    expect(access.respondent).toBe('PATIENT');

    const opened = await harness.request<{
      patientQuestionnaire: { questionnaire: { items: { required: boolean }[] } | null; errors: Errors };
    }>(OPEN, { code: access.accessCode });
    expect(opened.status).toBe(200);
    expect(opened.data?.patientQuestionnaire.errors).toEqual([]);
    expect(opened.data?.patientQuestionnaire.questionnaire?.items.filter((i) => i.required)).toHaveLength(9);

    const partial = await data<{ submitQuestionnaireAnswers: { submitted: boolean; errors: Errors } }>(SUBMIT, {
      input: { accessCode: access.accessCode, answers: answersOf([1, 1, 1, 1, 1, 1, 1, 1]) },
    });
    expect(partial.submitQuestionnaireAnswers).toEqual({
      submitted: false,
      completedAt: null,
      errors: [{ code: 'INVALID_VALUE', message: 'Bitte beantworten Sie Frage 9.', path: ['answers', 'phq9_09'] }],
    });
    expect(await submit(access.accessCode, [2, 3, 2, 3, 2, 1, 2, 2, 1])).toMatchObject({ submitted: true, errors: [] });
    expect((await submit(access.accessCode, [0, 0, 0, 0, 0, 0, 0, 0, 0])).errors.map((e) => [e.code, e.path])).toEqual([
      ['ACCESS_INVALID', ['accessCode']],
    ]);

    const INTERVIEWS = `query($id: ID!) { node(id: $id) { ... on StudyPatient { questionnaireInterviews {
      id status respondent answers { itemKey optionCode } questionnaire { shortTitle }
      score { total min max band { code label } flags { code } needsClinicalAttention } } } } }`;
    type Interview = { id: string; status: string; respondent: string; score: { total: number; band: { label: string } } };
    const seen = await data<{ node: { questionnaireInterviews: Interview[] } }>(INTERVIEWS, { id: studyPatientId }, caseManager);
    expect(seen.node.questionnaireInterviews).toEqual([
      expect.objectContaining({
        id: created.interview?.id,
        status: 'COMPLETED',
        respondent: 'PATIENT',
        questionnaire: { shortTitle: 'PHQ-9' },
        score: {
          total: 18,
          min: 0,
          max: 27,
          band: { code: 'moderately_severe', label: 'Mittelgradig bis schwer' },
          flags: [{ code: 'suicidal_thoughts' }],
          needsClinicalAttention: true,
        },
      }),
    ]);
    const node = await data<{ node: { status: string } | null }>(
      'query($id: ID!) { node(id: $id) { ... on QuestionnaireInterview { status } } }',
      { id: created.interview?.id },
      caseManager,
    );
    expect(node.node).toEqual({ status: 'COMPLETED' });

    const SCORES = 'query($id: ID!) { node(id: $id) { ... on Questionnaire { scores(first: 500) { totalCount edges { node { id } } } } } }';
    const scores = await data<{ node: { scores: { totalCount: number; edges: { node: { id: string } }[] } } }>(
      SCORES,
      { id: phq9.id },
      superadmin,
    );
    expect(scores.node.scores.edges.map((e) => e.node.id)).toContain(created.interview?.id);
    const refused = await harness.request(SCORES, { id: phq9.id }, caseManager);
    expect(refused.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it('refuses a patient of another location as an unknown id, and invalid input at its field', async () => {
    const elsewhere = patientFixtures(harness, superadmin);
    const studyPatientId = await elsewhere.createPatient('3003');
    expect((await create({ studyPatientId })).errors).toEqual([
      { code: 'INVALID_VALUE', message: 'Unbekannte Id', path: ['studyPatientId'] },
    ]);
    const ownPatient = await patients.createPatient('1001');
    expect((await create({ studyPatientId: ownPatient, validDays: 31 })).errors.map((e) => e.path)).toEqual([['validDays']]);
    const staff = await create({ studyPatientId: ownPatient, respondent: 'STAFF' });
    expect(staff.access?.respondent).toBe('STAFF');
    const seen = await data<{ node: { questionnaireInterviews: unknown[] } }>(
      'query($id: ID!) { node(id: $id) { ... on StudyPatient { questionnaireInterviews { id } } } }',
      { id: studyPatientId },
      superadmin,
    );
    expect(seen.node.questionnaireInterviews).toEqual([]);
  });

  it('refuses a client that presents too many invalid codes, before asking the backend', async () => {
    // The used code of the first test counted already: the limit is per client, over all its requests.
    const codes: string[] = [];
    for (let i = 0; i < GATEWAY_ACCESS_FAILURES.maxFailures; i++) {
      const answer = await data<{ patientQuestionnaire: { errors: Errors } }>(OPEN, {
        code: `0000-0000-0000-0000-00${String(i).padStart(2, '0')}`,
      });
      codes.push(...answer.patientQuestionnaire.errors.map((e) => e.code));
    }
    expect(codes.slice(0, GATEWAY_ACCESS_FAILURES.maxFailures - 1)).toEqual(
      Array(GATEWAY_ACCESS_FAILURES.maxFailures - 1).fill('ACCESS_INVALID'),
    );
    expect(codes.at(-1)).toBe('TOO_MANY_ATTEMPTS');
    const valid = (await create({ studyPatientId: await patients.createPatient('1001') })).access?.accessCode ?? '';
    const blocked = await data<{ patientQuestionnaire: { questionnaire: unknown; errors: Errors } }>(OPEN, { code: valid });
    expect(blocked.patientQuestionnaire).toEqual({ questionnaire: null, errors: [{ code: 'TOO_MANY_ATTEMPTS', path: ['accessCode'] }] });
    // Behind a trusted proxy (loopback here; TRUST_PROXY) the client it names counts, not the proxy's address.
    const forwarded = await fetch(`${harness.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
      body: JSON.stringify({ query: OPEN, variables: { code: valid } }),
    });
    const opened = (await forwarded.json()) as {
      data: { patientQuestionnaire: { questionnaire: { title: string } | null; errors: Errors } };
    };
    expect(opened.data.patientQuestionnaire.errors).toEqual([]);
    expect(opened.data.patientQuestionnaire.questionnaire?.title).toBeTruthy();
  });
});
