/**
 * Export jobs through the REST calls with the job runner working: start, live state in the job record and its
 * events, the file's content, location scoping, cancellation, and the rights of each call. The content here is
 * the test's own source (the study's patients), so the job machinery is tested apart from the kinds' content.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RightName } from '@ecrf/rules';
import { api, createPatientWithBaseline, demoRegistry, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import {
  bearer,
  createTestBackend,
  createTestUser,
  createUserWithRights,
  signIn,
  type MadeUser,
  type TestBackend,
} from '../test-support/test-backend.js';
import type { ExportTable, TableSource } from '../export-content/export-content.js';
import { EXPORT_KINDS, type TableExportKind } from './export-kinds.js';
import type { ExportSources } from './export-sources.js';
import type { ExportJobDto } from './exports.schemas.js';

/** The study's patients in scope, streamed, with a cell that a spreadsheet would run as a formula. */
const patients: TableSource = async ({ db, scope }) => {
  const query = () => {
    let q = db
      .selectFrom('study_patient as sp')
      .innerJoin('patient as p', 'p.id', 'sp.patient_id')
      .where('sp.study_id', '=', scope.studyId);
    if (scope.locationIds)
      q = q.where(
        'sp.study_institute_id',
        'in',
        scope.locationIds.length ? [...scope.locationIds] : ['00000000-0000-0000-0000-000000000000'],
      );
    return q;
  };
  const table: ExportTable = {
    name: 'patients',
    columns: [
      { key: 'pseudonym', label: 'Pseudonym', type: 'string' },
      { key: 'location', label: 'Standort', type: 'string' },
      { key: 'note', label: 'Notiz', type: 'string' },
    ],
    count: async () =>
      Number(
        (
          await query()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    rows: async function* () {
      for await (const row of query().select(['p.pseudonym', 'sp.study_institute_id']).orderBy('p.pseudonym').stream(50)) {
        yield { pseudonym: row.pseudonym, location: row.study_institute_id, note: '=HYPERLINK("http://x")' };
      }
    },
  };
  return [table, { ...table, name: 'empty', count: async () => 0, rows: async function* () {} }];
};

const sources: ExportSources = {
  tables: Object.fromEntries(Object.keys(EXPORT_KINDS).map((kind) => [kind, patients])) as Record<TableExportKind, TableSource>,
  sasProgram: (tables) => tables.map((t) => `data ${t.name};`).join('\n'),
  odm: async (_context, out) => {
    out.end('<ODM/>');
  },
  fhir: async (_context, out) => {
    out.end('{}');
  },
};

let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: string;
const mine = new Set<string>();
/** Users of the rights tests, removed with their roles afterwards: they start no job, so nothing refers to them. */
const madeUsers: MadeUser[] = [];

/** A signed-in user whose role holds just these rights, at these locations. */
async function userWithRights(rights: RightName[], institutes: string[]): Promise<string> {
  const user = await createUserWithRights(backend.database, rights, institutes);
  madeUsers.push(user);
  return (await signIn(backend.app, user.userName, user.password)).token;
}

async function waitFor(token: string, id: string, states: string[]): Promise<ExportJobDto> {
  for (let i = 0; i < 200; i += 1) {
    const response = await backend.app.inject({ method: 'GET', url: `/api/v1.0/ExportJob?ids=${id}`, headers: bearer(token) });
    const [job] = response.json<ExportJobDto[]>();
    if (job && states.includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not reach ${states.join('/')}`);
}

const start = async (token: string, path: string, payload: object = {}) =>
  backend.app.inject({ method: 'POST', url: `/api/v1.0/${path}`, headers: bearer(token), payload });

beforeAll(async () => {
  backend = await createTestBackend({}, undefined, { exportSources: sources, exportWorkers: true });
  registry = await demoRegistry(backend.database);
  const manager = await createTestUser(backend.database, { role: 'DataManager', institutes: ['1001', '2002'] });
  dataManager = (await signIn(backend.app, manager.userName, manager.password)).token;
  const client = api(backend.app, dataManager);
  for (const location of ['1001', '1001', '2002']) {
    const { studyPatientId } = await createPatientWithBaseline(client, registry, location);
    mine.add(studyPatientId);
  }
}, 60_000);

afterAll(async () => {
  for (const user of madeUsers) await user.remove();
  await backend?.close();
});

describe('export jobs', () => {
  it('runs a CSV export to completion, with its file, checksum, events and audit record', async () => {
    const started = await start(dataManager, `study/${registry.studyId}/screening-export`);
    expect(started.statusCode).toBe(202);
    const job = started.json<ExportJobDto>();
    expect(job).toMatchObject({ kind: 'screening-export', state: 'queued', allLocations: true });
    expect(job.parameters.fromDate).toMatch(/T0[23]:30:00.000Z$/);
    expect(job.fileName).toMatch(/^screening-export_NNGM_\d{8}-\d{6}_[0-9a-f]{8}\.csv$/);
    const done = await waitFor(dataManager, job.id, ['completed', 'failed']);
    expect(done).toMatchObject({ state: 'completed', progress: 100, attempts: 1 });

    const download = await backend.app.inject({
      method: 'POST',
      url: `/api/v1.0/study/${registry.studyId}/screening-export/download?fileName=${done.fileName}`,
      headers: bearer(dataManager),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(done.fileName);
    expect(download.rawPayload.length).toBe(done.fileSize);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(done.fileSha256);
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('pseudonym;location;note');
    // Every study patient in the file, with the formula cell escaped.
    const total = Number(
      (
        await backend.database.db
          .selectFrom('study_patient')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('study_id', '=', registry.studyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);

    const events = await backend.database.db
      .selectFrom('domain_event')
      .select(['payload'])
      .where('type', '=', 'ExportJobChanged')
      .where(({ ref }) => ref('payload'), '@>', JSON.stringify({ jobId: job.id }) as never)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.payload.state)).toEqual(expect.arrayContaining(['queued', 'running', 'completed']));
    expect(events.at(-1)?.payload).toMatchObject({
      state: 'completed',
      progress: 100,
      filesRight: 'SAFETY_SCREENING_EXPORT_GET_FILES_CMD',
      locationIds: null,
    });
    const audits = await backend.database.db
      .selectFrom('audit_trail')
      .select(['operation', 'new_value'])
      .where('record_id', '=', job.id)
      .execute();
    expect(audits.map((a) => a.operation).sort()).toEqual(['Create', 'Update']);
  });

  it('writes a ZIP of the CSV tables without empty ones unless asked, and one XLSX with asXlsx', async () => {
    const zip = await waitFor(dataManager, (await start(dataManager, `study/${registry.studyId}/csv-export`)).json<ExportJobDto>().id, [
      'completed',
    ]);
    expect(zip.fileName).toMatch(/\.zip$/);
    const withEmpty = (await start(dataManager, `study/${registry.studyId}/csv-export`, { exportEmptyTables: true })).json<ExportJobDto>();
    const xlsx = (await start(dataManager, `study/${registry.studyId}/csv-export`, { asXlsx: true })).json<ExportJobDto>();
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    const entries = async (job: ExportJobDto) => {
      const done = await waitFor(dataManager, job.id, ['completed']);
      const file = await backend.app.inject({
        method: 'POST',
        url: `/api/v1.0/ExportJob/${done.id}/download`,
        headers: bearer(dataManager),
      });
      return file.rawPayload.toString('latin1').match(/[\w-]+\.csv/g) ?? [];
    };
    expect(new Set(await entries(zip))).toEqual(new Set(['patients.csv']));
    expect(new Set(await entries(withEmpty))).toEqual(new Set(['patients.csv', 'empty.csv']));
    expect((await waitFor(dataManager, xlsx.id, ['completed'])).fileSize).toBeGreaterThan(0);
  });

  it('gives a user of one location a file of that location only, and hides files of more locations from them', async () => {
    // A researcher reads the patients of their own locations only.
    const researcher = await createTestUser(backend.database, { role: 'Researcher', institutes: ['2002'] });
    const local = (await signIn(backend.app, researcher.userName, researcher.password)).token;
    const job = (await start(local, `study/${registry.studyId}/csv-export`, { asXlsx: true })).json<ExportJobDto>();
    expect(job.allLocations).toBe(false);
    const done = await waitFor(local, job.id, ['completed']);
    const file = await backend.app.inject({ method: 'POST', url: `/api/v1.0/ExportJob/${done.id}/download`, headers: bearer(local) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const locations = workbook.getWorksheet('patients')?.getColumn(2).values.slice(2) ?? [];
    expect(locations.length).toBeGreaterThan(0);
    expect(new Set(locations)).toEqual(new Set([registry.locationOf('2002')]));

    const listed = await backend.app.inject({
      method: 'GET',
      url: `/api/v1.0/study/${registry.studyId}/csv-export/list`,
      headers: bearer(local),
    });
    const jobs = listed.json<ExportJobDto[]>();
    expect(jobs.map((j) => j.id)).toContain(job.id);
    expect(jobs.every((j) => !j.allLocations)).toBe(true);
    // The data manager's all-locations file: not listed, not downloadable.
    const [allLocations] = (
      await backend.app.inject({
        method: 'GET',
        url: `/api/v1.0/study/${registry.studyId}/csv-export/list`,
        headers: bearer(dataManager),
      })
    )
      .json<ExportJobDto[]>()
      .filter((j) => j.allLocations);
    expect(allLocations).toBeDefined();
    const refused = await backend.app.inject({
      method: 'POST',
      url: `/api/v1.0/ExportJob/${allLocations?.id}/download`,
      headers: bearer(local),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('cancels a queued job at once and refuses to cancel an ended one', async () => {
    // A backend without workers keeps the job queued.
    const idle = await createTestBackend({}, undefined, { exportSources: sources });
    try {
      const manager = await createTestUser(idle.database, { role: 'DataManager' });
      const token = (await signIn(idle.app, manager.userName, manager.password)).token;
      const { studyId } = await demoRegistry(idle.database);
      const started = await idle.app.inject({
        method: 'POST',
        url: `/api/v1.0/study/${studyId}/sas-export`,
        headers: bearer(token),
        payload: {},
      });
      expect(started.statusCode, started.body).toBe(202);
      const job = started.json<ExportJobDto>();
      const cancel = () => idle.app.inject({ method: 'POST', url: `/api/v1.0/ExportJob/${job.id}/cancel`, headers: bearer(token) });
      const cancelled = await cancel();
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<ExportJobDto>().state).toBe('cancelled');
      expect((await cancel()).statusCode).toBe(409);
    } finally {
      await idle.close();
    }
  });

  it('takes an explicit null as "use the default"', async () => {
    const started = await start(dataManager, `study/${registry.studyId}/screening-export`, { fromDate: null });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<ExportJobDto>().parameters.fromDate).toMatch(/T0[23]:30:00.000Z$/);
  });

  it('refuses changes-export with a start after its end, in German', async () => {
    const refused = await start(dataManager, `study/${registry.studyId}/changes-export`, {
      fromDate: '2026-02-01T00:00:00Z',
      toDate: '2026-01-01T00:00:00Z',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual([{ field: 'fromDate', message: 'Das Startdatum darf nicht nach dem Enddatum liegen.' }]);
  });

  describe.each(Object.entries(EXPORT_KINDS).filter(([, kind]) => kind.family !== 'generic'))(
    'the rights of %s',
    (kind, { start: startRight, files }) => {
      const path = () =>
        EXPORT_KINDS[kind as TableExportKind].family === 'nngm'
          ? `NngmExport/study/${registry.studyId}/${kind}`
          : `study/${registry.studyId}/${kind}`;

      const body = kind === 'changes-export' ? { fromDate: '2026-01-01T00:00:00Z' } : {};

      it('answers 403 to start without the start right, and to list and download without the files right', async () => {
        const onlyFiles = await userWithRights([files], ['1001']);
        const onlyStart = await userWithRights([startRight], ['1001']);
        expect((await start(onlyFiles, path(), body)).statusCode).toBe(403);
        const list = await backend.app.inject({ method: 'GET', url: `/api/v1.0/${path()}/list`, headers: bearer(onlyStart) });
        const download = await backend.app.inject({
          method: 'POST',
          url: `/api/v1.0/${path()}/download?fileName=x.csv`,
          headers: bearer(onlyStart),
        });
        expect([list.statusCode, download.statusCode]).toEqual([403, 403]);
      });
    },
  );
});
