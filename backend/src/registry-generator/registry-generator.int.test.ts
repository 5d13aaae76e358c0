import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaller, type CurrentUser } from '../http/route-access.js';
import { initialForm } from '../patient-documentation/form-save.js';
import { fieldDefinitionIds } from '../patient-documentation/definition-cache.js';
import { openWorkspace } from '../patient-documentation/patient-workspace.js';
import { createTestBackend, type TestBackend } from '../test-support/test-backend.js';
import { visitStateOf } from '../patient-documentation/visit-progress.js';
import { DEMO_INSTITUTES } from '../seed/demo-data.js';
import { generateRegistry, type GeneratedRegistry } from './registry-generator.js';

describe('the registry generator', () => {
  let backend: TestBackend;
  let generated: GeneratedRegistry;
  let generator: CurrentUser;
  const clones = () => generated.studyPatientIds.slice(generated.templates + 1);

  beforeAll(async () => {
    backend = await createTestBackend();
    // A fresh seed each run: the test database keeps earlier runs' patients, and pseudonyms are unique.
    generated = await generateRegistry(backend.database.db, { patients: 50, seed: randomInt(1, 2 ** 31), batchSize: 4 });
    const user = await backend.database.db
      .selectFrom('app_user')
      .select('id')
      .where('user_name', '=', 'registry-generator')
      .executeTakeFirstOrThrow();
    generator = (await loadCaller(backend.database.db, user.id)) as CurrentUser;
  }, 300_000);
  afterAll(() => backend.close());

  it('enrols the patients at every location, each with a baseline and a follow-up, one with 20 visits', async () => {
    const { db } = backend.database;
    expect(new Set(generated.studyPatientIds).size).toBe(50);
    const patients = await db
      .selectFrom('study_patient as sp')
      .select(['sp.id', 'sp.study_institute_id'])
      .select((eb) => [
        eb.selectFrom('visit as v').select(eb.fn.countAll<number>().as('n')).whereRef('v.study_patient_id', '=', 'sp.id').as('visits'),
        eb
          .selectFrom('instrument as i')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('i.study_patient_id', '=', 'sp.id')
          .as('instruments'),
      ])
      .where('sp.id', 'in', generated.studyPatientIds)
      .execute();
    // The demo network's locations (tests of the network's administration add and delete others meanwhile).
    const locations = await db
      .selectFrom('study_institute as si')
      .innerJoin('institute as i', 'i.id', 'si.institute_id')
      .select('si.id')
      .where('si.study_id', '=', generated.studyId)
      .where(
        'i.identifier',
        'in',
        DEMO_INSTITUTES.map((institute) => institute.identifier),
      )
      .execute();
    expect(new Set(patients.map((p) => p.study_institute_id))).toEqual(new Set(locations.map((l) => l.id)));
    const visits = patients.map((p) => Number(p.visits));
    expect(visits.filter((n) => n === 20)).toHaveLength(generated.longHistories);
    expect(visits.filter((n) => n === 2)).toHaveLength(50 - generated.longHistories);
    expect(patients.filter((p) => Number(p.visits) === 2).every((p) => Number(p.instruments) === 12)).toBe(true);
  });

  it('stores in every clone the instrument and visit states and the list flags a save through the API computes', async () => {
    const { db } = backend.database;
    for (const id of clones()) {
      const ws = await openWorkspace(db, id, generator);
      const vitalStates = new Set(fieldDefinitionIds(ws.index, 'vital_state'));
      const dropout = ws.documents.visits.some((v) =>
        v.instruments.some((i) => i.fields.some((f) => vitalStates.has(f.definitionId) && f.values.some((x) => x.value === 'A'))),
      );
      const flags = await db.selectFrom('study_patient').select('has_dropout').where('id', '=', id).executeTakeFirstOrThrow();
      expect(flags.has_dropout).toBe(dropout);
      for (const visit of ws.documents.visits) {
        const definition = ws.index.visitById.get(visit.definitionId);
        if (!definition) throw new Error('visit without definition');
        for (const instrument of visit.instruments) {
          const fields = ws.index.instrumentById.get(instrument.definitionId)?.fields ?? [];
          const saved = initialForm({
            definitions: fields,
            original: instrument.fields,
            contextFor: (f) => ws.contextFor({ kind: 'instrument', instrumentId: instrument.id, state: instrument.state }, f),
            userName: generator.userName,
            now: ws.now,
          });
          expect(saved.state).toBe(instrument.state);
        }
        const ownFilled = visit.fields.some((f) => f.values.some((v) => (v.value ?? '') !== ''));
        expect(visitStateOf(definition, visit.instruments, ownFilled)).toBe(visit.state);
      }
    }
  });

  it('gives every patient its own rows, field ids, audit rows, queries and case process steps', async () => {
    const { db } = backend.database;
    const ids = generated.studyPatientIds;
    const instruments = await db
      .selectFrom('instrument')
      .select(['id', 'study_patient_id', 'fields'])
      .where('study_patient_id', 'in', ids)
      .execute();
    const fieldIds = instruments.flatMap((i) => (i.fields as { id: string }[]).map((f) => f.id));
    expect(new Set(fieldIds).size).toBe(fieldIds.length);
    const audited = await db
      .selectFrom('audit_trail')
      .select('record_id')
      .where('table_name', '=', 'instrument')
      .where(
        'record_id',
        'in',
        instruments.map((i) => i.id),
      )
      .execute();
    expect(new Set(audited.map((a) => a.record_id))).toEqual(new Set(instruments.map((i) => i.id)));
    const queries = await db
      .selectFrom('data_query')
      .select(['study_patient_id', 'instrument_id'])
      .where('study_patient_id', 'in', ids)
      .execute();
    expect(queries.length).toBeGreaterThan(0);
    const owner = new Map(instruments.map((i) => [i.id, i.study_patient_id]));
    for (const query of queries) expect(owner.get(query.instrument_id ?? '')).toBe(query.study_patient_id);
    const steps = await db.selectFrom('case_process_step').select('study_patient_id').where('study_patient_id', 'in', ids).execute();
    expect(new Set(steps.map((s) => s.study_patient_id))).toEqual(new Set(ids));
  });
});
