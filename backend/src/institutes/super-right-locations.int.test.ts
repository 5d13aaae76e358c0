/**
 * The super right reaches every live location without an assignment (issue 18, defect 4; docs/decisions.md):
 * `callerLocationIds`, which scopes every "my locations" call, the location list of the web's study scope, and
 * the patient table. A deleted location is reached by nobody's location scope.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend, type TestUser } from '../test-support/test-backend.js';
import {
  callerLocationIds,
  insertInstitute,
  instituteIdentifierTaken,
  insertStudyInstitute,
  setLocationDeleted,
} from './institutes.sql.js';

let backend: TestBackend;
let registry: DemoRegistry;
let superUser: TestUser;
let superAdmin: Api;
let physician: TestUser;
let deletedLocation: string;
let liveLocation: string;

/** A fresh institute with a location of the demo study; deleted when asked. */
async function freshLocation(deleted: boolean): Promise<string> {
  const { db } = backend.database;
  // Four digits (the institutes' identifier rule), one no test has taken yet on a shared database.
  let identifier = '';
  do identifier = String(randomInt(5000, 10_000));
  while (await instituteIdentifierTaken(db, identifier));
  const instituteId = await insertInstitute(db, {
    identifier,
    display_name: `Testzentrum ${identifier}`,
    street: null,
    postal_code: null,
    city: null,
    phone: null,
  });
  const location = await insertStudyInstitute(db, { studyId: registry.studyId, instituteId });
  if (deleted) await setLocationDeleted(db, location, true);
  return location;
}

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  // The seeded super administrator has no location; so has this one.
  superUser = await createTestUser(backend.database, { role: 'SuperAdmin' });
  superAdmin = api(backend.app, (await signIn(backend.app, superUser.userName, superUser.password)).token);
  physician = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  liveLocation = await freshLocation(false);
  deletedLocation = await freshLocation(true);
});
afterAll(() => backend.close());

const liveLocationIds = async (): Promise<string[]> =>
  (await backend.database.db.selectFrom('study_institute').select('id').where('is_deleted', '=', false).execute()).map((row) => row.id);

describe('the super right and the locations', () => {
  it('reaches every live location, a new one too, and no deleted one; other callers reach their assignments', async () => {
    const { db } = backend.database;
    const reached = await callerLocationIds(db, { id: superUser.id, rights: new Set(['SUPER_RIGHT']) });
    expect([...reached].sort()).toEqual((await liveLocationIds()).sort());
    expect(reached).toContain(liveLocation);
    expect(reached).not.toContain(deletedLocation);
    // Every right but the super right: a location is reached by assignment only.
    expect(await callerLocationIds(db, { id: superUser.id, rights: new Set(['StudyPatientGetAllCmd', 'PatientGetAllCmd']) })).toEqual([]);
    expect(await callerLocationIds(db, { id: physician.id, rights: new Set(['PatientGetMyCmd']) })).toEqual([registry.locationOf('1001')]);
  });

  it("lists every live location as the super administrator's own, where the web takes the study scope from", async () => {
    const own = await superAdmin.get<{ id: string }[]>('StudyInstitute/my');
    expect(own.status).toBe(200);
    expect(own.body.map((location) => location.id).sort()).toEqual((await liveLocationIds()).sort());
  });

  it('shows the super administrator the patients of every location in the patient table, without an assignment', async () => {
    for (const location of ['1001', '2002', '3003']) {
      const { studyPatientId } = await createPatientWithBaseline(superAdmin, registry, location);
      const { pseudonym } = await backend.database.db
        .selectFrom('study_patient as sp')
        .innerJoin('patient as p', 'p.id', 'sp.patient_id')
        .select('p.pseudonym')
        .where('sp.id', '=', studyPatientId)
        .executeTakeFirstOrThrow();
      const table = await superAdmin.get<{ items: { id: string; studyInstituteId: string }[] }>(
        `NngmStudyPatient/study/${registry.studyId}/my?search=${encodeURIComponent(pseudonym)}`,
      );
      expect(table.status).toBe(200);
      expect(table.body.items).toEqual([expect.objectContaining({ id: studyPatientId, studyInstituteId: registry.locationOf(location) })]);
    }
  });
});
