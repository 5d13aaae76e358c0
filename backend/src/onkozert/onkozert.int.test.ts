/**
 * OncoBox imports (ecrf-calls.md §7 "Onkozert"): a CSV of key figures with a bad row is stored with its report,
 * listed and downloaded again; a refused file (binary, wrong extension, unknown header, too large) leaves
 * nothing behind; imports are seen at the caller's locations only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRegistry, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { bearer, createTestBackend, createTestUser, createUserWithRights, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { OnkozertImportDto } from './onkozert.schemas.js';

let backend: TestBackend;
let registry: DemoRegistry;
let cologne: string;
let essen: string;

beforeAll(async () => {
  backend = await createTestBackend({ clock: () => new Date('2025-06-15T10:00:00Z') });
  registry = await demoRegistry(backend.database);
  const tokenOf = async (institutes: string[]) => {
    const user = await createUserWithRights(
      backend.database,
      ['OnkozertImportCmd', 'OnkozertImportsGetCmd', 'OnkozertImportsDownloadCmd'],
      institutes,
    );
    return (await signIn(backend.app, user.userName, user.password)).token;
  };
  cologne = await tokenOf(['1001']);
  essen = await tokenOf(['2002']);
});
afterAll(() => backend.close());

const CSV = [
  'Jahr;Kennzahl;Bezeichnung;Zähler;Nenner',
  '2024;1;Primärfälle;120;',
  '2024;2a;Prätherapeutische Tumorkonferenz;95;100',
  '2024;3;Operationen;viele;',
  '',
].join('\r\n');

async function upload(token: string, location: string, fileName: string, content: string | Uint8Array, type = 'text/csv') {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return backend.app.inject({
    method: 'POST',
    url: `/api/v1.0/Onkozert/import?studyInstituteId=${location}`,
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const importCount = async () =>
  Number(
    (
      await backend.database.db
        .selectFrom('onkozert_import')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST Onkozert/import', () => {
  it('stores the accepted rows, reports the rejected one, and the import is listed and downloaded again', async () => {
    const response = await upload(cologne, registry.locationOf('1001'), 'kennzahlen-2024.csv', CSV);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<OnkozertImportDto>();
    expect(created).toMatchObject({
      instituteIdentifier: '1001',
      fileName: 'kennzahlen-2024.csv',
      accepted: 2,
      rejectedRows: 1,
      years: [2024],
    });
    expect(created.rejected).toEqual([{ row: 4, column: 'Zähler', message: 'Ganze Zahl ab 0' }]);
    expect(created.sizeBytes).toBe(Buffer.byteLength(CSV));

    const { db } = backend.database;
    const figures = await db
      .selectFrom('onkozert_key_figure')
      .select(['key_figure', 'numerator', 'denominator'])
      .where('import_id', '=', created.id)
      .orderBy('source_row')
      .execute();
    expect(figures).toEqual([
      { key_figure: '1', numerator: 120, denominator: null },
      { key_figure: '2a', numerator: 95, denominator: 100 },
    ]);
    const audits = await db.selectFrom('audit_trail').select(['operation', 'new_value']).where('record_id', '=', created.id).execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.new_value).toMatchObject({ accepted: 2, rejectedRows: 1, fileName: 'kennzahlen-2024.csv' });

    const list = await backend.app.inject({ method: 'GET', url: '/api/v1.0/Onkozert/imports', headers: bearer(cologne) });
    expect(list.json<OnkozertImportDto[]>().map((i) => i.id)).toContain(created.id);

    const download = await backend.app.inject({
      method: 'GET',
      url: `/api/v1.0/Onkozert/imports/download?id=${created.id}`,
      headers: bearer(cologne),
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(CSV);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''kennzahlen-2024.csv");
  });

  it('refuses a binary file, another extension and an unknown header as a whole, storing nothing', async () => {
    const before = await importCount();
    const location = registry.locationOf('1001');
    const binary = await upload(cologne, location, 'kennzahlen.csv', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json<{ message: string }>().message).toBe('Die Datei ist keine CSV-Textdatei (UTF-8) und wurde nicht importiert.');
    const excel = await upload(cologne, location, 'kennzahlen.xlsx', CSV);
    expect(excel.json<{ message: string }>().message).toBe('Nur CSV-Dateien (Endung .csv) können importiert werden.');
    const header = await upload(cologne, location, 'patienten.csv', 'Name;Geburtsdatum\nMustermann;1950-01-01\n');
    expect(header.statusCode).toBe(400);
    expect(header.json<{ message: string }>().message).toBe(
      'Unbekannte Spalte „Name“. Erlaubt sind: Jahr, Kennzahl, Bezeichnung, Zähler, Nenner.',
    );
    const headerOnly = await upload(cologne, location, 'leer.csv', 'Jahr;Kennzahl;Zähler\n');
    expect(headerOnly.json<{ message: string }>().message).toBe(
      'Die Datei enthält keine Kennzahlen: nach der Kopfzeile folgt keine Datenzeile.',
    );
    const broken = await upload(cologne, location, 'kaputt.csv', 'Jahr;Kennzahl;Zähler\n2024;"1;5\n');
    expect(broken.statusCode).toBe(400);
    expect(await importCount()).toBe(before);
  });

  it('answers 413 with a German message for a file above 10 MB and stores nothing', async () => {
    const before = await importCount();
    const big = 'Jahr;Kennzahl;Zähler\n' + '2024;1;1\n'.repeat((10 * 1024 * 1024) / 9 + 10);
    const response = await upload(cologne, registry.locationOf('1001'), 'gross.csv', big);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: string; message: string }>()).toMatchObject({
      code: 'ECRF_ERR_FILE_TOO_LARGE',
      message: 'Die Datei ist größer als 10 MB und wurde nicht importiert.',
    });
    expect(await importCount()).toBe(before);
  });

  it('shows every location’s imports to a caller who administers all locations (the certification office)', async () => {
    const office = await createTestUser(backend.database, { role: 'AdminMedSyn' });
    const token = (await signIn(backend.app, office.userName, office.password)).token;
    const created = await upload(token, registry.locationOf('3003'), 'heidelberg.csv', CSV);
    expect(created.statusCode).toBe(201);
    const list = await backend.app.inject({ method: 'GET', url: '/api/v1.0/Onkozert/imports', headers: bearer(token) });
    expect(list.json<OnkozertImportDto[]>().map((i) => i.instituteIdentifier)).toEqual(expect.arrayContaining(['1001', '3003']));
    const locations = await backend.app.inject({ method: 'GET', url: '/api/v1.0/Onkozert/locations', headers: bearer(token) });
    expect(locations.json<{ identifier: string }[]>().map((l) => l.identifier)).toEqual(expect.arrayContaining(['1001', '2002', '3003']));
  });

  it('keeps imports within the caller’s locations', async () => {
    const created = (await upload(cologne, registry.locationOf('1001'), 'koeln.csv', CSV)).json<OnkozertImportDto>();
    const list = await backend.app.inject({ method: 'GET', url: '/api/v1.0/Onkozert/imports', headers: bearer(essen) });
    expect(list.json<OnkozertImportDto[]>().map((i) => i.instituteIdentifier)).not.toContain('1001');
    const download = await backend.app.inject({
      method: 'GET',
      url: `/api/v1.0/Onkozert/imports/download?id=${created.id}`,
      headers: bearer(essen),
    });
    expect(download.statusCode).toBe(404);
    const locations = await backend.app.inject({ method: 'GET', url: '/api/v1.0/Onkozert/locations', headers: bearer(essen) });
    expect(locations.json<{ identifier: string }[]>().map((l) => l.identifier)).toEqual(['2002']);
    const foreign = await upload(essen, registry.locationOf('1001'), 'fremd.csv', CSV);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ message: string }>().message).toBe('Der Standort gehört nicht zu Ihren Standorten.');
  });
});
