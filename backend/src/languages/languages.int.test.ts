import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { LanguageDto } from './languages.service.js';

let backend: TestBackend;
let admin: { authorization: string };
let definitionId: string;
beforeAll(async () => {
  backend = await createTestBackend();
  const user = await createTestUser(backend.database, { role: 'SuperAdmin' });
  admin = bearer((await signIn(backend.app, user.userName, user.password)).token);
  definitionId = (
    await backend.database.db.selectFrom('study_definition').select('id').where('identifier', '=', 'nngm_lung').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => backend.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  backend.app.inject({ method, url: `/api/v1.0${url}`, headers: admin, payload });

describe('Language calls (scope, displayKey, displayValue)', () => {
  it('lists the German display values of the demo registry', async () => {
    const [german] = (await call('GET', `/Language?studyDefinitionId=${definitionId}`)).json<LanguageDto[]>();
    expect(german?.identifier).toBe('de');
    expect(german?.entries).toContainEqual({ scope: 'Field', displayKey: 'diagnosis.icd10', displayValue: 'Diagnose (ICD-10-GM)' });
    expect(german?.entries).toContainEqual({ scope: 'Enum', displayKey: 'enum.ecog.0', displayValue: '0 Normale Aktivität' });
  });

  it('creates, updates and deletes a language, audited with old and new entries', async () => {
    const created = await call('POST', '/Language', {
      identifier: 'en',
      studyDefinitionId: definitionId,
      entries: [{ scope: 'Field', displayKey: 'diagnosis.icd10', displayValue: 'Diagnosis' }],
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<LanguageDto>();
    expect((await call('POST', '/Language', { identifier: 'en', studyDefinitionId: definitionId, entries: [] })).statusCode).toBe(409);
    const updated = await call('PUT', `/Language/${id}`, {
      entries: [{ scope: 'Field', displayKey: 'diagnosis.icd10', displayValue: 'Diagnosis (ICD-10)' }],
    });
    expect(updated.json<LanguageDto>().entries).toEqual([
      { scope: 'Field', displayKey: 'diagnosis.icd10', displayValue: 'Diagnosis (ICD-10)' },
    ]);
    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['operation', 'old_value', 'new_value'])
      .where('record_id', '=', id)
      .orderBy('occurred_at')
      .execute();
    expect(trail[1]).toMatchObject({
      operation: 'Update',
      old_value: { entries: [{ displayValue: 'Diagnosis' }] },
      new_value: { entries: [{ displayValue: 'Diagnosis (ICD-10)' }] },
    });
    expect((await call('DELETE', `/Language/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/Language/${id}`)).json<LanguageDto>().isDeleted).toBe(true);
    expect((await call('PUT', `/Language/${id}`, { entries: [] })).statusCode).toBe(404);
  });
});

describe('Study calls', () => {
  it('creates, reads, updates and deletes a study', async () => {
    const created = await call('POST', '/Study', { identifier: `S${Date.now()}`, displayName: 'Teststudie' });
    expect(created.statusCode).toBe(201);
    const { id, identifier } = created.json<{ id: string; identifier: string }>();
    expect((await call('POST', '/Study', { identifier, displayName: 'Doppelt' })).statusCode).toBe(409);
    expect((await call('PUT', `/Study/${id}`, { identifier, displayName: 'Umbenannt' })).json()).toMatchObject({
      displayName: 'Umbenannt',
    });
    expect((await call('GET', '/Study')).json<{ id: string }[]>().some((s) => s.id === id)).toBe(true);
    expect((await call('DELETE', `/Study/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/Study/${id}`)).json()).toMatchObject({ isDeleted: true });
    expect((await call('GET', '/Study')).json<{ id: string }[]>().some((s) => s.id === id)).toBe(false);
  });
});
