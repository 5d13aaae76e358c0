/**
 * The public side of a questionnaire access on the real database: the code opens the questionnaire and nothing of
 * the patient; all nine PHQ-9 items must be answered; a submission is scored once and uses the code up; a newer
 * access replaces the older; an expired code opens nothing; an address with too many invalid codes is throttled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { SYN_QUEST_RIGHTS, currentPhq9, patientLogin, phq9Answers, publicCall } from '../test-support/questionnaire-fixtures.js';
import {
  createTestBackend,
  createTestUser,
  createUserWithRights,
  signIn,
  type MadeUser,
  type TestBackend,
} from '../test-support/test-backend.js';
import { BACKEND_ACCESS_FAILURES } from './questionnaire-access.routes.js';
import type { AccessDto, InterviewDto, PublicQuestionnaireDto, QuestionnaireDto } from './questionnaires.schemas.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let staff: Api;
let staffUser: MadeUser;
let phq9: QuestionnaireDto;
/** The backend's clock runs this far ahead of real time (to let accesses expire). */
let clockOffsetMs = 0;

type Problem = { code: string; fieldErrors?: { field: string; message: string }[] };

beforeAll(async () => {
  backend = await createTestBackend({ clock: () => new Date(Date.now() + clockOffsetMs) });
  registry = await demoRegistry(backend.database);
  const physicianUser = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  physician = api(backend.app, (await signIn(backend.app, physicianUser.userName, physicianUser.password)).token);
  staffUser = await createUserWithRights(backend.database, SYN_QUEST_RIGHTS, ['1001']);
  staff = api(backend.app, (await signIn(backend.app, staffUser.userName, staffUser.password)).token);
  phq9 = await currentPhq9(staff);
});
afterAll(async () => {
  await staffUser.remove();
  await backend.close();
});

async function newAccess(): Promise<AccessDto> {
  const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001');
  const access = await patientLogin(staff, { studyPatientId, questionnaireId: phq9.id });
  expect(access.status).toBe(201);
  return access.body;
}

const interviewOf = async (access: AccessDto) =>
  (await staff.get<InterviewDto[]>(`SynQuest/interviews?patientIdentifier=${access.interview.pseudonym}`)).body.find(
    (i) => i.id === access.interview.id,
  );

describe('questionnaire access (public)', () => {
  it('opens the questionnaire for the code, as typed in any case and grouping, with nothing of the patient', async () => {
    const access = await newAccess();
    const typed = access.accessCode.replace(/-/g, ' ').toLowerCase();
    const opened = await publicCall<PublicQuestionnaireDto>(backend.app, 'questionnaire', { accessCode: typed });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ shortTitle: 'PHQ-9', kind: 'patient', expiresAt: access.expiresAt });
    expect(opened.body.items.map((i) => i.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(opened.body.items[0]?.options.map((o) => o.text)).toEqual([
      'Überhaupt nicht',
      'An einzelnen Tagen',
      'An mehr als der Hälfte der Tage',
      'Beinahe jeden Tag',
    ]);
    const text = JSON.stringify(opened.body);
    for (const secret of [access.interview.pseudonym, access.interview.studyPatientId, access.interview.id, '"value"', 'band']) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses answers that leave an item open and keeps the interview open', async () => {
    const access = await newAccess();
    const partial = phq9Answers([1, 1, 1, 1, 1, 1, 1, 1, 1]).filter((a) => a.itemId !== 'phq9_04' && a.itemId !== 'phq9_09');
    const refused = await publicCall<Problem>(backend.app, 'answers', { accessCode: access.accessCode, answers: partial });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual([
      { field: 'answers.phq9_04', message: 'Bitte beantworten Sie Frage 4.' },
      { field: 'answers.phq9_09', message: 'Bitte beantworten Sie Frage 9.' },
    ]);
    expect(await interviewOf(access)).toMatchObject({ status: 'OPEN', answers: null, score: null });
    expect((await publicCall(backend.app, 'questionnaire', { accessCode: access.accessCode })).status).toBe(200);
  });

  it('scores a complete submission once, audited as the patient, and the code opens nothing afterwards', async () => {
    const access = await newAccess();
    const answers = [...phq9Answers([2, 2, 1, 3, 0, 1, 2, 0, 0]), { itemId: 'phq9_difficulty', code: '1' }];
    const submitted = await publicCall<{ submitted: boolean }>(backend.app, 'answers', { accessCode: access.accessCode, answers });
    expect(submitted).toMatchObject({ status: 200, body: { submitted: true } });
    expect(await interviewOf(access)).toMatchObject({
      status: 'COMPLETED',
      enteredBy: 'patient',
      answers,
      score: { total: 11, band: { code: 'moderate' }, flags: [] },
    });
    const again = await publicCall<Problem>(backend.app, 'answers', {
      accessCode: access.accessCode,
      answers: phq9Answers([3, 3, 3, 3, 3, 3, 3, 3, 3]),
    });
    expect(again).toMatchObject({ status: 404, body: { code: 'ECRF_ERR_QUESTIONNAIRE_ACCESS_INVALID' } });
    expect((await publicCall(backend.app, 'questionnaire', { accessCode: access.accessCode })).status).toBe(404);
    expect((await interviewOf(access))?.score?.total).toBe(11);
    const audit = await backend.database.db
      .selectFrom('audit_trail')
      .select(['user_id', 'user_name', 'old_value', 'new_value'])
      .where('table_name', '=', 'questionnaire_interview')
      .where('record_id', '=', access.interview.id)
      .where('operation', '=', 'Update')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        user_id: null,
        user_name: 'patient',
        old_value: { state: 'open', version: 1 },
        new_value: expect.objectContaining({ state: 'completed', totalScore: 11, band: 'moderate', answers }),
      }),
    ]);
  });

  it('replaces an open access by a newer one for the same interview', async () => {
    const first = await newAccess();
    const second = await patientLogin(staff, { studyPatientId: first.interview.studyPatientId, questionnaireId: phq9.id });
    expect(second.body.interview.id).toBe(first.interview.id);
    expect((await publicCall(backend.app, 'questionnaire', { accessCode: first.accessCode })).status).toBe(404);
    expect((await publicCall(backend.app, 'questionnaire', { accessCode: second.body.accessCode })).status).toBe(200);
  });

  it('opens nothing once the access has expired, and shows the interview as expired', async () => {
    const access = await newAccess();
    clockOffsetMs = 7 * 86_400_000 + 1000;
    try {
      expect((await publicCall(backend.app, 'questionnaire', { accessCode: access.accessCode })).status).toBe(404);
      const refused = await publicCall(backend.app, 'answers', {
        accessCode: access.accessCode,
        answers: phq9Answers([0, 0, 0, 0, 0, 0, 0, 0, 0]),
      });
      expect(refused.status).toBe(404);
      expect((await interviewOf(access))?.status).toBe('EXPIRED');
    } finally {
      clockOffsetMs = 0;
    }
    expect((await interviewOf(access))?.status).toBe('OPEN');
  });

  it('throttles an address after too many invalid codes, whatever it presents then', async () => {
    const access = await newAccess();
    const address = '203.0.113.50';
    for (let i = 0; i < BACKEND_ACCESS_FAILURES.maxFailures; i++) {
      const guess = await publicCall(
        backend.app,
        'questionnaire',
        { accessCode: `ABCD-EFGH-JKMN-PQRS-TV${String(i).padStart(2, '0')}` },
        address,
      );
      expect(guess.status).toBe(404);
    }
    const blocked = await publicCall<Problem>(backend.app, 'questionnaire', { accessCode: access.accessCode }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('ECRF_ERR_TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await publicCall(backend.app, 'questionnaire', { accessCode: access.accessCode }, '203.0.113.51')).status).toBe(200);
  });
});
