/**
 * Generic export definitions through the graph against a real backend: the list and its labels, the data provider
 * items, the four mutations with their refusals as user errors, `node`, the rights, and the backend calls the
 * screen's query costs (constant however many definitions a study has).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let manager: string;
let studyId: string;

beforeAll(async () => {
  harness = await startHarness();
  manager = (await harness.signIn('pmnngm')).token;
  studyId = (await patientFixtures(harness, (await harness.signIn('superadmin')).token).location('1001')).studyId;
});
afterAll(async () => {
  await harness?.close();
});

type Errors = { code: string; message: string; path: string[] }[];
type Definition = {
  id: string;
  name: string;
  description: string;
  outputFormat: string;
  cron: string | null;
  version: number;
  changedBy: string;
  study: { id: string };
  items: { key: string; group: string | null; label: string | null }[];
};
type Payload = { genericExportDefinition: Definition | null; errors: Errors };

const DEFINITION = 'id name description outputFormat cron version changedBy study { id } items { key group label }';
const PAYLOAD = `genericExportDefinition { ${DEFINITION} } errors { code message path }`;

async function mutate(name: string, inputType: string, input: Record<string, unknown>, token = manager): Promise<Payload> {
  const answer = await harness.request<Record<string, Payload>>(
    `mutation($input: ${inputType}!) { ${name}(input: $input) { ${PAYLOAD} } }`,
    { input },
    token,
  );
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data[name] as Payload;
}

const create = (input: Record<string, unknown>, token?: string) =>
  mutate(
    'createGenericExportDefinition',
    'CreateGenericExportDefinitionInput',
    { studyId, name: 'Monatsbericht', items: ['pseudonym', 'location'], outputFormat: 'CSV', ...input },
    token,
  );

const created = async (input: Record<string, unknown> = {}): Promise<Definition> => {
  const payload = await create(input);
  if (!payload.genericExportDefinition) throw new Error(JSON.stringify(payload.errors));
  return payload.genericExportDefinition;
};

const LIST = `query($studyId: ID!) {
  genericExportDefinitions(studyId: $studyId) { totalCount edges { node { ${DEFINITION} } } }
  genericExportDataProviderItems(studyId: $studyId) { key group label }
}`;
type List = {
  genericExportDefinitions: { totalCount: number; edges: { node: Definition }[] };
  genericExportDataProviderItems: { key: string; group: string; label: string }[];
};

describe('generic export definitions in the graph', () => {
  it('are created with labelled items, listed by the study, read by node, updated, duplicated and deleted', async () => {
    const definition = await created({ name: 'Stand der Doku', description: 'für die Lenkungsgruppe', cron: ' 0 6 * * 1 ' });
    expect(definition).toMatchObject({
      name: 'Stand der Doku',
      description: 'für die Lenkungsgruppe',
      outputFormat: 'CSV',
      cron: '0 6 * * 1',
      version: 1,
      changedBy: 'pmnngm',
      study: { id: studyId },
      items: [
        { key: 'pseudonym', group: 'Patient', label: 'Pseudonym' },
        { key: 'location', group: 'Patient', label: 'Standort' },
      ],
    });

    const list = await harness.request<List>(LIST, { studyId }, manager);
    expect(list.data?.genericExportDefinitions.edges.map((e) => e.node.id)).toContain(definition.id);
    expect(list.data?.genericExportDataProviderItems.slice(0, 2)).toEqual([
      { key: 'pseudonym', group: 'Patient', label: 'Pseudonym' },
      { key: 'location', group: 'Patient', label: 'Standort' },
    ]);

    const staging = list.data?.genericExportDataProviderItems.find((i) => i.key === 'visit:baseline/instrument:staging/state');
    const updated = await mutate('updateGenericExportDefinition', 'UpdateGenericExportDefinitionInput', {
      id: definition.id,
      version: 1,
      name: 'Stand der Doku',
      items: ['visit:baseline/instrument:staging/state', 'pseudonym'],
      outputFormat: 'XLSX',
      cron: '',
    });
    expect(updated.errors).toEqual([]);
    expect(updated.genericExportDefinition).toMatchObject({ version: 2, outputFormat: 'XLSX', cron: null, description: '' });
    expect(updated.genericExportDefinition?.items.map((i) => [i.key, i.label])).toEqual([
      ['visit:baseline/instrument:staging/state', staging?.label],
      ['pseudonym', 'Pseudonym'],
    ]);

    const node = await harness.request<{ node: { name: string; version: number } | null }>(
      'query($id: ID!) { node(id: $id) { ... on GenericExportDefinition { name version } } }',
      { id: definition.id },
      manager,
    );
    expect(node.data?.node).toEqual({ name: 'Stand der Doku', version: 2 });

    const copy = await mutate('duplicateGenericExportDefinition', 'GenericExportDefinitionIdInput', { id: definition.id });
    expect(copy.genericExportDefinition).toMatchObject({ name: 'Stand der Doku (Kopie)', outputFormat: 'XLSX', version: 1, cron: null });
    expect(copy.genericExportDefinition?.id).not.toBe(definition.id);

    const deleted = await harness.request<{ deleteGenericExportDefinition: { deletedId: string | null; errors: Errors } }>(
      'mutation($input: GenericExportDefinitionIdInput!) { deleteGenericExportDefinition(input: $input) { deletedId errors { code message path } } }',
      { input: { id: definition.id } },
      manager,
    );
    expect(deleted.data?.deleteGenericExportDefinition).toEqual({ deletedId: definition.id, errors: [] });
    const after = await harness.request<List>(LIST, { studyId }, manager);
    const ids = after.data?.genericExportDefinitions.edges.map((e) => e.node.id);
    expect(ids).not.toContain(definition.id);
    expect(ids).toContain(copy.genericExportDefinition?.id);
    const gone = await harness.request<{ node: unknown }>('query($id: ID!) { node(id: $id) { id } }', { id: definition.id }, manager);
    expect(gone.data?.node).toBeNull();
  });

  it('answers the backend field rules as INVALID_VALUE at the input field with the German message', async () => {
    const refused = await create({ name: ' ', items: ['pseudonym', 'nope'], cron: '0 25 * * *' });
    expect(refused.genericExportDefinition).toBeNull();
    expect(refused.errors).toEqual([
      { code: 'INVALID_VALUE', message: 'Wird benötigt', path: ['name'] },
      { code: 'INVALID_VALUE', message: 'Unbekanntes Datenelement', path: ['items', '1'] },
      { code: 'INVALID_VALUE', message: 'Cron Syntax', path: ['cron'] },
    ]);
    const empty = await create({ items: [] });
    expect(empty.errors).toEqual([{ code: 'INVALID_VALUE', message: 'Bitte wählen Sie mindestens ein Datenelement.', path: ['items'] }]);
    const wrongStudy = await create({ studyId: (await created()).id });
    expect(wrongStudy.errors).toEqual([{ code: 'INVALID_VALUE', message: 'Unbekannte Id', path: ['studyId'] }]);
  });

  it('refuses a stale update with STALE_WRITE and the definition as stored now', async () => {
    const definition = await created();
    const input = { id: definition.id, name: 'Erste', items: ['pseudonym'], outputFormat: 'CSV', version: 1 };
    const first = await mutate('updateGenericExportDefinition', 'UpdateGenericExportDefinitionInput', input);
    expect(first.genericExportDefinition?.version).toBe(2);
    const stale = await mutate('updateGenericExportDefinition', 'UpdateGenericExportDefinitionInput', { ...input, name: 'Zweite' });
    expect(stale.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.errors[0]?.message).toMatch(/inzwischen von einer anderen Person geändert/);
    expect(stale.genericExportDefinition).toMatchObject({ id: definition.id, name: 'Erste', version: 2 });
  });

  it('keeps each change to its right and shows items by key to viewers who may not read the items', async () => {
    const definition = await created();
    // The researcher reads definitions and their items but may not change them.
    const researcher = (await harness.signIn('researcher')).token;
    const forbidden = await harness.request<unknown>(
      'mutation($input: GenericExportDefinitionIdInput!) { duplicateGenericExportDefinition(input: $input) { errors { code } } }',
      { input: { id: definition.id } },
      researcher,
    );
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // The platform administrator configures exports without the data provider items right.
    const admin = (await harness.signIn('adminmedsyn')).token;
    const list = await harness.request<Pick<List, 'genericExportDefinitions'>>(
      `query($studyId: ID!) { genericExportDefinitions(studyId: $studyId) { edges { node { ${DEFINITION} } } } }`,
      { studyId },
      admin,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data?.genericExportDefinitions.edges.find((e) => e.node.id === definition.id)?.node.items).toEqual([
      { key: 'pseudonym', group: null, label: null },
      { key: 'location', group: null, label: null },
    ]);
    const consultant = (await harness.signIn('consultant')).token;
    const refused = await harness.request<unknown>(LIST, { studyId }, consultant);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('costs the screen two backend calls however many definitions the study has', async () => {
    const cost = async () => {
      const answer = await harness.request<List>(LIST, { studyId }, manager);
      expect(answer.errors).toBeUndefined();
      return { count: answer.data?.genericExportDefinitions.totalCount ?? 0, calls: answer.extensions?.upstreamCalls };
    };
    const before = await cost();
    for (let n = 0; n < 3; n++) await created({ name: `Bericht ${n}` });
    const after = await cost();
    expect(after.count).toBe(before.count + 3);
    // The list, and the items that label every definition's items and fill the picker.
    expect(after.calls).toBe(2);
    expect(before.calls).toBe(2);
  });
});
