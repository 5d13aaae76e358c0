/**
 * Generic export definitions through the API (ecrf-calls.md §7 "Exports": Generic export): CRUD, duplicate,
 * stale writes, the cron rule, the data provider items, the audit trail, and a 403 for each route without
 * its right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRequest, type OpenApi } from '../administration/openapi-sample.js';
import { bearer, createRightlessUser, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
let token: string;
let studyId: string;
let rightless: Awaited<ReturnType<typeof createRightlessUser>>;
let rightlessToken: string;

beforeAll(async () => {
  backend = await createTestBackend();
  const user = await createTestUser(backend.database, { role: 'PMNNGM' });
  token = (await signIn(backend.app, user.userName, user.password)).token;
  rightless = await createRightlessUser(backend.database);
  rightlessToken = (await signIn(backend.app, rightless.userName, rightless.password)).token;
  studyId = (await backend.database.db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await rightless.remove();
  await backend.close();
});

type Definition = {
  id: string;
  name: string;
  items: string[];
  cron: string | null;
  version: number;
  isDeleted: boolean;
  outputFormat: string;
};
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
  backend.app.inject({ method, url: `/api/v1.0/GenericExport${url}`, payload, headers: bearer(as) });
const body = {
  name: 'Monatsbericht',
  description: 'Stand der Dokumentation',
  items: ['pseudonym', 'location', 'patient/field:sex'],
  outputFormat: 'csv',
};

describe('data provider items', () => {
  it('lists the fixed items and the fields of patient, visits and instruments with German labels', async () => {
    const response = await api('GET', `/study/${studyId}/dataProviderItems`);
    expect(response.statusCode).toBe(200);
    const items = response.json<{ key: string; group: string; label: string; type: string }[]>();
    expect(items.slice(0, 3)).toEqual([
      { key: 'pseudonym', group: 'Patient', label: 'Pseudonym', type: 'string' },
      { key: 'location', group: 'Patient', label: 'Standort', type: 'string' },
      { key: 'registrationDate', group: 'Patient', label: 'Registrierungsdatum', type: 'string' },
    ]);
    const byKey = new Map(items.map((i) => [i.key, i]));
    expect(byKey.get('visitDate')).toMatchObject({ group: 'Visite', label: 'Visitendatum' });
    expect(byKey.get('visit:baseline/field:baseline_date')).toMatchObject({ group: 'Visite Baseline', label: 'Datum der Baseline-Visite' });
    expect(byKey.get('visit:baseline/instrument:staging/state')).toMatchObject({
      group: 'Baseline: TNM und UICC-Stadium',
      label: 'Status',
    });
    expect(byKey.get('visit:fu/instrument:staging/field:tnm.t')?.group).toMatch(/^Follow-up.*: TNM und UICC-Stadium$/);
    // Fields of repeating lists cannot be one column.
    expect(items.some((i) => i.key.includes('consent_entry'))).toBe(false);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });

  it('answers 404 for an unknown study', async () => {
    expect((await api('GET', `/study/${crypto.randomUUID()}/dataProviderItems`)).statusCode).toBe(404);
  });
});

describe('definitions', () => {
  it('are created, read, listed, updated and deleted, each write audited with old and new values', async () => {
    const created = await api('POST', `/study/${studyId}`, { ...body, cron: '  0 6  * * 1 ' });
    expect(created.statusCode).toBe(201);
    const definition = created.json<Definition>();
    expect(definition).toMatchObject({ name: 'Monatsbericht', items: body.items, cron: '0 6 * * 1', version: 1, isDeleted: false });

    expect((await api('GET', `/${definition.id}`)).json<Definition>().name).toBe('Monatsbericht');
    const list = (await api('GET', `/study/${studyId}`)).json<Definition[]>();
    expect(list.map((d) => d.id)).toContain(definition.id);

    const updated = await api('PUT', `/${definition.id}`, { ...body, name: 'Wochenbericht', outputFormat: 'xlsx', cron: '', version: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Definition>()).toMatchObject({ name: 'Wochenbericht', outputFormat: 'xlsx', cron: null, version: 2 });

    expect((await api('DELETE', `/${definition.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/study/${studyId}`)).json<Definition[]>().map((d) => d.id)).not.toContain(definition.id);
    const withDeleted = (await api('GET', `/study/${studyId}?includeDeleted=true`)).json<Definition[]>();
    expect(withDeleted.find((d) => d.id === definition.id)?.isDeleted).toBe(true);
    expect((await api('DELETE', `/${definition.id}`)).statusCode).toBe(404);

    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['operation', 'old_value', 'new_value'])
      .where('table_name', '=', 'generic_export_definition')
      .where('record_id', '=', definition.id)
      .orderBy('id')
      .execute();
    expect(trail.map((t) => t.operation)).toEqual(['Create', 'Update', 'Delete']);
    expect(trail[1]?.old_value).toMatchObject({ name: 'Monatsbericht', cron: '0 6 * * 1' });
    expect(trail[1]?.new_value).toMatchObject({ name: 'Wochenbericht', cron: null });
    expect(trail[2]?.new_value).toMatchObject({ isDeleted: true });
  });

  it('refuse a stale update with 409 and the stored definition', async () => {
    const { id } = (await api('POST', `/study/${studyId}`, body)).json<Definition>();
    expect((await api('PUT', `/${id}`, { ...body, name: 'Erste', version: 1 })).statusCode).toBe(200);
    const stale = await api('PUT', `/${id}`, { ...body, name: 'Zweite', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string; current: Definition }>()).toMatchObject({
      code: 'ECRF_ERR_STALE_WRITE',
      current: { name: 'Erste', version: 2 },
    });
    expect((await api('GET', `/${id}`)).json<Definition>().name).toBe('Erste');
  });

  it('refuse a broken cron expression, a blank name and unknown items with the German messages at their fields', async () => {
    const response = await api('POST', `/study/${studyId}`, { ...body, name: ' ', items: ['pseudonym', 'nope'], cron: '0 25 * * *' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'name', message: 'Wird benötigt' },
      { field: 'items.1', message: 'Unbekanntes Datenelement' },
      { field: 'cron', message: 'Cron Syntax' },
    ]);
    const { id } = (await api('POST', `/study/${studyId}`, body)).json<Definition>();
    const update = await api('PUT', `/${id}`, { ...body, cron: '* * * * * *', version: 1 });
    expect(update.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([{ field: 'cron', message: 'Cron Syntax' }]);
    expect((await api('GET', `/${id}`)).json<Definition>().version).toBe(1);
  });

  it('are duplicated as "<name> (Kopie)" without the schedule', async () => {
    const { id } = (await api('POST', `/study/${studyId}`, { ...body, cron: '0 6 * * *' })).json<Definition>();
    const copy = await api('POST', `/${id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json<Definition>()).toMatchObject({ name: 'Monatsbericht (Kopie)', items: body.items, cron: null, version: 1 });
    expect(copy.json<Definition>().id).not.toBe(id);
  });
});

describe('rights', () => {
  const routes = () => backend.app.apiRoutes.filter((route) => route.url.startsWith('/api/v1.0/GenericExport'));

  it('each route answers 403 without its right', async () => {
    const document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    expect(
      routes()
        .map((r) => `${r.method} ${'right' in r.access ? r.access.right : ''}`)
        .sort(),
    ).toEqual([
      'DELETE ExportDefinitionDeleteCmd',
      'GET ExportDefinitionGetCmd',
      'GET ExportDefinitionGetCmd',
      'GET ExportDefinitionGetDataProviderItemsCmd',
      'GET ExportDefinitionGetFilesCmd',
      'POST ExportDefinitionCreateCmd',
      'POST ExportDefinitionDuplicateCmd',
      'POST ExportDefinitionGetFilesCmd',
      'POST ExportDefinitionRunCmd',
      'PUT ExportDefinitionUpdateCmd',
    ]);
    for (const route of routes()) {
      const request = sampleRequest(document, route);
      const response = await backend.app.inject({
        method: route.method as 'GET',
        url: request.url,
        payload: request.payload,
        headers: { ...bearer(rightlessToken), ...(request.payload ? { 'content-type': 'application/json' } : {}) },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
