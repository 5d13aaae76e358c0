/**
 * "Dieselbe Person" joins the study patients (issue 17; study-patient-merge.ts) against the real pseudonymisation
 * service and database: the duplicate's documentation moves to the survivor with audited old and new values and the
 * list flags set again; a conflict, a refusal by the service and a pair the caller may not see change nothing.
 */
import { createServer, type Server } from 'node:http';
import { DEV_API_KEY } from '@ecrf/mainzelliste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import {
  api,
  createInstrument,
  demoRegistry,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { pairFactory, startEpilinkService, type Pair, type StartedService } from '../test-support/possible-match-fixtures.js';
import { createTestBackend, createTestUser, createUserWithRights, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { RoleIdentifier } from '../rights/role-rights.js';
import type { VisitDto } from '../patient-documentation/patient-documents.js';

let service: StartedService;
let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: Api;
let physician: Api;
let pairs: ReturnType<typeof pairFactory>;

async function user(app: TestBackend, role: RoleIdentifier, institutes: string[]): Promise<Api> {
  const created = await createTestUser(app.database, { role, institutes });
  return api(app.app, (await signIn(app.app, created.userName, created.password)).token);
}

beforeAll(async () => {
  service = await startEpilinkService();
  backend = await createTestBackend({ mainzelliste: { url: service.url, apiKey: DEV_API_KEY } });
  registry = await demoRegistry(backend.database);
  [dataManager, physician] = await Promise.all([user(backend, 'DataManager', ['1001']), user(backend, 'Physician', ['1001'])]);
  pairs = pairFactory(service, dataManager, registry);
});
afterAll(async () => {
  await backend.close();
  await service.close();
});

type Context = { visits: VisitDto[]; isDeleted: boolean; mergedIntoStudyPatientId: string | null };

/** An open pair whose sides are looked up as study patients. */
async function openPair(): Promise<Pair> {
  const { tentative } = await pairs.openPair();
  const pair = (await pairs.pairsOf(dataManager)).find((item) => item.tentative.pseudonym === tentative);
  if (!pair) throw new Error('the pair is not listed');
  return pair;
}

async function visit(studyPatientId: string, identifier: 'baseline' | 'fu', date: string, dateField: string): Promise<VisitDto> {
  const created = await physician.send<VisitDto>('POST', 'Visit', {
    studyPatientId,
    definitionId: registry.index.visitByIdentifier.get(identifier)?.id,
    visitDate: date,
    fields: [valueField(fieldDefinitionId(registry.index, identifier, dateField), date)],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const context = async (studyPatientId: string) => (await dataManager.get<Context>(`StudyPatient/${studyPatientId}/context`)).body;
const same = (client: Api, pair: Pair, reasonForChange = 'Gleiche Person laut Station') =>
  client.send<{ survivorStudyPatientId?: string; code?: string; message?: string; messages?: string[] }>(
    'PUT',
    `PossibleMatch/${pair.tentative.pseudonym}`,
    { decision: 'same', reasonForChange },
  );
const flagsOf = (id: string) =>
  backend.database.db.selectFrom('study_patient').select(['has_dropout', 'is_deleted']).where('id', '=', id).executeTakeFirstOrThrow();

describe('deciding "Dieselbe Person"', () => {
  it("moves the duplicate's visits onto the survivor, marks it merged, sets the flags again and audits every move", async () => {
    const pair = await openPair();
    const baseline = await visit(pair.tentative.studyPatientId, 'baseline', '2023-02-01', 'baseline_date');
    const followUp = await visit(pair.tentative.studyPatientId, 'fu', '2024-02-15', 'fu_date');
    const vital = await createInstrument(physician, registry, pair.tentative.studyPatientId, followUp.id, 'vital_status', [
      valueField(fieldDefinitionId(registry.index, 'vital_status', 'vital_state'), 'A'),
    ]);
    expect((await flagsOf(pair.candidate.studyPatientId)).has_dropout).toBe(false);

    const decided = await same(dataManager, pair);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toEqual({ survivorStudyPatientId: pair.candidate.studyPatientId });

    const survivor = await context(pair.candidate.studyPatientId);
    expect(survivor.visits.map((v) => v.id)).toEqual([baseline.id, followUp.id]);
    expect(survivor.visits.find((v) => v.id === followUp.id)?.instruments.map((i) => i.id)).toEqual([vital.id]);
    expect(await flagsOf(pair.candidate.studyPatientId)).toEqual({ has_dropout: true, is_deleted: false });
    const duplicate = await context(pair.tentative.studyPatientId);
    expect(duplicate).toMatchObject({ isDeleted: true, mergedIntoStudyPatientId: pair.candidate.studyPatientId, visits: [] });
    // Nothing more is documented on the duplicate: its documentation lives on the survivor.
    const late = await physician.send('POST', 'Visit', {
      studyPatientId: pair.tentative.studyPatientId,
      definitionId: registry.index.visitByIdentifier.get('baseline')?.id,
    });
    expect(late.status).toBe(404);
    const merged = await backend.database.db
      .selectFrom('patient')
      .select(['is_deleted', 'merged_into_patient_id'])
      .where('id', '=', pair.tentative.patientId)
      .executeTakeFirstOrThrow();
    expect(merged).toEqual({ is_deleted: true, merged_into_patient_id: pair.candidate.patientId });
    // The identity link stays: the tentative pseudonym still leads to its (merged) patient.
    expect(
      await backend.database.db
        .selectFrom('patient_identity_link')
        .select('id_string')
        .where('patient_id', '=', pair.tentative.patientId)
        .execute(),
    ).toEqual([{ id_string: pair.tentative.pseudonym }]);

    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['table_name', 'record_id', 'operation', 'event', 'old_value', 'new_value', 'reason'])
      .where('record_id', 'in', [followUp.id, vital.id, pair.tentative.studyPatientId, pair.tentative.patientId, pair.candidate.patientId])
      .where('operation', 'in', ['Update', 'Delete'])
      .orderBy('id')
      .execute();
    const move = {
      oldValue: { studyPatientId: pair.tentative.studyPatientId },
      newValue: { studyPatientId: pair.candidate.studyPatientId },
    };
    expect(trail.find((row) => row.record_id === followUp.id)).toMatchObject({ old_value: move.oldValue, new_value: move.newValue });
    expect(trail.find((row) => row.record_id === vital.id)).toMatchObject({ old_value: move.oldValue, new_value: move.newValue });
    const deletion = trail.find((row) => row.record_id === pair.tentative.studyPatientId && row.operation === 'Delete');
    expect(deletion?.new_value).toMatchObject({ isDeleted: true, mergedIntoStudyPatientId: pair.candidate.studyPatientId });
    expect(deletion?.reason).toBe(
      `Zusammengeführt mit ${pair.candidate.pseudonym} (Dieselbe Person, Entscheidung zur möglichen Dublette): Gleiche Person laut Station`,
    );
    const event = trail.find((row) => row.event === 'StudyPatientsMerged');
    expect(event?.new_value).toMatchObject({ tentative: pair.tentative.pseudonym, candidate: pair.candidate.pseudonym });
    expect(event?.reason).toBe('Gleiche Person laut Station');
    expect(JSON.stringify(trail)).not.toMatch(/Berta|Nowak|Essen/);
    expect((await pairs.pairsOf(dataManager)).map((item) => item.tentative.pseudonym)).not.toContain(pair.tentative.pseudonym);
  });

  it('refuses a visit both have that may occur once, changing nothing, and joins once the duplicate visit is deleted', async () => {
    const pair = await openPair();
    await visit(pair.candidate.studyPatientId, 'baseline', '2023-02-01', 'baseline_date');
    const second = await visit(pair.tentative.studyPatientId, 'baseline', '2023-03-01', 'baseline_date');

    const refused = await same(dataManager, pair);
    expect(refused.status).toBe(409);
    expect(refused.body.messages).toEqual([
      `Die Visite „Baseline“ ist höchstens 1-mal erlaubt, ${pair.tentative.pseudonym} und ${pair.candidate.pseudonym} haben zusammen 2. ` +
        'Bitte löschen Sie die überzählige Visite und entscheiden Sie erneut.',
    ]);
    expect((await context(pair.tentative.studyPatientId)).visits.map((v) => v.id)).toEqual([second.id]);
    expect((await flagsOf(pair.tentative.studyPatientId)).is_deleted).toBe(false);
    expect((await pairs.pairsOf(dataManager)).map((item) => item.tentative.pseudonym)).toContain(pair.tentative.pseudonym);

    expect((await dataManager.send('DELETE', `Visit/${second.id}?reasonOfChange=Doppelt angelegt`)).status).toBe(204);
    expect((await same(dataManager, pair)).status).toBe(200);
    // The deleted visit moves too: nothing is lost.
    expect((await context(pair.candidate.studyPatientId)).visits.map((v) => v.id)).toContain(second.id);
  });

  it('answers a pair the caller may not see as not found, changing nothing', async () => {
    const pair = await openPair();
    // The review right at another location, without the right to read every patient.
    const made = await createUserWithRights(backend.database, ['PossibleMatchReviewCmd'], ['2002']);
    const elsewhere = api(backend.app, (await signIn(backend.app, made.userName, made.password)).token);
    expect((await same(elsewhere, pair)).status).toBe(404);
    expect((await flagsOf(pair.tentative.studyPatientId)).is_deleted).toBe(false);
  });
});

describe('a refusal by the pseudonymisation service', () => {
  let proxy: Server;
  let refusing: TestBackend;

  beforeAll(async () => {
    // Passes reads on to the service and fails its decision, as a service that breaks down mid-request would.
    proxy = createServer((request, response) => {
      if (request.method === 'PUT') {
        response.writeHead(500).end();
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host')) as Record<string, string>;
      void fetch(`${service.url}${request.url ?? ''}`, { headers }).then(async (answer) =>
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
      );
    });
    const port = await freePort();
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    refusing = await createTestBackend({ mainzelliste: { url: `http://127.0.0.1:${port}`, apiKey: DEV_API_KEY } });
  });
  afterAll(async () => {
    await refusing.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('rolls the join back', async () => {
    const pair = await openPair();
    const baseline = await visit(pair.tentative.studyPatientId, 'baseline', '2023-02-01', 'baseline_date');
    const failed = await same(await user(refusing, 'DataManager', ['1001']), pair);
    expect(failed.status).toBe(502);
    expect((await context(pair.tentative.studyPatientId)).visits.map((v) => v.id)).toEqual([baseline.id]);
    expect((await flagsOf(pair.tentative.studyPatientId)).is_deleted).toBe(false);
    const events = await backend.database.db
      .selectFrom('audit_trail')
      .select('id')
      .where('event', 'in', ['StudyPatientsMerged', 'PossibleMatchDecided'])
      .where('record_id', 'in', [pair.tentative.patientId, pair.candidate.patientId])
      .execute();
    expect(events).toEqual([]);
  });
});
