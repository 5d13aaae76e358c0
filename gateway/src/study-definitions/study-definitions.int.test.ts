import { FIELD_DEFINITION_TYPES, FIELD_RULE_KINDS, indexStudyDefinition, type StudyDefinition } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
let token: string;
beforeAll(async () => {
  harness = await startHarness();
  token = (await harness.signIn('adminmedsyn')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Field = {
  id: string;
  key: string;
  identifier: string;
  type: string;
  parent: { key: string } | null;
  rules: { kind: string; expression: { operator: string; constraint: { identifier: string | null } | null; children: number[] }[] }[];
};
type Definitions = {
  studyDefinitions: {
    id: string;
    identifier: string;
    displayName: string;
    version: number;
    languages: { identifier: string; entries: { scope: string; displayKey: string; displayValue: string }[] }[];
    currentVersion: Version;
  }[];
};
type Version = {
  patientFields: Field[];
  visits: {
    id: string;
    identifier: string;
    type: string;
    max: number | null;
    isFollowUpRegistry: boolean;
    rules: Field['rules'];
    fields: Field[];
    instruments: { id: string; identifier: string; fields: Field[] }[];
  }[];
  enumValueSets: { identifier: string; values: { code: string; order: number }[] }[];
  constraints: { identifier: string | null; type: string; operator: string }[];
};

const rules = 'rules { kind expression { operator constraint { identifier } children } }';
const fieldSelection = `id key identifier type parent { key } ${rules}`;
const DEFINITIONS = `query {
  studyDefinitions {
    id identifier displayName version
    languages { identifier entries { scope displayKey displayValue } }
    currentVersion {
      patientFields { ${fieldSelection} }
      visits { id identifier type max isFollowUpRegistry ${rules} fields { ${fieldSelection} } instruments { id identifier fields { ${fieldSelection} } } }
      enumValueSets { identifier values { code order } }
      constraints { identifier type operator }
    }
  }
}`;

describe('the study definition in the graph', () => {
  it('renders the demo registry from one query: visits, instruments, fields, rules, constraints, enum sets, languages', async () => {
    const answer = await harness.request<Definitions>(DEFINITIONS, {}, token);
    expect(answer.errors).toBeUndefined();
    const definition = answer.data?.studyDefinitions.find((d) => d.identifier === 'nngm_lung');
    expect(definition).toMatchObject({ displayName: 'nNGM Lungenkrebsregister', version: 2 });
    const demo = definition?.currentVersion;
    expect(demo?.visits.map((v) => [v.identifier, v.type, v.max, v.isFollowUpRegistry])).toEqual([
      ['baseline', 'GENERIC_VISIT', 1, false],
      ['fu', 'INTERMEDIATE_VISIT', null, false],
      ['fu_24m', 'GENERIC_VISIT', 1, true],
    ]);
    const fields = [
      ...(demo?.patientFields ?? []),
      ...(demo?.visits ?? []).flatMap((v) => [...v.fields, ...v.instruments.flatMap((i) => i.fields)]),
    ];
    expect(new Set(fields.map((f) => f.type)).size).toBe(FIELD_DEFINITION_TYPES.length);
    expect(new Set([...fields, ...(demo?.visits ?? [])].flatMap((f) => f.rules.map((r) => r.kind))).size).toBe(FIELD_RULE_KINDS.length);
    // The pdl1 category rule: AND(EVAL, NOT(EVAL), NOT(EVAL)) as a flat list, root first.
    const category = fields.find((f) => f.identifier === 'pdl1_category');
    const and = category?.rules[2]?.expression;
    expect(and?.map((n) => n.operator)).toEqual(['AND', 'EVAL', 'NOT', 'EVAL', 'NOT', 'EVAL']);
    expect(and?.[0]?.children).toEqual([1, 2, 4]);
    const constraints = new Set(demo?.constraints.map((c) => c.identifier));
    expect(and?.filter((n) => n.operator === 'EVAL').every((n) => n.constraint !== null && constraints.has(n.constraint.identifier))).toBe(
      true,
    );
    // Children name their container by object: tnm.t stands in tnm.
    const tnm = fields.find((f) => f.identifier === 'tnm');
    expect(fields.find((f) => f.identifier === 't')?.parent).toEqual({ key: tnm?.key });
    expect(demo?.enumValueSets.find((s) => s.identifier === 'ecog')?.values.map((v) => v.code)).toEqual(['0', '1', '2', '3', '4', 'U']);
    expect(definition?.languages[0]?.entries).toContainEqual({ scope: 'Visit', displayKey: 'visit.baseline', displayValue: 'Baseline' });
    // One list call, one definition and one language call: no call per visit or field.
    expect(answer.extensions?.upstreamCalls).toBeLessThanOrEqual(4);
  });

  it("serves each version once as the rule engine's model, with its texts, and then from the cache", async () => {
    const query = `query { studyDefinitions { identifier currentVersion { id version model texts(languageIdentifier: "de") visits { key identifier } } } }`;
    type Answer = {
      studyDefinitions: {
        identifier: string;
        currentVersion: {
          id: string;
          version: number;
          model: StudyDefinition;
          texts: Record<string, string>;
          visits: { key: string; identifier: string }[];
        };
      }[];
    };
    const first = await harness.request<Answer>(query, {}, token);
    expect(first.errors).toBeUndefined();
    const version = first.data?.studyDefinitions.find((d) => d.identifier === 'nngm_lung')?.currentVersion;
    const model = version?.model;
    if (!model) throw new Error('no model');
    // The typed parts are read from the same model: the same keys in the same order.
    expect(version.visits).toEqual(model.visits.map((v) => ({ key: v.id, identifier: v.identifier })));
    // The rule engine takes the model as it is.
    const index = indexStudyDefinition(model);
    expect(index.instrumentByIdentifier.get('staging')?.fields.map((f) => f.identifier)).toEqual(expect.arrayContaining(['tnm', 't']));
    expect(version.texts['visit.baseline']).toBe('Baseline');
    // A version is immutable: its id names it, and the gateway asks the backend for it no more.
    const again = await harness.request<Answer>('query { studyDefinitions { currentVersion { id model } } }', {}, token);
    expect(again.data?.studyDefinitions[0]?.currentVersion.id).toBe(first.data?.studyDefinitions[0]?.currentVersion.id);
    // The definition list and the viewer's rights; the version comes from the cache.
    expect(again.extensions?.upstreamCalls).toBe(2);
  });

  it('finds a visit definition again by its global id', async () => {
    const answer = await harness.request<Definitions>(
      'query { studyDefinitions { currentVersion { visits { id identifier } } } }',
      {},
      token,
    );
    const visit = answer.data?.studyDefinitions[0]?.currentVersion.visits[1];
    const node = await harness.request<{ node: { identifier: string; instruments: { identifier: string }[] } }>(
      'query($id: ID!) { node(id: $id) { ... on VisitDefinition { identifier instruments { identifier } } } }',
      { id: visit?.id },
      token,
    );
    expect(node.data?.node).toEqual({
      identifier: 'fu',
      instruments: [
        { identifier: 'staging' },
        { identifier: 'performance' },
        { identifier: 'disease_status' },
        { identifier: 'vital_status' },
      ],
    });
  });

  it('generates the documentation as a PDF and refuses a user without the right', async () => {
    const list = await harness.request<{ studyDefinitions: { id: string }[] }>('query { studyDefinitions { id } }', {}, token);
    const studyDefinitionId = list.data?.studyDefinitions[0]?.id;
    const mutation = `mutation($input: GenerateDocumentationInput!) { generateDocumentation(input: $input) { document { fileName contentType contentBase64 byteSize } } }`;
    const answer = await harness.request<{
      generateDocumentation: { document: { fileName: string; contentType: string; contentBase64: string; byteSize: number } };
    }>(mutation, { input: { studyDefinitionId, languageIdentifier: 'de', kind: 'ECRF_VIEW' } }, token);
    expect(answer.errors).toBeUndefined();
    const document = answer.data?.generateDocumentation.document;
    expect(document).toMatchObject({ fileName: 'nngm_lung-v2-ecrf-view-de.pdf', contentType: 'application/pdf' });
    const bytes = Buffer.from(document?.contentBase64 ?? '', 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(document?.byteSize);
    const physician = (await harness.signIn('physician')).token;
    const refused = await harness.request(mutation, { input: { studyDefinitionId, languageIdentifier: 'de', kind: 'ECRF' } }, physician);
    expect(refused.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });
});
