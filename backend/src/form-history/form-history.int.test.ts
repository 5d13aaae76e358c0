/**
 * A form's history field by field and the form at a moment (issue 25 item 5), through the REST routes: a physician
 * documents and corrects, a data manager reviews; rights and locations as docs/decisions.md "Form history" says.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import type { FieldChangeEntry, FormSnapshot } from '../patient-documentation/documentation-history.js';
import type { InstrumentDto, VisitDto } from '../patient-documentation/patient-documents.js';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  fieldAt,
  fieldDefinitionId,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { formInput } from '../patient-documentation/field-paths.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { RoleIdentifier } from '../rights/role-rights.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let reviewer: Api;

const apiOf = async (role: RoleIdentifier, institutes: string[]) => {
  const user = await createTestUser(backend.database, { role, institutes });
  return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
};

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  physician = await apiOf('Physician', ['1001']);
  reviewer = await apiOf('DataManager', ['1001']);
});
afterAll(() => backend?.close());

/** The database's clock between two writes (the trail's times are the database's). */
async function databaseNow(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(backend.database.db);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return new Date(rows[0]?.now ?? 0).toISOString();
}

type History = { items: FieldChangeEntry[]; totalCount: number };

/** A staging instrument with T 2a, corrected to T 3 with a reason; the times before, between and after. */
async function correctedStaging() {
  const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
  const beforeCreate = await databaseNow();
  const values = { tnm_version: '8', 'tnm.t': '2a', 'tnm.n': '0', 'tnm.m': '0', uicc_stage: 'IB' };
  const created = await createInstrument(
    physician,
    registry,
    studyPatientId,
    baseline.id,
    'staging',
    formInput(registry.index, 'staging', values),
  );
  const documented = await databaseNow();
  const table = fieldAt(registry.index, created.fields, 'tnm');
  const t = fieldAt(registry.index, created.fields, 'tnm.t');
  const corrected = await physician.send<InstrumentDto>('PUT', `Instrument/${created.id}`, {
    version: created.version,
    reasonForChange: 'Befund korrigiert',
    fields: [
      {
        id: table?.id,
        definitionId: table?.definitionId,
        childFields: [{ id: t?.id, definitionId: t?.definitionId, values: [{ value: '3' }] }],
      },
    ],
  });
  expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
  return {
    studyPatientId,
    baseline,
    instrument: corrected.body,
    tId: t?.id ?? '',
    beforeCreate,
    documented,
    corrected: await databaseNow(),
  };
}

describe('the history of a form', () => {
  it('lists each change field by field, newest first, with path, label, old and new value, reason, user, role and location', async () => {
    const { instrument, tId } = await correctedStaging();
    const history = await reviewer.get<History>(`Instrument/${instrument.id}/history`);
    expect(history.status).toBe(200);
    const [newest] = history.body.items;
    expect(newest).toMatchObject({
      operation: 'Update',
      reason: 'Befund korrigiert',
      role: { identifier: 'Physician', displayName: 'Arzt' },
      location: { displayName: 'Universitätsklinikum Köln' },
      version: 2,
      field: {
        key: `fields.${tId}`,
        kind: 'field',
        instanceId: tId,
        definitionId: fieldDefinitionId(registry.index, 'staging', 'tnm.t'),
        path: 'tnm.t',
        label: 'T',
      },
      oldValue: { values: [{ value: '2a' }], isDeleted: false },
      newValue: { values: [{ value: '3' }], isDeleted: false },
    });
    // The created instrument is an entry of its own; the version and the form's identity are no field changes.
    const oldest = history.body.items.at(-1);
    const creation = history.body.items.filter((entry) => entry.operation === 'Create');
    expect(creation[0]).toMatchObject({ field: null, oldValue: null, newValue: null, version: 1 });
    expect(creation.map((entry) => entry.field?.path ?? null)).toContain('tnm.t');
    expect(oldest?.operation).toBe('Create');
    expect(history.body.items.map((entry) => entry.field?.key)).not.toContain('version');
    expect(history.body.items.map((entry) => entry.field?.key)).not.toContain('definitionId');
    expect(history.body.totalCount).toBe(history.body.items.length);

    const second = await reviewer.get<History>(`Instrument/${instrument.id}/history?page=2&itemsPerPage=1`);
    expect(second.body).toEqual({ items: [history.body.items[1]], totalCount: history.body.totalCount });
  });

  it('shows the form as it was at a moment: 404 before it existed, then each state, and a deletion with its fields', async () => {
    const { instrument, beforeCreate, documented, corrected } = await correctedStaging();
    const asOf = (at: string) =>
      reviewer.get<FormSnapshot & { message?: string }>(`Instrument/${instrument.id}/asOf?at=${encodeURIComponent(at)}`);
    const tOf = (snapshot: FormSnapshot) => fieldAt(registry.index, snapshot.fields, 'tnm.t')?.values[0]?.value;

    const before = await asOf(beforeCreate);
    expect(before).toMatchObject({ status: 404, body: { message: 'Das Formular bestand zu diesem Zeitpunkt noch nicht.' } });
    const first = await asOf(documented);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, state: 'complete', isDeleted: false, deletion: null, rebuiltCompletely: true });
    expect(tOf(first.body)).toBe('2a');
    expect(fieldAt(registry.index, first.body.fields, 'uicc_stage')?.values).toEqual([{ value: 'IB' }]);
    const now = await asOf(corrected);
    expect([now.body.version, tOf(now.body)]).toEqual([2, '3']);

    const deleted = await reviewer.send('DELETE', `Instrument/${instrument.id}?reasonOfChange=${encodeURIComponent('Doppelt angelegt')}`);
    expect(deleted.status).toBe(204);
    const gone = await asOf(await databaseNow());
    expect(gone.body).toMatchObject({ isDeleted: true, deletion: { reason: 'Doppelt angelegt' }, version: 2 });
    expect(tOf(gone.body)).toBe('3');
    expect(tOf((await asOf(corrected)).body)).toBe('3');
    const history = await reviewer.get<History>(`Instrument/${instrument.id}/history`);
    expect(history.body.items[0]).toMatchObject({ operation: 'Delete', field: null, reason: 'Doppelt angelegt' });
  });

  it("names a visit's own columns in German", async () => {
    const { baseline } = await createPatientWithBaseline(physician, registry);
    const moved = await physician.send<VisitDto>('PUT', `Visit/${baseline.id}`, { version: baseline.version, visitDate: '2023-02-03' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const history = await reviewer.get<History>(`Visit/${baseline.id}/history`);
    const date = history.body.items.find((entry) => entry.field?.key === 'visitDate');
    expect(date).toMatchObject({
      operation: 'Update',
      field: { kind: 'column', label: 'Visitendatum', path: null },
      oldValue: { json: '"2023-02-01"' },
      newValue: { json: '"2023-02-03"' },
    });
  });

  it('shows rows from before per-field auditing as one entry "Formular" and says the state is not rebuilt completely', async () => {
    const { instrument, corrected } = await correctedStaging();
    const legacy = { fields: [{ id: 'legacy', definitionId: 'x', values: [{ value: 'alt' }], childFields: [] }] };
    await backend.database.db.transaction().execute((trx) =>
      audit(trx, {
        actor: SYSTEM_ACTOR,
        tableName: 'instrument',
        recordId: instrument.id,
        operation: 'Update',
        oldValue: null,
        newValue: legacy,
      }),
    );
    const history = await reviewer.get<History>(`Instrument/${instrument.id}/history?itemsPerPage=1`);
    const [entry] = history.body.items;
    expect(entry?.field).toMatchObject({ key: 'fields', kind: 'legacyForm', label: 'Formular' });
    expect(JSON.parse(entry?.newValue?.json ?? 'null')).toEqual(legacy.fields);
    expect((await reviewer.get<FormSnapshot>(`Instrument/${instrument.id}/asOf?at=${corrected}`)).body.rebuiltCompletely).toBe(true);
    const after = await reviewer.get<FormSnapshot>(`Instrument/${instrument.id}/asOf?at=${await databaseNow()}`);
    expect(after.body.rebuiltCompletely).toBe(false);
  });

  it('needs AuditLogLogCmd (403) and a patient the caller sees (404 as for an unknown form)', async () => {
    const { instrument, studyPatientId } = await correctedStaging();
    expect((await physician.get(`Instrument/${instrument.id}/history`)).status).toBe(403);
    const elsewhere = await apiOf('AdminNNGM', ['2002']);
    const here = await apiOf('AdminNNGM', ['1001']);
    const unknown = await elsewhere.get<{ message: string }>('Instrument/00000000-0000-4000-8000-00000000dead/history');
    for (const url of [`Instrument/${instrument.id}/history`, `StudyPatient/${studyPatientId}/asOf?at=${await databaseNow()}`]) {
      const hidden = await elsewhere.get<{ message: string }>(url);
      expect(hidden.status, url).toBe(404);
    }
    expect((await elsewhere.get<{ message: string }>(`Instrument/${instrument.id}/history`)).body).toEqual(unknown.body);
    const seen = await here.get(`Instrument/${instrument.id}/history`);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  });
});
