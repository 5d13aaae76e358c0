/**
 * E-learning (issue 13): the calls answer 403 without their own right, the demo registry carries its
 * e-learning, and the server refuses documentation writes of a user who must pass and has not, until
 * they pass; failed and invalid attempts change nothing.
 */
import { ELEARNING_MESSAGES, type RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitDto } from '../patient-documentation/patient-documents.js';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, createUserWithRights, signIn, type TestBackend } from '../test-support/test-backend.js';
import { DEMO_ELEARNING } from '../seed/demo-elearning.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

let backend: TestBackend;
let registry: DemoRegistry;
let studyDefinitionId: string;
let physician: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  studyDefinitionId = (
    await backend.database.db.selectFrom('study_definition').select('id').where('study_id', '=', registry.studyId).executeTakeFirstOrThrow()
  ).id;
  physician = await signedIn('Physician');
});
afterAll(() => backend.close());

async function signedIn(role: 'Physician' | 'Documentalist'): Promise<Api> {
  const user = await createTestUser(backend.database, { role, institutes: ['1001'] });
  return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
}

type Refusal = { code: string; message: string; messages?: string[] };
type Result = { passed: boolean; correctCount: number; questionCount: number };
const correctAnswers = () => DEMO_ELEARNING.questions.map((q) => ({ questionId: q.id, optionIds: q.correctOptionIds }));

describe('e-learning calls', () => {
  const AREA_RIGHTS: RightName[] = [
    'ELearningDefinitionGetCmd',
    'ELearningResultGetCmd',
    'ELearningResultGetRequireCmd',
    'ELearningResultCreateCmd',
  ];
  const calls = (definitionId: string): [RightName, 'GET' | 'POST', string, unknown][] => [
    ['ELearningDefinitionGetCmd', 'GET', `ELearningDefinition/studyDefinition/${studyDefinitionId}`, undefined],
    ['ELearningResultGetCmd', 'GET', `ELearningResult/studyDefinition/${studyDefinitionId}`, undefined],
    ['ELearningResultGetRequireCmd', 'GET', `ELearningResult/studyDefinition/${studyDefinitionId}/require`, undefined],
    ['ELearningResultCreateCmd', 'POST', 'ELearningResult', { eLearningDefinitionId: definitionId, result: { answers: correctAnswers() } }],
  ];

  it('are offered in OpenAPI and each answers 403 to a caller holding every e-learning right but its own', async () => {
    const document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => path.includes('ELearning'))).toHaveLength(4);
    const definition = await physician.get<{ id: string }>(`ELearningDefinition/studyDefinition/${studyDefinitionId}`);
    for (const [right, method, url, payload] of calls(definition.body.id)) {
      const user = await createUserWithRights(
        backend.database,
        AREA_RIGHTS.filter((r) => r !== right),
        ['1001'],
      );
      try {
        const client = api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
        const response = method === 'GET' ? await client.get<Refusal>(url) : await client.send<Refusal>(method, url, payload);
        expect(response.status, url).toBe(403);
        expect(response.body.message).toBe(ACCESS_MESSAGES.missingRight(right));
      } finally {
        await user.remove();
      }
    }
  });

  it('give the demo registry’s five questions without their correct answers', async () => {
    const response = await physician.get<{ title: string; passThreshold: number; questions: object[] }>(
      `ELearningDefinition/studyDefinition/${studyDefinitionId}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: DEMO_ELEARNING.title, passThreshold: 4 });
    expect(response.body.questions).toHaveLength(5);
    expect(JSON.stringify(response.body)).not.toContain('correctOptionIds');
  });
});

describe('the e-learning gate', () => {
  it('refuses documentation writes until the user has passed, and keeps refused and failed attempts harmless', async () => {
    const documentalist = await signedIn('Documentalist');
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const definition = (await documentalist.get<{ id: string }>(`ELearningDefinition/studyDefinition/${studyDefinitionId}`)).body;
    const requireUrl = `ELearningResult/studyDefinition/${studyDefinitionId}/require`;
    expect((await documentalist.get(requireUrl)).body).toEqual({ required: true, passed: false, pending: true });
    expect((await physician.get(requireUrl)).body).toEqual({ required: false, passed: false, pending: false });
    expect((await documentalist.get(`ELearningResult/studyDefinition/${studyDefinitionId}`)).body).toBeNull();

    const refusedWrites = async () => {
      const writes = [
        await documentalist.send<Refusal>('PUT', `Visit/${baseline.id}`, { version: baseline.version, visitDate: '2023-03-03' }),
        await documentalist.send<Refusal>('POST', 'Instrument', {
          studyPatientId,
          visitId: baseline.id,
          definitionId: registry.index.instrumentByIdentifier.get('diagnosis')?.id,
        }),
        await documentalist.send<Refusal>('POST', 'NngmStudyPatient', {
          studyId: registry.studyId,
          studyInstituteId: registry.locationOf('1001'),
        }),
        await documentalist.send<Refusal>('PUT', `StudyPatient/${studyPatientId}`, { version: 1, fields: [] }),
      ];
      for (const write of writes) {
        expect(write.status).toBe(403);
        expect(write.body).toMatchObject({ code: 'ECRF_ERR_ELEARNING_REQUIRED', message: ELEARNING_MESSAGES.required });
      }
    };
    const patientsBefore = await backend.database.db
      .selectFrom('patient')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await refusedWrites();
    const patientsAfter = await backend.database.db
      .selectFrom('patient')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(patientsAfter.n).toBe(patientsBefore.n);
    expect((await physician.get<VisitDto>(`Visit/${baseline.id}`)).body.visitDate).toBe(baseline.visitDate);

    const incomplete = await documentalist.send<Refusal>('POST', 'ELearningResult', {
      eLearningDefinitionId: definition.id,
      result: { answers: correctAnswers().slice(0, 4) },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.messages).toEqual(['Frage 5 ist nicht beantwortet.']);

    const wrong = correctAnswers().map((a, i) =>
      i < 2
        ? a
        : {
            questionId: a.questionId,
            optionIds: [DEMO_ELEARNING.questions[i]?.options.find((o) => !a.optionIds.includes(o.id))?.id ?? ''],
          },
    );
    const failed = await documentalist.send<Result>('POST', 'ELearningResult', {
      eLearningDefinitionId: definition.id,
      result: { answers: wrong },
    });
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ passed: false, correctCount: 2, questionCount: 5 });
    await refusedWrites();

    const passed = await documentalist.send<Result & { id: string }>('POST', 'ELearningResult', {
      eLearningDefinitionId: definition.id,
      result: { answers: correctAnswers() },
    });
    expect(passed.body).toMatchObject({ passed: true, correctCount: 5 });
    expect((await documentalist.get(requireUrl)).body).toEqual({ required: true, passed: true, pending: false });
    expect((await documentalist.get<Result>(`ELearningResult/studyDefinition/${studyDefinitionId}`)).body.passed).toBe(true);
    const audited = await backend.database.db
      .selectFrom('audit_trail')
      .select(['operation', 'new_value'])
      .where('table_name', '=', 'elearning_result')
      .where('record_id', '=', passed.body.id)
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ operation: 'Create', new_value: { passed: true, correctCount: 5 } });

    const saved = await documentalist.send<VisitDto>('PUT', `Visit/${baseline.id}`, { version: baseline.version, visitDate: '2023-03-03' });
    expect(saved.status).toBe(200);
    expect(saved.body.visitDate).toBe('2023-03-03');
  });
});
