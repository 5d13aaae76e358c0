/** GET FollowUpCalendar/study/{studyId} on the seeded demo registry: due dates, locations and rights. */
import type { RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STUDY } from '../seed/demo-data.js';
import { bearer, createUserWithRights, createTestBackend, signIn, type MadeUser, type TestBackend } from '../test-support/test-backend.js';

type Entry = { pseudonym: string; location: { identifier: string }; baselineDate: string; dueDate: string; overdue: boolean };

let backend: TestBackend;
let studyId: string;
const made: MadeUser[] = [];
beforeAll(async () => {
  backend = await createTestBackend();
  studyId = (
    await backend.database.db.selectFrom('study').select('id').where('identifier', '=', DEMO_STUDY.identifier).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  for (const user of made) await user.remove();
  await backend.close();
});

async function calendarOf(rights: RightName[], institutes: string[] = []) {
  const user = await createUserWithRights(backend.database, rights, institutes);
  made.push(user);
  const { token } = await signIn(backend.app, user.userName, user.password);
  return backend.app.inject({ method: 'GET', url: `/api/v1.0/FollowUpCalendar/study/${studyId}`, headers: bearer(token) });
}

// Other test files add patients to the demo study; the seeded ones are named DEMO-<location>-<n>.
const demo = (entries: Entry[]) => entries.filter((e) => e.pseudonym.startsWith('DEMO-'));

describe('follow-up calendar', () => {
  it('lists the pending follow-ups of my locations by due date: baseline plus 2 years, overdue when past', async () => {
    const response = await calendarOf(['StudyPatientGetMyCmd'], ['2002']);
    expect(response.statusCode).toBe(200);
    const entries = response.json<Entry[]>();
    expect(entries.every((e) => e.location.identifier === '2002')).toBe(true);
    expect(demo(entries).map(({ pseudonym, baselineDate, dueDate, overdue }) => ({ pseudonym, baselineDate, dueDate, overdue }))).toEqual([
      { pseudonym: 'DEMO-2002-1', baselineDate: '2022-03-15', dueDate: '2024-03-15', overdue: true },
      { pseudonym: 'DEMO-2002-2', baselineDate: '2025-02-03', dueDate: '2027-02-03', overdue: false },
    ]);
  });

  it('covers every location with the all-patients right', async () => {
    const entries = demo((await calendarOf(['StudyPatientGetAllCmd'])).json<Entry[]>());
    expect(new Set(entries.map((e) => e.location.identifier))).toEqual(new Set(['1001', '2002', '3003']));
    // The registered patients without a baseline have no follow-up due.
    expect(entries.some((e) => e.pseudonym.endsWith('-3'))).toBe(false);
  });

  it('is empty for a user without locations and refused without a patient-read right', async () => {
    expect((await calendarOf(['StudyPatientGetMyCmd'])).json()).toEqual([]);
    const refused = await calendarOf(['StudyPatientGetByPatientCmd'], ['2002']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ECRF_ERR_FORBIDDEN' });
  });
});
