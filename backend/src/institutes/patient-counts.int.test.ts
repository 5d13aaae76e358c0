/**
 * Locations count their study patients (ecrf-core.md §3 statistics: studyPatientsCount,
 * singleStudyInstitute.studyPatientsCount), and an institute with patients cannot be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

type Statistics = {
  studyInstitutesCount: number;
  studyPatientsCount: number;
  singleStudyInstitute: { id: string; studyPatientsCount: number } | null;
};
type Overview = { studyInstitute: { id: string }; studyPatientsCount: number }[];

let backend: TestBackend;
let registry: DemoRegistry;
let admin: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const user = await createTestUser(backend.database, { role: 'SuperAdmin', institutes: ['3003'] });
  admin = api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
});
afterAll(() => backend.close());

describe('patient counts of locations', () => {
  it('count a new study patient in the statistics, the overview and the deletion check', async () => {
    const heidelberg = registry.locationOf('3003');
    const statistics = async () => (await admin.get<Statistics>(`StudyInstitute/statistics?studyInstituteId=${heidelberg}`)).body;
    const overviewCount = async () =>
      (await admin.get<Overview>('StudyInstitute/overview')).body.find((item) => item.studyInstitute.id === heidelberg)?.studyPatientsCount;
    const before = await statistics();
    const overviewBefore = await overviewCount();

    await createPatientWithBaseline(admin, registry, '3003');

    const after = await statistics();
    expect(after.singleStudyInstitute?.studyPatientsCount).toBe((before.singleStudyInstitute?.studyPatientsCount ?? 0) + 1);
    expect(after.studyPatientsCount).toBe(before.studyPatientsCount + 1);
    expect(await overviewCount()).toBe((overviewBefore ?? 0) + 1);

    const { instituteId } = (await admin.get<{ instituteId: string }>(`StudyInstitute/${heidelberg}`)).body;
    const info = (
      await admin.get<{ canBeDeleted: boolean; studyPatientsCount: number }>(`nms_system_api/ecrfInstitute/${instituteId}/canBeDeletedInfo`)
    ).body;
    expect(info.studyPatientsCount).toBeGreaterThanOrEqual(1);
    expect(info.canBeDeleted).toBe(false);
  });
});
