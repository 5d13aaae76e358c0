/**
 * synquest-csv-export reads the questionnaire system: one table per questionnaire with the interviews and scores of
 * the patients at the scope's locations (open ones without a score), and the option code of every item.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSource, scopeOf, tableOf } from '../exports/contents/contents.test-support.js';
import { tableSources } from '../exports/contents/index.js';
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
import type { AccessDto } from './questionnaires.schemas.js';

let backend: TestBackend;
let registry: DemoRegistry;
let staffUser: MadeUser;
let completed: AccessDto;
let open: AccessDto;
let elsewhere: AccessDto;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const physicianUser = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001', '2002'] });
  const physician: Api = api(backend.app, (await signIn(backend.app, physicianUser.userName, physicianUser.password)).token);
  staffUser = await createUserWithRights(backend.database, [...SYN_QUEST_RIGHTS, 'StudyPatientGetAllCmd'], ['1001', '2002']);
  const staff = api(backend.app, (await signIn(backend.app, staffUser.userName, staffUser.password)).token);
  const phq9 = await currentPhq9(staff);
  const login = async (location: string) =>
    (
      await patientLogin(staff, {
        studyPatientId: (await createPatientWithBaseline(physician, registry, location)).studyPatientId,
        questionnaireId: phq9.id,
      })
    ).body;
  completed = await login('1001');
  open = await login('1001');
  elsewhere = await login('2002');
  const answers = [...phq9Answers([3, 2, 1, 0, 3, 2, 1, 0, 1]), { itemId: 'phq9_difficulty', code: '2' }];
  await publicCall(backend.app, 'answers', { accessCode: completed.accessCode, answers });
});
afterAll(async () => {
  await staffUser.remove();
  await backend.close();
});

describe('synquest-csv-export', () => {
  it("holds the interviews and scores of the scope's patients, one row each", async () => {
    const results = await runSource(tableSources['synquest-csv-export'], backend.database, scopeOf(registry, ['1001']));
    const phq9 = tableOf(results, 'phq_9');
    expect(phq9.rows).toHaveLength(phq9.count);
    expect(phq9.table.columns.map((c) => c.key)).toEqual(
      expect.arrayContaining(['total_score', 'band_txt', 'phq9_01', 'phq9_09', 'phq9_difficulty']),
    );
    const rowOf = (access: AccessDto) => phq9.rows.filter((r) => r.interview_id === access.interview.id);
    expect(rowOf(completed)).toEqual([
      expect.objectContaining({
        patient_id: completed.interview.pseudonym,
        location: '1001',
        status: 'completed',
        entered_by: 'patient',
        total_score: 13,
        band: 'moderate',
        band_txt: 'Mittelgradig',
        flags: 'suicidal_thoughts',
        phq9_01: '3',
        phq9_09: '1',
        phq9_difficulty: '2',
      }),
    ]);
    expect(rowOf(open)).toEqual([expect.objectContaining({ status: 'open', total_score: null, band: null, phq9_01: null })]);
    expect(rowOf(elsewhere)).toEqual([]);
  });
});
