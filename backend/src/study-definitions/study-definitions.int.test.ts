import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { loadShippedDefinitions } from './definition-seed.js';
import { shippedDefinitionsDir } from './format/definition-file.js';
import type { StudyDefinitionDto, StudyDefinitionSummaryDto } from './study-definitions.schemas.js';

let backend: TestBackend;
let admin: { authorization: string };
let researcher: { authorization: string };
beforeAll(async () => {
  backend = await createTestBackend();
  const superAdmin = await createTestUser(backend.database, { role: 'SuperAdmin' });
  admin = bearer((await signIn(backend.app, superAdmin.userName, superAdmin.password)).token);
  const reader = await createTestUser(backend.database, { role: 'Researcher' });
  researcher = bearer((await signIn(backend.app, reader.userName, reader.password)).token);
});
afterAll(() => backend.close());

const mini = (identifier: string, version: number, extraFields: object[] = []) => ({
  format: 'ecrf-study-definition/1',
  identifier,
  version,
  study: 'NNGM',
  label: 'Mini-Register',
  defaultLanguage: 'de',
  enumValueSets: {
    yes_no: [
      ['yes', 'Ja'],
      ['no', 'Nein'],
    ],
  },
  patient: { fields: [{ identifier: 'smoker', type: 'TableEntry', label: 'Raucher', enum: 'yes_no' }] },
  visits: [
    {
      identifier: 'baseline',
      type: 'GenericVisit',
      label: 'Baseline',
      max: 1,
      instruments: [
        { identifier: 'notes', label: 'Notizen', fields: [{ identifier: 'note', type: 'TableEntry', label: 'Notiz' }, ...extraFields] },
      ],
    },
  ],
});
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  backend.app.inject({ method, url: `/api/v1.0${url}`, headers: headers as Record<string, string>, payload });

describe('StudyDefinition calls (ecrf-calls.md §7)', () => {
  it('serves the demo registry, loaded at start, with its German language and enum values sorted by order', async () => {
    const list = (await call('GET', '/StudyDefinition', researcher)).json<StudyDefinitionSummaryDto[]>();
    const demo = list.find((d) => d.identifier === 'nngm_lung');
    expect(demo).toMatchObject({ displayName: 'nNGM Lungenkrebsregister', currentVersion: 2, languages: ['de'] });
    // A registry seeded before version 2 keeps version 1 for its patients documented under it.
    expect(demo?.versions.at(-1)).toBe(2);
    const full = (await call('GET', `/StudyDefinition/${demo?.id}`, researcher)).json<StudyDefinitionDto>();
    expect(full.visits.map((v) => [v.identifier, v.definition.type, v.definition.max])).toEqual([
      ['baseline', 'GenericVisit', 1],
      ['fu', 'IntermediateVisit', null],
      ['fu_24m', 'GenericVisit', 1],
    ]);
    expect(full.visits[0]?.instruments.map((i) => i.identifier)).toEqual([
      'consents',
      'smoking_history',
      'diagnosis',
      'staging',
      'performance',
      'molecular',
      'systemic_therapy',
      'network',
    ]);
    expect(full.queryTypes.map((q) => q.identifier)).toEqual(['plausibility', 'missing_value']);
    expect(full.verificationFlagTypes.map((f) => f.identifier)).toEqual(['sdv', 'medical_review']);
    for (const set of full.enumValueSets)
      expect(set.values.map((v) => v.order)).toEqual([...set.values.map((v) => v.order)].sort((a, b) => a - b));
    const rule = full.visits[0]?.instruments[2]?.fields.find((f) => f.identifier === 'icd10')?.rules[1];
    expect(rule).toMatchObject({ definitionType: 'Hint', displayKey: 'diagnosis.icd10.rule2', constraintExpression: { operator: 'EVAL' } });
  });

  it('creates from a document, adds compatible versions, keeps earlier versions readable and refuses breaking ones', async () => {
    const identifier = `mini_${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/StudyDefinition', admin, mini(identifier, 1));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<StudyDefinitionDto>();
    const updated = await call(
      'PUT',
      `/StudyDefinition/${id}`,
      admin,
      mini(identifier, 2, [{ identifier: 'extra', type: 'TableEntry', label: 'Zusatz' }]),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<StudyDefinitionDto>()).toMatchObject({ version: 2, currentVersion: 2, versions: [1, 2] });
    const old = (await call('GET', `/StudyDefinition/${id}?version=1`, admin)).json<StudyDefinitionDto>();
    expect(old.visits[0]?.instruments[0]?.fields.map((f) => f.identifier)).toEqual(['note']);
    const breaking = await call('PUT', `/StudyDefinition/${id}`, admin, mini(identifier, 3));
    expect(breaking.statusCode).toBe(400);
    expect(breaking.json()).toMatchObject({
      code: 'ECRF_ERR_VALIDATION',
      messages: ['visits[baseline].instruments[notes].fields[extra]: was removed; data may exist for it: keep it with "deleted": true'],
    });
    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['operation', 'old_value', 'new_value'])
      .where('record_id', '=', id)
      .orderBy('occurred_at')
      .execute();
    expect(trail.map((t) => t.operation)).toEqual(['Create', 'Update']);
    expect(trail[1]).toMatchObject({ old_value: { version: 1 }, new_value: { version: 2 } });
    expect((await call('DELETE', `/StudyDefinition/${id}`, admin)).statusCode).toBe(204);
    const list = (await call('GET', '/StudyDefinition', admin)).json<StudyDefinitionSummaryDto[]>();
    expect(list.some((d) => d.id === id)).toBe(false);
  });

  it('refuses a broken document with every place, and writes by a researcher', async () => {
    const broken = mini(`broken_${randomUUID().slice(0, 8)}`, 1, [{ identifier: 'x', type: 'Dropdown', label: 'X' }]);
    const answer = await call('POST', '/StudyDefinition', admin, broken);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ messages: string[] }>().messages).toEqual([
      expect.stringMatching(/^visits\[baseline\]\.instruments\[notes\]\.fields\[x\]: unknown field type "Dropdown"/),
    ]);
    expect((await call('POST', '/StudyDefinition', researcher, mini('nope', 1))).statusCode).toBe(403);
  });
});

describe('loading the shipped definition files', () => {
  it('is idempotent and refuses a broken file naming the file and the place', async () => {
    expect(await loadShippedDefinitions(backend.database.db)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'ecrf-definitions-'));
    const text = readFileSync(join(shippedDefinitionsDir, 'nngm-lung.definition.json'), 'utf8').replace(
      '"type": "Table", "label": "Biomarker-Panel"',
      '"type": "Tabelle", "label": "Biomarker-Panel"',
    );
    writeFileSync(join(dir, 'nngm-lung.definition.json'), text);
    await expect(loadShippedDefinitions(backend.database.db, dir)).rejects.toThrow(
      /nngm-lung\.definition\.json: 1 problem\(s\)[^]*visits\[baseline\]\.instruments\[molecular\]\.fields\[markers\]: unknown field type "Tabelle"/,
    );
  });

  it('refuses a changed file that kept its version number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecrf-definitions-'));
    const text = readFileSync(join(shippedDefinitionsDir, 'nngm-lung.definition.json'), 'utf8').replace(
      '"label": "Raucheranamnese"',
      '"label": "Rauchen"',
    );
    writeFileSync(join(dir, 'nngm-lung.definition.json'), text);
    await expect(loadShippedDefinitions(backend.database.db, dir)).rejects.toThrow(
      /version: version 2 is loaded already with other content; raise the version/,
    );
  });
});
