/** The follow-up calendar through the gateway against a real backend with the demo registry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../graph/global-id.js';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
let studyId: string;

beforeAll(async () => {
  harness = await startHarness();
  const admin = (await harness.signIn('superadmin')).token;
  const locations = (await (
    await fetch(`${harness.backendUrl}/api/v1.0/StudyInstitute`, { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as { studyId: string }[];
  studyId = toGlobalId('Study', locations[0]?.studyId ?? '');
});
afterAll(async () => {
  await harness?.close();
});

type Entry = {
  studyPatientId: string;
  pseudonym: string;
  locationIdentifier: string;
  baselineDate: string;
  dueDate: string;
  overdue: boolean;
};
const QUERY = `query ($studyId: ID!) {
  followUpCalendar(studyId: $studyId) { studyPatientId pseudonym locationIdentifier locationName baselineDate dueDate overdue }
}`;

describe('followUpCalendar', () => {
  it("lists the pending follow-ups of the case manager's two locations by due date", async () => {
    const { token } = await harness.signIn('casemanager');
    const answer = await harness.request<{ followUpCalendar: Entry[] }>(QUERY, { studyId }, token);
    expect(answer.errors).toBeUndefined();
    const entries = answer.data?.followUpCalendar ?? [];
    expect(new Set(entries.map((e) => e.locationIdentifier))).toEqual(new Set(['1001', '2002']));
    const demo = entries.filter((e) => e.pseudonym.startsWith('DEMO-'));
    expect(demo.map(({ pseudonym, dueDate, overdue }) => ({ pseudonym, dueDate, overdue }))).toEqual([
      { pseudonym: 'DEMO-1001-1', dueDate: '2024-03-15', overdue: true },
      { pseudonym: 'DEMO-2002-1', dueDate: '2024-03-15', overdue: true },
      { pseudonym: 'DEMO-1001-2', dueDate: '2027-02-03', overdue: false },
      { pseudonym: 'DEMO-2002-2', dueDate: '2027-02-03', overdue: false },
    ]);
    expect(demo[0]?.studyPatientId).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(answer.extensions?.upstreamCalls).toBe(1);
  });

  it('refuses a study id of another type as a user error', async () => {
    const { token } = await harness.signIn('physician');
    const answer = await harness.request(QUERY, { studyId: toGlobalId('User', 'x') }, token);
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
