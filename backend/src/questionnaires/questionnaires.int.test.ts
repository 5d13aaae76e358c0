/**
 * The questionnaire system's contract calls on the real database: patientLogin and userLogin (audited, the code
 * never stored), the interviews by patient identifier and by instrument, the scores by questionnaire, location
 * scoping (404 for patients of other locations) and 403 for every call without its right.
 */
import type { RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { SYN_QUEST_RIGHTS, currentPhq9, patientLogin, phq9Answers, publicCall } from '../test-support/questionnaire-fixtures.js';
import {
  createTestBackend,
  createTestUser,
  createUserWithRights,
  signIn,
  type MadeUser,
  type TestBackend,
} from '../test-support/test-backend.js';
import type { AccessDto, InterviewDto, QuestionnaireDto, ScoresDto } from './questionnaires.schemas.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let cologne: Api;
let essen: Api;
let cologneUser: MadeUser;
let phq9: QuestionnaireDto;
const made: MadeUser[] = [];

const signedIn = async (user: { userName: string; password: string }) =>
  api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  physician = await signedIn(await createTestUser(backend.database, { role: 'Physician', institutes: ['1001', '2002'] }));
  cologneUser = await createUserWithRights(backend.database, SYN_QUEST_RIGHTS, ['1001']);
  const essenUser = await createUserWithRights(backend.database, SYN_QUEST_RIGHTS, ['2002']);
  made.push(cologneUser, essenUser);
  cologne = await signedIn(cologneUser);
  essen = await signedIn(essenUser);
  phq9 = await currentPhq9(cologne);
});
afterAll(async () => {
  for (const user of made) await user.remove();
  await backend.close();
});

/** Fills the interview in through the access as the patient would. */
async function answer(access: AccessDto, values: number[]) {
  const submitted = await publicCall(backend.app, 'answers', { accessCode: access.accessCode, answers: phq9Answers(values) });
  expect(submitted.status).toBe(200);
}

describe('questionnaire system', () => {
  it('lists the shipped PHQ-9 with its items and published scoring', () => {
    expect(phq9).toMatchObject({ identifier: 'phq-9', shortTitle: 'PHQ-9', scoreMin: 0, scoreMax: 27 });
    expect(phq9.items).toHaveLength(10);
    expect(phq9.items.filter((i) => i.scored).map((i) => i.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(phq9.flags).toEqual([expect.objectContaining({ code: 'suicidal_thoughts', itemId: 'phq9_09', minValue: 1 })]);
  });

  it('issues a patient access once, storing only the hash of its code, audited', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001');
    const before = Date.now();
    const access = await patientLogin(cologne, { studyPatientId, questionnaireId: phq9.id, validDays: 3 });
    expect(access.status).toBe(201);
    expect(access.body.kind).toBe('patient');
    expect(access.body.accessCode).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(access.body.url).toBe(`${backend.config.publicUrl}/fragebogen/${access.body.accessCode}`);
    const lifetime = Date.parse(access.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(3 * 86_400_000 + 60_000);
    expect(access.body.interview).toMatchObject({ studyPatientId, status: 'OPEN', score: null, createdBy: cologneUser.userName });

    const { db } = backend.database;
    const stored = await db.selectFrom('questionnaire_access').selectAll().where('interview_id', '=', access.body.interview.id).execute();
    expect(stored).toHaveLength(1);
    const plain = access.body.accessCode.replace(/-/g, '');
    expect(JSON.stringify(stored)).not.toContain(plain);
    const audits = await db
      .selectFrom('audit_trail')
      .select(['table_name', 'operation', 'user_name', 'new_value'])
      .where('record_id', 'in', [access.body.interview.id, stored[0]?.id ?? ''])
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.table_name, a.operation, a.user_name])).toEqual([
      ['questionnaire_interview', 'Create', cologneUser.userName],
      ['questionnaire_access', 'Create', cologneUser.userName],
    ]);
    expect(JSON.stringify(audits)).not.toContain(plain);
  });

  it("shows the patient's interviews with their scores by the pseudonym, and 404 to other locations", async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001');
    const access = (await patientLogin(cologne, { studyPatientId, questionnaireId: phq9.id })).body;
    await answer(access, [1, 2, 0, 3, 1, 0, 2, 1, 1]);
    const pseudonym = access.interview.pseudonym;
    const interviews = await cologne.get<InterviewDto[]>(`SynQuest/interviews?patientIdentifier=${encodeURIComponent(pseudonym)}`);
    expect(interviews.status).toBe(200);
    expect(interviews.body).toEqual([
      expect.objectContaining({
        id: access.interview.id,
        status: 'COMPLETED',
        enteredBy: 'patient',
        enteredByUser: null,
        score: {
          total: 11,
          min: 0,
          max: 27,
          band: { code: 'moderate', label: 'Mittelgradig' },
          flags: [{ code: 'suicidal_thoughts', label: expect.stringContaining('Frage 9') }],
        },
      }),
    ]);
    expect((await essen.get(`SynQuest/interviews?patientIdentifier=${encodeURIComponent(pseudonym)}`)).status).toBe(404);
    expect((await cologne.get('SynQuest/interviews?patientIdentifier=NO-SUCH-PSEUDONYM')).status).toBe(404);
    expect((await patientLogin(essen, { studyPatientId, questionnaireId: phq9.id })).status).toBe(404);
  });

  it('links an interview to an eCRF instrument of the patient and finds it by the instrument', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry, '1001');
    const instrument = await createInstrument(physician, registry, studyPatientId, baseline.id, 'performance');
    const other = await createPatientWithBaseline(physician, registry, '1001');
    expect(
      (await patientLogin(cologne, { studyPatientId: other.studyPatientId, questionnaireId: phq9.id, instrumentId: instrument.id })).status,
    ).toBe(404);
    const access = (await patientLogin(cologne, { studyPatientId, questionnaireId: phq9.id, instrumentId: instrument.id })).body;
    const found = await cologne.get<InterviewDto>(`SynQuest/interview?instrumentId=${instrument.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: access.interview.id, instrumentId: instrument.id, status: 'OPEN' });
    expect((await essen.get(`SynQuest/interview?instrumentId=${instrument.id}`)).status).toBe(404);
    const without = await createInstrument(physician, registry, other.studyPatientId, other.baseline.id, 'performance');
    expect((await cologne.get(`SynQuest/interview?instrumentId=${without.id}`)).status).toBe(404);
  });

  it('lets staff enter a paper form through their own one-hour access, recorded under their name', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001');
    const before = Date.now();
    const login = await cologne.send<AccessDto>('POST', 'SynQuest/userLogin', { studyPatientId, questionnaireId: phq9.id });
    expect(login.status).toBe(201);
    expect(login.body.kind).toBe('staff');
    expect(Date.parse(login.body.expiresAt) - before).toBeLessThanOrEqual(60 * 60_000 + 60_000);
    const opened = await publicCall<{ kind: string }>(backend.app, 'questionnaire', { accessCode: login.body.accessCode });
    expect(opened.body.kind).toBe('staff');
    await answer(login.body, [0, 0, 1, 1, 0, 0, 0, 0, 0]);
    const [interview] = (await cologne.get<InterviewDto[]>(`SynQuest/interviews?patientIdentifier=${login.body.interview.pseudonym}`)).body;
    expect(interview).toMatchObject({
      enteredBy: 'staff',
      enteredByUser: cologneUser.userName,
      score: { total: 2, band: { code: 'minimal' } },
    });
    const audit = await backend.database.db
      .selectFrom('audit_trail')
      .select(['user_name', 'user_id'])
      .where('table_name', '=', 'questionnaire_interview')
      .where('record_id', '=', login.body.interview.id)
      .where('operation', '=', 'Update')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ user_name: cologneUser.userName, user_id: cologneUser.id });
  });

  it('answers the scores of a questionnaire for the patients the caller may read, paged', async () => {
    const atCologne = await createPatientWithBaseline(physician, registry, '1001');
    const atEssen = await createPatientWithBaseline(physician, registry, '2002');
    await answer(
      (await patientLogin(cologne, { studyPatientId: atCologne.studyPatientId, questionnaireId: phq9.id })).body,
      [3, 3, 3, 3, 3, 3, 2, 0, 0],
    );
    await answer(
      (await patientLogin(essen, { studyPatientId: atEssen.studyPatientId, questionnaireId: phq9.id })).body,
      [0, 0, 0, 0, 0, 0, 0, 0, 0],
    );
    const seen = async (client: Api, questionnaire: string) => {
      const page = await client.get<ScoresDto>(`nngm_synquest_system_api/questionnaire/${questionnaire}/scores?itemsPerPage=500`);
      expect(page.status).toBe(200);
      return page.body;
    };
    const cologneScores = await seen(cologne, 'phq-9');
    expect(cologneScores.scores.find((s) => s.studyPatientId === atCologne.studyPatientId)).toMatchObject({
      enteredBy: 'patient',
      score: { total: 20, band: { code: 'severe', label: 'Schwer' }, flags: [] },
    });
    expect(cologneScores.scores.map((s) => s.studyPatientId)).not.toContain(atEssen.studyPatientId);
    expect(cologneScores.totalCount).toBe(cologneScores.scores.length);
    expect((await seen(essen, phq9.id)).scores.map((s) => s.studyPatientId)).toContain(atEssen.studyPatientId);
    expect((await seen(essen, phq9.id)).scores.map((s) => s.studyPatientId)).not.toContain(atCologne.studyPatientId);

    const first = await cologne.get<ScoresDto>('nngm_synquest_system_api/questionnaire/phq-9/scores?itemsPerPage=1&page=1');
    expect(first.body.scores).toHaveLength(1);
    expect(first.body.totalCount).toBe(cologneScores.totalCount);
    expect((await cologne.get('nngm_synquest_system_api/questionnaire/gad-7/scores')).status).toBe(404);
  });

  it('refuses every call without its right (403), each right on its own', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry, '1001');
    const instrument = await createInstrument(physician, registry, studyPatientId, baseline.id, 'performance');
    const calls: [RightName, (client: Api) => Promise<{ status: number }>][] = [
      ['SynQuestUserLoginCmd', (c) => c.send('POST', 'SynQuest/userLogin', { studyPatientId, questionnaireId: phq9.id })],
      ['SynQuestPatientLoginCmd', (c) => c.send('POST', 'SynQuest/patientLogin', { studyPatientId, questionnaireId: phq9.id })],
      ['SynQuestGetInterviewCmd', (c) => c.get(`SynQuest/interview?instrumentId=${instrument.id}`)],
      ['SynQuestSystemApiGetInterviewsCmd', (c) => c.get('SynQuest/interviews?patientIdentifier=X')],
      ['SynQuestSystemApiGetQuestionnaireScoresCmd', (c) => c.get('nngm_synquest_system_api/questionnaire/phq-9/scores')],
    ];
    for (const [right, call] of calls) {
      const user = await createUserWithRights(
        backend.database,
        [...SYN_QUEST_RIGHTS.filter((r) => r !== right), 'StudyPatientGetAllCmd'],
        ['1001'],
      );
      made.push(user);
      expect([right, (await call(await signedIn(user))).status]).toEqual([right, 403]);
    }
    const rightless = await createUserWithRights(backend.database, ['StudyPatientGetAllCmd'], ['1001']);
    made.push(rightless);
    expect((await (await signedIn(rightless)).get('SynQuest/questionnaires')).status).toBe(403);
    const started = await backend.database.db
      .selectFrom('questionnaire_interview')
      .select('id')
      .where('study_patient_id', '=', studyPatientId)
      .execute();
    expect(started).toEqual([]);
  });
});
