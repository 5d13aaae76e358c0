/**
 * A form's history and its state at a moment through the graph, against a running backend (issue 25 item 5):
 * a physician documents and corrects T, the data manager reads the change field by field and the form before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let fixtures: PatientFixtures;
let physician: string;
let dataManager: string;
beforeAll(async () => {
  harness = await startHarness();
  physician = (await harness.signIn('physician')).token;
  dataManager = (await harness.signIn('datamanager')).token;
  fixtures = patientFixtures(harness, physician, (await harness.signIn('superadmin')).token);
});
afterAll(async () => {
  await harness?.close();
});

type Field = { id: string; definition: { key: string }; values: { value: string }[]; childFields: Field[] };

/** A staging instrument with T 2a, then T 3 with a reason; the moment between the two saves. */
async function correctedStaging() {
  const studyPatientId = await fixtures.createPatient();
  const visit = (await fixtures.createVisit(studyPatientId, 'baseline', '2025-03-01')).visit;
  if (!visit) throw new Error('no baseline');
  const created = await fixtures.createStaging(studyPatientId, visit.id, '2a');
  const { data } = await fixtures.graph<{ node: { version: number; fields: Field[] } }>(
    'query($id: ID!) { node(id: $id) { ... on Instrument { version fields { id definition { key } childFields { id definition { key } } } } } }',
    { id: created.id },
  );
  const { tnm, t } = await fixtures.staging();
  const table = data.node.fields.find((field) => field.definition.key === tnm);
  const tField = table?.childFields.find((field) => field.definition.key === t);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const between = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const saved = await fixtures.graph<{ updateInstrument: { errors: unknown[] } }>(
    'mutation($input: UpdateInstrumentInput!) { updateInstrument(input: $input) { errors { code message } } }',
    {
      input: {
        id: created.id,
        version: data.node.version,
        reasonForChange: 'Befund korrigiert',
        fields: [{ id: table?.id, definitionKey: tnm, childFields: [{ id: tField?.id, definitionKey: t, values: [{ value: '3' }] }] }],
      },
    },
  );
  expect(saved.data.updateInstrument.errors).toEqual([]);
  return { instrumentId: created.id, between, t };
}

const HISTORY = `query($id: ID!, $at: DateTime!, $first: Int) { node(id: $id) { ... on Instrument {
  history(first: $first) { totalCount pageInfo { hasNextPage endCursor } edges { node {
    occurredAt operation event reasonForChange userName roleIdentifier roleName locationName version
    field { key kind path label definition { key } }
    oldValue { values isDeleted json } newValue { values isDeleted json } } } }
  asOf(at: $at) { version state isDeleted rebuiltCompletely fields } } } }`;

type Recorded = { definitionId: string; values: { value: string }[]; childFields: Recorded[] };
type Snapshot = { version: number; state: string; isDeleted: boolean; rebuiltCompletely: boolean; fields: Recorded[] };
type HistoryAnswer = {
  node: {
    history: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      edges: { node: Record<string, unknown> & { field: { path: string } | null } }[];
    };
    asOf: Snapshot | null;
  };
};

describe('Instrument.history and Instrument.asOf', () => {
  it('list the change field by field and show the instrument before it', async () => {
    const { instrumentId, between, t } = await correctedStaging();
    const answer = await harness.request<HistoryAnswer>(HISTORY, { id: instrumentId, at: between, first: 2 }, dataManager);
    expect(answer.errors).toBeUndefined();
    const history = answer.data?.node.history;
    expect(history?.pageInfo.hasNextPage).toBe(true);
    expect(history?.edges[0]?.node).toMatchObject({
      operation: 'UPDATE',
      reasonForChange: 'Befund korrigiert',
      userName: 'physician',
      roleIdentifier: 'Physician',
      roleName: 'Arzt',
      locationName: 'Universitätsklinikum Köln',
      version: 2,
      field: { kind: 'FIELD', path: 'tnm.t', label: 'T', definition: { key: t } },
      oldValue: { values: [{ value: '2a' }], isDeleted: false, json: null },
      newValue: { values: [{ value: '3' }], isDeleted: false, json: null },
    });
    const snapshot = answer.data?.node.asOf;
    expect(snapshot).toMatchObject({ version: 1, isDeleted: false, rebuiltCompletely: true });
    // The fields are the rules' DataFieldInstance trees: definitions named by their key.
    const tThen = snapshot?.fields.flatMap((field) => field.childFields).find((field) => field.definitionId === t);
    expect(tThen?.values).toMatchObject([{ value: '2a' }]);

    const rest = await harness.request<HistoryAnswer>(
      HISTORY.replace('history(first: $first)', 'history(first: 20, after: $after)').replace('$first: Int', '$after: String'),
      { id: instrumentId, at: between, after: history?.pageInfo.endCursor },
      dataManager,
    );
    expect(rest.errors).toBeUndefined();
    const all = [...(history?.edges ?? []), ...(rest.data?.node.history.edges ?? [])];
    expect(all).toHaveLength(history?.totalCount ?? -1);
    // The creation's own entry comes first of its row, its fields after it.
    const creation = all.filter((edge) => edge.node.operation === 'CREATE');
    expect(creation[0]?.node).toMatchObject({ field: null, oldValue: null, newValue: null, version: 1 });
    expect(creation.map((edge) => edge.node.field?.path)).toContain('tnm.t');
  });

  it('is null before the instrument existed', async () => {
    const { instrumentId } = await correctedStaging();
    const answer = await harness.request<HistoryAnswer>(HISTORY, { id: instrumentId, at: '2020-01-01T00:00:00Z', first: 1 }, dataManager);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.node.asOf).toBeNull();
  });

  it('needs AuditLogLogCmd: FORBIDDEN for a physician', async () => {
    const { instrumentId, between } = await correctedStaging();
    const codes = async (query: string) =>
      (await harness.request(query, { id: instrumentId, at: between }, physician)).errors?.map((e) => [
        (e as { path?: readonly unknown[] }).path?.at(-1),
        e.extensions?.code,
      ]);
    expect(await codes('query($id: ID!) { node(id: $id) { ... on Instrument { history { totalCount } } } }')).toEqual([
      ['history', 'FORBIDDEN'],
    ]);
    expect(await codes('query($id: ID!, $at: DateTime!) { node(id: $id) { ... on Instrument { asOf(at: $at) { version } } } }')).toEqual([
      ['asOf', 'FORBIDDEN'],
    ]);
  });
});
