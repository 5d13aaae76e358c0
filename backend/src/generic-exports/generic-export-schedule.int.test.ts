/**
 * The schedule of generic exports: two replicas' schedules tick for the same minute and only one starts the
 * job (the claim in generic_export_run), for the user who saved the definition last; deleting unschedules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartExportJob } from '../export-content/export-job-starter.js';
import { createTestBackend, createTestUser, type TestBackend } from '../test-support/test-backend.js';
import { dueMinuteOf, startGenericExportSchedule } from './generic-export-schedule.js';
import { createGenericExport, deleteGenericExport, updateGenericExportDefinition } from './generic-exports.service.js';

let backend: TestBackend;
let studyId: string;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  backend = await createTestBackend();
  studyId = (await backend.database.db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow()).id;
});
afterAll(() => backend.close());

const callerOf = async () => {
  const user = await createTestUser(backend.database, { role: 'PMNNGM' });
  return { id: user.id, userName: user.userName, roleId: '', roleIdentifier: 'PMNNGM', rights: new Set<string>() };
};

describe('startGenericExportSchedule', () => {
  it('starts a due run once across two replicas, for the user who saved the definition last', async () => {
    const { db } = backend.database;
    const author = await callerOf();
    const editor = await callerOf();
    const created = await createGenericExport(db, author, studyId, {
      name: 'Nachts',
      items: ['pseudonym'],
      outputFormat: 'csv',
      cron: '0 2 * * *',
    });
    await updateGenericExportDefinition(
      db,
      editor,
      created.id,
      { name: 'Nachts', items: ['pseudonym'], outputFormat: 'xlsx', cron: '0 3 * * *', version: 1 },
      new Date(),
    );

    const calls: StartExportJob[] = [];
    const starter = { start: async (request: StartExportJob) => ({ id: `job-${calls.push(request)}` }) };
    const clock = () => new Date('2031-03-04T02:00:00.400Z');
    const replicas = [
      startGenericExportSchedule({ db, starter, log: quiet, clock }),
      startGenericExportSchedule({ db, starter, log: quiet, clock }),
    ];
    try {
      await Promise.all(replicas.map((r) => r.reload()));
      for (const replica of replicas) expect(replica.scheduled().get(created.id)).toBe('0 3 * * *');

      const results = await Promise.all(replicas.map((r) => r.runDue(created.id)));
      expect(results.filter((r) => r.started !== null)).toHaveLength(1);
      expect(calls).toEqual([
        { kind: 'generic-export', studyId, parameters: { definitionId: created.id, asXlsx: true }, startedBy: editor.id },
      ]);
      const run = await db.selectFrom('generic_export_run').selectAll().where('definition_id', '=', created.id).executeTakeFirstOrThrow();
      expect(run).toMatchObject({ due_at: new Date('2031-03-04T02:00:00.000Z'), job_id: 'job-1' });

      await deleteGenericExport(db, editor, created.id, new Date());
      await Promise.all(replicas.map((r) => r.reload()));
      for (const replica of replicas) expect(replica.scheduled().has(created.id)).toBe(false);
      expect((await replicas[0]?.runDue(created.id))?.started).toBeNull();
      expect(calls).toHaveLength(1);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });

  it('counts a tick to the nearest minute, so replicas a few seconds apart claim the same run', () => {
    expect(dueMinuteOf(new Date('2031-03-04T01:59:58.000Z'))).toEqual(new Date('2031-03-04T02:00:00.000Z'));
    expect(dueMinuteOf(new Date('2031-03-04T02:00:07.000Z'))).toEqual(new Date('2031-03-04T02:00:00.000Z'));
  });
});
