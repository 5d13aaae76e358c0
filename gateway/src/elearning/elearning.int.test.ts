/**
 * The e-learning through the graph against a real backend: a new documentalist (a role the demo requires it
 * of) reads the study's e-learning and requirement, is refused documentation with ELEARNING_REQUIRED, gets
 * unfitting answers back as INVALID_VALUE, passes, and documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { newUser, patientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let admin: string;

beforeAll(async () => {
  harness = await startHarness();
  admin = (await harness.signIn('adminnngm')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Errors = { code: string; message: string; path: string[] }[];
type Definition = {
  id: string;
  identifier: string;
  viewerElearningRequirement: { required: boolean; passed: boolean; pending: boolean };
  elearning: {
    title: string;
    passThreshold: number;
    questions: { key: string; multipleChoice: boolean; options: { key: string }[] }[];
    viewerResult: { passed: boolean } | null;
  } | null;
};
const DEFINITION_FIELDS = `id identifier viewerElearningRequirement { required passed pending }
  elearning { title passThreshold questions { key multipleChoice options { key } } viewerResult { passed } }`;
const SUBMIT = `mutation($input: SubmitElearningResultInput!) { submitElearningResult(input: $input) {
  result { passed correctCount questionCount answers { questionKey optionKeys } }
  studyDefinition { viewerElearningRequirement { pending } } errors { code message path } } }`;
/** The demo e-learning's correct options (backend/src/elearning/demo-elearning.ts). */
const CORRECT: Record<string, string[]> = {
  identity: ['pseudonym'],
  consent: ['consent'],
  coding: ['icd10', 'icdo3'],
  reason: ['reason'],
  stale: ['reload'],
};

const newDocumentalist = () => newUser(harness, admin, 'Documentalist');

describe('the e-learning in the graph', () => {
  it('gates documentation until the viewer passes', async () => {
    const documentalist = await newDocumentalist();
    const studyPatientId = await patientFixtures(harness, (await harness.signIn('superadmin')).token).createPatient('1001');
    const patients = patientFixtures(harness, documentalist, (await harness.signIn('superadmin')).token);

    const read = await harness.request<{ studyDefinitions: Definition[] }>(
      `{ studyDefinitions { ${DEFINITION_FIELDS} } }`,
      {},
      documentalist,
    );
    const lung = read.data?.studyDefinitions.find((d) => d.identifier === 'nngm_lung');
    expect(lung?.viewerElearningRequirement).toEqual({ required: true, passed: false, pending: true });
    expect(lung?.elearning).toMatchObject({ title: 'Dokumentieren im nNGM-Lungenkrebsregister', passThreshold: 4, viewerResult: null });
    expect(lung?.elearning?.questions.map((q) => [q.key, q.multipleChoice])).toEqual([
      ['identity', false],
      ['consent', false],
      ['coding', true],
      ['reason', false],
      ['stale', false],
    ]);

    const refused = await patients.createVisit(studyPatientId, 'baseline', '2025-02-01');
    expect(refused.visit).toBeNull();
    expect(refused.errors).toEqual([
      {
        code: 'ELEARNING_REQUIRED',
        message: 'Bitte absolvieren Sie zuerst das E-Learning dieser Studie. Erst danach können Sie in ihr dokumentieren.',
      },
    ]);

    const answers = Object.entries(CORRECT).map(([questionKey, optionKeys]) => ({ questionKey, optionKeys }));
    type Submitted = {
      submitElearningResult: {
        result: { passed: boolean; correctCount: number } | null;
        studyDefinition: { viewerElearningRequirement: { pending: boolean } } | null;
        errors: Errors;
      };
    };
    const invalid = await harness.request<Submitted>(
      SUBMIT,
      { input: { studyDefinitionId: lung?.id, answers: answers.slice(1) } },
      documentalist,
    );
    expect(invalid.data?.submitElearningResult).toEqual({
      result: null,
      studyDefinition: null,
      errors: [{ code: 'INVALID_VALUE', message: 'Frage 1 ist nicht beantwortet.', path: ['answers'] }],
    });

    const passed = await harness.request<Submitted>(SUBMIT, { input: { studyDefinitionId: lung?.id, answers } }, documentalist);
    expect(passed.data?.submitElearningResult).toMatchObject({
      result: { passed: true, correctCount: 5 },
      studyDefinition: { viewerElearningRequirement: { pending: false } },
      errors: [],
    });

    const created = await patients.createVisit(studyPatientId, 'baseline', '2025-02-01');
    expect(created.errors).toEqual([]);
    expect(created.visit?.id).toBeTruthy();
  });
});
