/**
 * Data queries through the REST calls on the real database: the life cycle with thread and audit rows,
 * the query type's role lists, location and visibility (404, never 403, for what the caller may not see),
 * the 2025-05-01 follow-up restriction, stale versions, the overview's filters, sorting and paging, and
 * the DataQueryChanged events written with each change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentDto, VisitDto } from '../patient-documentation/patient-documents.js';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  fieldAt,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { RoleIdentifier } from '../rights/role-rights.js';
import type { DataQueryDto } from './data-queries.schemas.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

let backend: TestBackend;
let registry: DemoRegistry;
/** Moved by the restriction test; every other test runs on the real day (after 2025-05-01). */
let now: Date | null = null;
const users: Partial<Record<string, Api>> = {};

async function user(role: RoleIdentifier, location: string): Promise<Api> {
  const key = `${role}@${location}`;
  const known = users[key];
  if (known) return known;
  const created = await createTestUser(backend.database, { role, institutes: [location] });
  const client = api(backend.app, (await signIn(backend.app, created.userName, created.password)).token);
  users[key] = client;
  return client;
}

beforeAll(async () => {
  backend = await createTestBackend({ clock: () => now ?? new Date() });
  registry = await demoRegistry(backend.database);
});
afterAll(() => backend.close());

type Refusal = {
  code: string;
  reason?: string;
  message: string;
  current?: DataQueryDto;
  fieldErrors?: { field: string; message: string }[];
};

/** A patient at the location with a baseline and a performance instrument (ECOG filled). */
async function documentedPatient(location = '1001') {
  const physician = await user('Physician', location);
  const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry, location);
  const ecog = fieldDefinitionId(registry.index, 'performance', 'ecog');
  const instrument: InstrumentDto = await createInstrument(physician, registry, studyPatientId, baseline.id, 'performance', [
    valueField(ecog, '1'),
  ]);
  const field = fieldAt(registry.index, instrument.fields, 'ecog');
  if (!field) throw new Error('no ECOG field');
  return { studyPatientId, baseline, instrument, fieldId: field.id };
}

const raise = (client: Api, path: string, body: Record<string, unknown>) =>
  client.send<DataQueryDto & Refusal>('POST', `Query/${path}`, { title: 'ECOG prüfen', text: 'Bitte ECOG prüfen.', ...body });

describe('the query life cycle', () => {
  it('walks a field query through answer, renewal and acceptance, with thread, audit rows and events', async () => {
    const { studyPatientId, instrument, fieldId, baseline } = await documentedPatient();
    const dataManager = await user('DataManager', '1001');
    const physician = await user('Physician', '1001');
    const created = await raise(dataManager, `field/${fieldId}`, { queryTypeIdentifier: 'plausibility', studyPatientId, priority: 'HIGH' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      studyPatientId,
      referenceType: 'DataField',
      referenceId: fieldId,
      dataFieldId: fieldId,
      instrumentId: instrument.id,
      visitId: baseline.id,
      followUpRegistry: false,
      visitDefinitionIdentifier: 'baseline',
      status: 'OPEN',
      answerStage: 'NEW',
      priority: 'HIGH',
      version: 1,
    });
    expect(created.body.pseudonym).toMatch(/\S/);
    expect(created.body.studyPatientReadable).toBe(true);
    expect(created.body.viewerCan.edit).toEqual({ allowed: true, reason: null });
    expect(created.body.viewerCan.answer).toEqual({ allowed: false, reason: 'role' });
    const id = created.body.id;

    const seenByPhysician = await physician.get<DataQueryDto>(`Query/${id}`);
    expect(seenByPhysician.body.viewerCan.answer).toEqual({ allowed: true, reason: null });
    expect(seenByPhysician.body.viewerCan.accept).toEqual({ allowed: false, reason: 'right' });

    const answered = await physician.send<DataQueryDto>('PUT', `Query/${id}/answer`, { version: 1, text: 'ECOG ist 1, geprüft.' });
    expect(answered.body).toMatchObject({ status: 'PENDING', answerStage: 'ANSWERED', version: 2 });
    const renewed = await dataManager.send<DataQueryDto>('PUT', `Query/${id}`, { version: 2, text: 'Bitte Quelle nennen.' });
    expect(renewed.body).toMatchObject({ status: 'OPEN', answerStage: 'RENEWED', text: 'Bitte Quelle nennen.', version: 3 });
    await physician.send('PUT', `Query/${id}/answer`, { version: 3, text: 'Arztbrief vom 01.02.2023.' });
    const accepted = await dataManager.send<DataQueryDto>('PUT', `Query/${id}/accept`, { version: 4 });
    expect(accepted.body).toMatchObject({ status: 'CLOSED', answerStage: 'ANSWERED', version: 5 });
    expect(accepted.body.thread.map((t) => [t.action, t.status, t.answerStage, t.roleIdentifier])).toEqual([
      ['CREATE', 'OPEN', 'NEW', 'DataManager'],
      ['ANSWER', 'PENDING', 'ANSWERED', 'Physician'],
      ['EDIT', 'OPEN', 'RENEWED', 'DataManager'],
      ['ANSWER', 'PENDING', 'ANSWERED', 'Physician'],
      ['ACCEPT', 'CLOSED', 'ANSWERED', 'DataManager'],
    ]);
    expect(accepted.body.thread[1]?.text).toBe('ECOG ist 1, geprüft.');

    const closedAgain = await dataManager.send<Refusal>('PUT', `Query/${id}/solve`, { version: 5 });
    expect(closedAgain.status).toBe(409);
    expect(closedAgain.body).toMatchObject({
      code: 'QUERY_WRONG_STATUS',
      message: 'Im aktuellen Status des Queries ist diese Aktion nicht möglich.',
    });

    const { db } = backend.database;
    const audits = await db
      .selectFrom('audit_trail')
      .select(['operation', 'old_value', 'new_value'])
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.operation)).toEqual(['Create', 'Update', 'Update', 'Update', 'Update']);
    expect(audits[1]?.old_value).toMatchObject({ status: 'OPEN', version: 1 });
    expect(audits[1]?.new_value).toMatchObject({ status: 'PENDING', answerStage: 'ANSWERED', version: 2 });
    const events = await db
      .selectFrom('domain_event')
      .select(['type', 'payload', 'study_institute_id'])
      .where(({ ref, eb }) => eb(eb.fn('jsonb_extract_path_text', [ref('payload'), eb.val('queryId')]), '=', id))
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.type, e.payload.change, e.payload.action, e.payload.status])).toEqual([
      ['DataQueryChanged', 'CREATED', 'CREATE', 'OPEN'],
      ['DataQueryChanged', 'UPDATED', 'ANSWER', 'PENDING'],
      ['DataQueryChanged', 'UPDATED', 'EDIT', 'OPEN'],
      ['DataQueryChanged', 'UPDATED', 'ANSWER', 'PENDING'],
      ['DataQueryChanged', 'UPDATED', 'ACCEPT', 'CLOSED'],
    ]);
    expect(events[0]?.study_institute_id).toBe(registry.locationOf('1001'));
  });

  it('defers a query out of the answering roles’ sight, and revokes and solves others', async () => {
    const { studyPatientId, baseline } = await documentedPatient();
    const dataManager = await user('DataManager', '1001');
    const physician = await user('Physician', '1001');
    const first = (await raise(dataManager, `visit/${baseline.id}`, { queryTypeIdentifier: 'plausibility' })).body;
    const deferred = await dataManager.send<DataQueryDto>('PUT', `Query/${first.id}/defer`, { version: 1, text: 'Später klären' });
    expect(deferred.body.status).toBe('INVISIBLE');
    expect((await physician.get<Refusal>(`Query/${first.id}`)).status).toBe(404);
    expect((await physician.get<DataQueryDto[]>(`Query/patient/${studyPatientId}`)).body.map((q) => q.id)).not.toContain(first.id);
    expect((await dataManager.get<DataQueryDto[]>(`Query/all/patient/${studyPatientId}`)).body.map((q) => q.id)).toContain(first.id);
    const back = await dataManager.send<DataQueryDto>('PUT', `Query/${first.id}`, { version: 2, priority: 'LOW' });
    expect(back.body).toMatchObject({ status: 'OPEN', priority: 'LOW' });
    expect((await physician.get<DataQueryDto>(`Query/${first.id}`)).status).toBe(200);

    const revoked = await dataManager.send<DataQueryDto>('PUT', `Query/${first.id}/revoke`, { version: 3 });
    expect(revoked.body.status).toBe('NO_LONGER_RELEVANT');
    const second = (await raise(dataManager, `patient/${studyPatientId}`, { queryTypeIdentifier: 'plausibility' })).body;
    expect((await dataManager.send<DataQueryDto>('PUT', `Query/${second.id}/solve`, { version: 1 })).body.status).toBe('CLOSED');
  });

  it('refuses an answer without text, and a stale version with the stored query', async () => {
    const { studyPatientId } = await documentedPatient();
    const dataManager = await user('DataManager', '1001');
    const physician = await user('Physician', '1001');
    const tooLong = await raise(dataManager, `patient/${studyPatientId}`, {
      queryTypeIdentifier: 'plausibility',
      title: 'x'.repeat(201),
      text: ' ',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      code: 'ECRF_ERR_VALIDATION',
      fieldErrors: [
        { field: 'title', message: 'Der Titel ist erforderlich und darf höchstens 200 Zeichen lang sein.' },
        { field: 'text', message: 'Der Text ist erforderlich und darf höchstens 4000 Zeichen lang sein.' },
      ],
    });
    const query = (await raise(dataManager, `patient/${studyPatientId}`, { queryTypeIdentifier: 'plausibility' })).body;
    const empty = await physician.send<Refusal>('PUT', `Query/${query.id}/answer`, { version: 1, text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Eine Antwort braucht einen Text.');
    await physician.send('PUT', `Query/${query.id}/answer`, { version: 1, text: 'Erledigt.' });
    const stale = await dataManager.send<Refusal>('PUT', `Query/${query.id}/accept`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_WRITE');
    expect(stale.body.current).toMatchObject({ id: query.id, version: 2, status: 'PENDING' });
  });
});

describe('who may see and act', () => {
  it('answers 404, never 403, for a query of another location or a type the role may not view', async () => {
    const { studyPatientId } = await documentedPatient('1001');
    const dataManager = await user('DataManager', '1001');
    const query = (await raise(dataManager, `patient/${studyPatientId}`, { queryTypeIdentifier: 'plausibility' })).body;
    const elsewhere = await user('Physician', '2002');
    const notHere = await elsewhere.get<Refusal>(`Query/${query.id}`);
    expect(notHere.status).toBe(404);
    expect(notHere.body.message).toBe(`Could not find query ${query.id}`);
    expect((await elsewhere.send<Refusal>('PUT', `Query/${query.id}/answer`, { version: 1, text: 'x' })).status).toBe(404);
    expect((await elsewhere.get<DataQueryDto[]>(`Query?ids=${query.id}`)).body).toEqual([]);
    const assistant = await user('DocumentationAssistant', '1001');
    expect((await assistant.get<Refusal>(`Query/${query.id}`)).status).toBe(404);
  });

  it('moves the queries about a patient with the patient to its new location, audited', async () => {
    const { studyPatientId } = await documentedPatient('1001');
    const query = (await raise(await user('DataManager', '1001'), `patient/${studyPatientId}`, { queryTypeIdentifier: 'missing_value' }))
      .body;
    const both = await createTestUser(backend.database, {
      role: 'Physician',
      institutes: ['1001', '2002'],
    });
    const mover = api(backend.app, (await signIn(backend.app, both.userName, both.password)).token);
    const patient = (await mover.get<{ version: number }>(`StudyPatient/${studyPatientId}/context`)).body;
    const moved = await mover.send('PUT', `StudyPatient/${studyPatientId}`, {
      version: patient.version,
      studyInstituteId: registry.locationOf('2002'),
    });
    expect(moved.body).toMatchObject({ id: studyPatientId });
    const atNewLocation = await (await user('Physician', '2002')).get<DataQueryDto>(`Query/${query.id}`);
    expect(atNewLocation.body).toMatchObject({ id: query.id, studyInstituteId: registry.locationOf('2002') });
    expect((await (await user('Physician', '1001')).get<Refusal>(`Query/${query.id}`)).status).toBe(404);
    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['old_value', 'new_value'])
      .where('table_name', '=', 'data_query')
      .where('record_id', '=', query.id)
      .where('operation', '=', 'Update')
      .execute();
    expect(trail.map((row) => [row.old_value, row.new_value])).toEqual([
      [{ studyInstituteId: registry.locationOf('1001') }, { studyInstituteId: registry.locationOf('2002') }],
    ]);
  });

  it('refuses raising by the query type’s role list with the German reason, and at another location as for an unknown patient', async () => {
    const { studyPatientId, baseline } = await documentedPatient('1001');
    const physician = await user('Physician', '1001');
    const byRole = await raise(physician, `visit/${baseline.id}`, { queryTypeIdentifier: 'plausibility' });
    expect(byRole.status).toBe(403);
    expect(byRole.body).toMatchObject({
      code: 'QUERY_ACTION_REFUSED',
      reason: 'role',
      message: 'Ihre Rolle darf diese Aktion bei diesem Query-Typ nicht ausführen.',
    });
    expect((await raise(physician, `visit/${baseline.id}`, { queryTypeIdentifier: 'missing_value' })).status).toBe(201);
    const elsewhere = await raise(await user('Physician', '2002'), `patient/${studyPatientId}`, { queryTypeIdentifier: 'missing_value' });
    // Another location's patient answers as an unknown one (issue 15): a refusal would confirm it exists.
    expect([elsewhere.status, elsewhere.body]).toMatchObject([
      404,
      { code: 'ECRF_ERR_NOT_FOUND', message: ACCESS_MESSAGES.notFound('study patient') },
    ]);
    const unknownType = await raise(physician, `patient/${studyPatientId}`, { queryTypeIdentifier: 'gibt_es_nicht' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.message).toBe("Unbekannter Query-Typ 'gibt_es_nicht'.");
    expect((await raise(physician, `visit/${studyPatientId}`, { queryTypeIdentifier: 'missing_value' })).status).toBe(404);
  });

  it('raises location queries with the study’s current definition', async () => {
    const dataManager = await user('DataManager', '1001');
    const location = registry.locationOf('1001');
    expect((await raise(dataManager, `institute/${location}`, { queryTypeIdentifier: 'plausibility' })).status).toBe(400);
    const created = await raise(dataManager, `institute/${location}`, { queryTypeIdentifier: 'plausibility', studyId: registry.studyId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      referenceType: 'StudyInstitute',
      studyPatientId: null,
      pseudonym: null,
      studyInstituteId: location,
    });
    expect((await dataManager.get<DataQueryDto[]>(`Query/institute/${location}`)).body.map((q) => q.id)).toContain(created.body.id);
  });

  it('applies the follow-up restriction from 2025-05-01 on: a master data manager is refused on a follow-up visit, a data manager is not', async () => {
    const { studyPatientId } = await documentedPatient('1001');
    const physician = await user('Physician', '1001');
    const fu = await physician.send<VisitDto>('POST', 'Visit', {
      studyPatientId,
      definitionId: registry.index.visitByIdentifier.get('fu')?.id,
      visitDate: '2024-02-01',
      fields: [valueField(fieldDefinitionId(registry.index, 'fu', 'fu_date'), '2024-02-01')],
    });
    expect(fu.status).toBe(201);
    const masterData = await user('MasterDataManager', '1001');
    const refused = await raise(masterData, `visit/${fu.body.id}`, { queryTypeIdentifier: 'plausibility' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'QUERY_ACTION_REFUSED', reason: 'followUpRestriction' });
    expect(refused.body.message).toContain('Seit dem 01.05.2025');
    const allowed = await raise(await user('DataManager', '1001'), `visit/${fu.body.id}`, { queryTypeIdentifier: 'plausibility' });
    expect(allowed.status).toBe(201);
    expect(allowed.body).toMatchObject({ followUpRegistry: true, visitDefinitionIdentifier: 'fu' });
    expect((await masterData.get<DataQueryDto>(`Query/${allowed.body.id}`)).body.viewerCan.edit).toEqual({
      allowed: false,
      reason: 'followUpRestriction',
    });
    now = new Date('2025-04-30T10:00:00Z');
    try {
      expect((await raise(masterData, `visit/${fu.body.id}`, { queryTypeIdentifier: 'plausibility' })).status).toBe(201);
    } finally {
      now = null;
    }
  });
});

describe('the query lists', () => {
  it('filters, sorts and pages the overview in both spellings', async () => {
    const dataManager = await user('DataManager', '1001');
    const physician = await user('Physician', '1001');
    const { studyPatientId } = await documentedPatient('1001');
    const marker = `Übersicht-${Date.now()}`;
    const ids: string[] = [];
    for (const [i, priority] of (['LOW', 'HIGH', 'NORMAL'] as const).entries()) {
      const created = await raise(dataManager, `patient/${studyPatientId}`, {
        queryTypeIdentifier: 'plausibility',
        title: `${marker} ${i}`,
        priority,
      });
      ids.push(created.body.id);
    }
    await physician.send('PUT', `Query/${ids[0]}/answer`, { version: 1, text: 'Antwort' });
    type Page = { items: DataQueryDto[]; totalCount: number };
    const base = `Query/overview?studyId=${registry.studyId}`;
    const search = encodeURIComponent(marker);
    const all = await dataManager.get<Page>(`${base}&SearchText=${search}&SortBy=priority&SortDesc=false`);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.items.map((q) => q.priority)).toEqual(['LOW', 'NORMAL', 'HIGH']);
    const lower = await dataManager.get<Page>(`${base}&searchText=${search}&sortBy=priority&sortDesc=true&itemsPerPage=2&page=2`);
    expect(lower.body).toMatchObject({ totalCount: 3 });
    expect(lower.body.items.map((q) => q.priority)).toEqual(['LOW']);
    const pending = await dataManager.get<Page>(`${base}&SearchText=${search}&QueryStage=PENDING`);
    expect(pending.body.items.map((q) => q.id)).toEqual([ids[0]]);
    const fresh = await dataManager.get<Page>(`${base}&searchText=${search}&queryStage=OPEN,PENDING&queryAnswerStage=NEW`);
    expect(fresh.body.items.map((q) => q.id).sort()).toEqual([ids[1], ids[2]].sort());
    const byPatient = await dataManager.get<Page>(
      `${base}&StudyPatientId=${studyPatientId}&StudyInstituteId=${registry.locationOf('1001')}`,
    );
    expect(byPatient.body.totalCount).toBe(3);
    const newestFirst = await dataManager.get<Page>(`${base}&SearchText=${search}`);
    expect(newestFirst.body.items[0]?.id).toBe(ids[0]);
    const elsewhere = await user('Physician', '2002');
    expect((await elsewhere.get<Page>(`${base}&SearchText=${search}`)).body.totalCount).toBe(0);
    expect((await dataManager.get(`${base}&ItemsPerPage=501`)).status).toBe(400);
    expect((await dataManager.get(`${base}&QueryStage=OPEN,FERTIG`)).status).toBe(400);

    const mine = await physician.get<DataQueryDto[]>(`Query/my?latestCount=2&studyInstituteId=${registry.locationOf('1001')}`);
    expect(mine.body).toHaveLength(2);
    const changed = mine.body.map((q) => q.changedAt);
    expect(changed).toEqual([...changed].sort().reverse());
    expect(Date.parse(changed[0] ?? '')).toBeGreaterThanOrEqual(Date.parse(pending.body.items[0]?.changedAt ?? ''));
    expect((await elsewhere.get<DataQueryDto[]>(`Query/my?studyInstituteId=${registry.locationOf('1001')}`)).body).toEqual([]);
    const actedOn = await physician.get<DataQueryDto[]>(`Query/my/patient/${studyPatientId}`);
    expect(actedOn.body.map((q) => q.id)).toEqual([ids[0]]);
  });

  it('lists queries by visit and instrument, including those of their fields', async () => {
    const { studyPatientId, baseline, instrument, fieldId } = await documentedPatient('1001');
    const dataManager = await user('DataManager', '1001');
    const onField = (await raise(dataManager, `field/${fieldId}`, { queryTypeIdentifier: 'plausibility', studyPatientId })).body;
    const onInstrument = (await raise(dataManager, `instrument/${instrument.id}`, { queryTypeIdentifier: 'plausibility' })).body;
    const onVisit = (await raise(dataManager, `visit/${baseline.id}`, { queryTypeIdentifier: 'plausibility' })).body;
    const physician = await user('Physician', '1001');
    expect((await physician.get<DataQueryDto[]>(`Query/instrument/${instrument.id}`)).body.map((q) => q.id)).toEqual([
      onField.id,
      onInstrument.id,
    ]);
    expect((await physician.get<DataQueryDto[]>(`Query/visit/${baseline.id}`)).body.map((q) => q.id)).toEqual([
      onField.id,
      onInstrument.id,
      onVisit.id,
    ]);
    expect((await dataManager.get<DataQueryDto[]>(`Query/all/visit/${baseline.id}`)).body).toHaveLength(3);
    expect((await dataManager.get<DataQueryDto[]>(`Query/all/instrument/${instrument.id}`)).body).toHaveLength(2);
  });

  it('names the field and form of queries and the people of their threads by display name (Query/details)', async () => {
    const { studyPatientId, baseline, instrument, fieldId } = await documentedPatient('1001');
    const dataManager = await user('DataManager', '1001');
    const physician = await user('Physician', '1001');
    const onField = (await raise(dataManager, `field/${fieldId}`, { queryTypeIdentifier: 'plausibility', studyPatientId })).body;
    const onVisit = (await raise(dataManager, `visit/${baseline.id}`, { queryTypeIdentifier: 'plausibility' })).body;
    await physician.send('PUT', `Query/${onField.id}/answer`, { version: 1, text: 'ECOG ist 1.' });
    type Details = { id: string; fieldLabel: string | null; formLabel: string | null; people: { userName: string; displayName: string }[] };
    const details = (await physician.get<Details[]>(`Query/details?ids=${onField.id},${onVisit.id}`)).body;
    const field = details.find((d) => d.id === onField.id);
    expect(field).toMatchObject({ fieldLabel: 'ECOG-Performance-Status', formLabel: 'Allgemeinzustand (ECOG)' });
    expect(field?.people.map((p) => p.displayName).sort()).toEqual(['Test DataManager', 'Test Physician']);
    expect(field?.people.every((p) => p.userName.startsWith('t_'))).toBe(true);
    expect(instrument.id).toBe(onField.instrumentId);
    expect(details.find((d) => d.id === onVisit.id)).toMatchObject({ fieldLabel: null, formLabel: 'Baseline' });
    // Another location's caller reads nothing of them, as with the queries themselves.
    const elsewhere = await user('Physician', '2002');
    expect((await elsewhere.get<Details[]>(`Query/details?ids=${onField.id}`)).body).toEqual([]);
  });

  it('keeps templates per user', async () => {
    const dataManager = await user('DataManager', '1001');
    const created = await dataManager.send<{ id: string }>('POST', 'QueryTemplate', { title: 'Fehlt', text: 'Bitte nachtragen.' });
    expect(created.status).toBe(201);
    const other = await user('MasterDataManager', '1001');
    expect((await other.get<{ id: string }[]>('QueryTemplate/my')).body.map((t) => t.id)).not.toContain(created.body.id);
    expect((await other.send('DELETE', `QueryTemplate/my/${created.body.id}`)).status).toBe(404);
    expect((await dataManager.get<{ id: string; queryTypeIdentifier: string | null }[]>('QueryTemplate/my')).body).toContainEqual({
      id: created.body.id,
      title: 'Fehlt',
      text: 'Bitte nachtragen.',
      queryTypeIdentifier: null,
    });
    expect((await dataManager.send('DELETE', `QueryTemplate/my/${created.body.id}`)).status).toBe(204);
    expect((await dataManager.get<{ id: string }[]>('QueryTemplate/my')).body.map((t) => t.id)).not.toContain(created.body.id);
  });
});
