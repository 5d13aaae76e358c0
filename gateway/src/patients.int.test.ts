import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './test-support/gateway-harness.js';

let harness: Harness;
let token: string;
beforeAll(async () => {
  harness = await startHarness();
  token = (await harness.signIn('superadmin')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Field = { fieldId: string; visible: boolean; editable: boolean; required: boolean; definition: { identifier: string } | null; childFields: Field[] };
type Instrument = {
  id: string; version: number; state: string; fields: Field[];
  definition: { identifier: string; fields: { definitionId: string; identifier: string }[] } | null;
};
type Patient = {
  id: string; pseudonym: string; version: number; location: { identifier: string } | null;
  studyDefinition: { identifier: string };
  fields: Field[];
  visits: { id: string; state: string; version: number; definition: { identifier: string } | null; fields: Field[]; instruments: Instrument[] }[];
  standaloneInstruments: Instrument[];
  caseProcessSteps: { id: string; state: string }[];
  stoppingStep: { id: string } | null;
  latestFilledStep: { id: string } | null;
};

const field = 'fieldId visible editable required hints values { value unit organization { id } person { id } } tags lockedManually lockDate createdAt changedBy definition { id identifier type }';
const instrument = `id version state locked definition { id identifier } fields { ${field} childFields { ${field} childFields { ${field} } } }`;
/** The patient screen: one operation, whatever the number of visits and instruments. */
const PATIENT_SCREEN = `query($id: ID!) {
  node(id: $id) { ... on StudyPatient {
    id pseudonym displayName registrationDate isDigiNet version location { identifier displayName }
    studyDefinition { identifier version }
    fields { ${field} childFields { ${field} } }
    visits { id state isSigned locked visitDate version signature { userName } definition { id identifier type } fields { ${field} } instruments { ${instrument} } }
    standaloneInstruments { ${instrument} }
    caseProcessSteps { id definitionIdentifier state order visit { id } } stoppingStep { id } latestFilledStep { id }
  } }
}`;

async function graph<T>(query: string, variables: Record<string, unknown> = {}) {
  const answer = await harness.request<T>(query, variables, token);
  expect(answer.errors, query).toBeUndefined();
  return answer;
}

async function setting() {
  const overview = await graph<{ instituteOverview: { location: { id: string; studyId: string } }[] }>('query { instituteOverview(scope: ALL) { location { id studyId } } }');
  const location = overview.data?.instituteOverview[0]?.location;
  const definitions = await graph<{ studyDefinitions: { identifier: string; visits: { id: string; identifier: string }[] }[] }>('query { studyDefinitions { identifier visits { id identifier } } }');
  const visits = definitions.data?.studyDefinitions.find((d) => d.identifier === 'nngm_lung')?.visits ?? [];
  return { location, visitDefinition: (identifier: string) => visits.find((v) => v.identifier === identifier)?.id };
}

type InstrumentDefinition = { id: string; identifier: string; fields: { definitionId: string; identifier: string; parentDefinitionId: string | null }[] };

/** The staging instrument (documented in baseline and follow-up visits). */
async function stagingDefinition() {
  const answer = await graph<{ studyDefinitions: { identifier: string; visits: { instruments: InstrumentDefinition[] }[] }[] }>(
    'query { studyDefinitions { identifier visits { instruments { id identifier fields { definitionId identifier parentDefinitionId } } } } }',
  );
  const visits = answer.data?.studyDefinitions.find((d) => d.identifier === 'nngm_lung')?.visits ?? [];
  return visits.flatMap((v) => v.instruments).find((i) => i.identifier === 'staging');
}

async function patientWithVisits(count: number): Promise<string> {
  const { location, visitDefinition } = await setting();
  const created = await graph<{ createStudyPatient: { studyPatient: { id: string } | null; errors: unknown[] } }>(
    'mutation($input: CreateStudyPatientInput!) { createStudyPatient(input: $input) { studyPatient { id } errors { code message } } }',
    { input: { studyId: location?.studyId, locationId: location?.id, registrationDate: '2025-01-10' } },
  );
  expect(created.data?.createStudyPatient.errors).toEqual([]);
  const studyPatientId = created.data?.createStudyPatient.studyPatient?.id ?? '';
  const staging = await stagingDefinition();
  const tnm = staging?.fields.find((f) => f.identifier === 'tnm')?.definitionId;
  const t = staging?.fields.find((f) => f.identifier === 't' && f.parentDefinitionId === tnm)?.definitionId;
  for (let index = 0; index < count; index += 1) {
    const visit = await graph<{ createVisit: { visit: { id: string } | null; errors: unknown[] } }>(
      'mutation($input: CreateVisitInput!) { createVisit(input: $input) { visit { id } errors { code message } } }',
      { input: { studyPatientId, definitionId: visitDefinition(index === 0 ? 'baseline' : 'fu'), visitDate: `2025-02-${String(index + 1).padStart(2, '0')}` } },
    );
    expect(visit.data?.createVisit.errors).toEqual([]);
    // Every visit gets a staging instrument with a value, so fields and their rules are evaluated.
    const instrument = await graph<{ createInstrument: { errors: unknown[] } }>(
      'mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { errors { code message } } }',
      { input: { studyPatientId, visitId: visit.data?.createVisit.visit?.id, definitionId: staging?.id, fields: [{ definitionId: tnm, childFields: [{ definitionId: t, values: [{ value: '2a' }] }] }] } },
    );
    expect(instrument.data?.createInstrument.errors).toEqual([]);
  }
  return studyPatientId;
}

describe('the patient screen in the graph', () => {
  it('costs the same number of backend calls for a patient with 2 visits and one with 20', async () => {
    const small = await patientWithVisits(2);
    const large = await patientWithVisits(20);
    const answers = [await graph<{ node: Patient }>(PATIENT_SCREEN, { id: small }), await graph<{ node: Patient }>(PATIENT_SCREEN, { id: large })];
    expect(answers.map((a) => a.data?.node.visits.length)).toEqual([2, 20]);
    expect(answers[1]?.data?.node.visits.every((v) => v.definition !== null && v.instruments.length === 1)).toBe(true);
    const tnm = answers[1]?.data?.node.visits[19]?.instruments[0]?.fields.find((f) => f.definition?.identifier === 'tnm');
    expect(tnm?.childFields.find((f) => f.definition?.identifier === 't')).toMatchObject({ visible: true, editable: true });
    const calls = answers.map((a) => a.extensions?.upstreamCalls);
    // The count recorded in docs/gateway.md ("Patient documentation").
    expect(calls[0]).toBe(calls[1]);
    expect(calls[0]).toBe(4);
  });

  it('refuses a stale instrument save with STALE_WRITE and the patient as stored', async () => {
    const id = await patientWithVisits(1);
    const screen = await graph<{ node: Patient }>(PATIENT_SCREEN, { id });
    const definitions = await graph<{ studyDefinitions: { identifier: string; visits: { identifier: string; instruments: { id: string; identifier: string }[] }[] }[] }>(
      'query { studyDefinitions { identifier visits { identifier instruments { id identifier } } } }',
    );
    const baseline = definitions.data?.studyDefinitions.find((d) => d.identifier === 'nngm_lung')?.visits.find((v) => v.identifier === 'baseline');
    const definitionId = baseline?.instruments.find((i) => i.identifier === 'diagnosis')?.id;
    const created = await graph<{ createInstrument: { instrument: Instrument | null; errors: unknown[] } }>(
      'mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { instrument { id version state definition { fields { definitionId identifier } } } errors { code message } } }',
      { input: { studyPatientId: id, visitId: screen.data?.node.visits[0]?.id, definitionId } },
    );
    expect(created.data?.createInstrument.errors).toEqual([]);
    const target = created.data?.createInstrument.instrument;
    expect(target).toBeTruthy();
    const save = `mutation($input: UpdateInstrumentInput!) { updateInstrument(input: $input) {
      instrument { id version } studyPatient { id visits { instruments { id version } } } errors { code message field } } }`;
    const icd10 = target?.definition?.fields.find((f) => f.identifier === 'icd10');
    const fields = (value: string) => [{ definitionId: icd10?.definitionId, values: [{ value }] }];
    const first = await graph<{ updateInstrument: { instrument: { version: number } | null; errors: unknown[] } }>(save, { input: { id: target?.id, version: target?.version, fields: fields('C34.1') } });
    expect(first.data?.updateInstrument.errors).toEqual([]);
    expect(first.data?.updateInstrument.instrument?.version).toBeGreaterThan(target?.version ?? 0);
    const stale = await graph<{ updateInstrument: { instrument: null; studyPatient: { id: string } | null; errors: { code: string; message: string }[] } }>(
      save, { input: { id: target?.id, version: target?.version, fields: fields('C34.3') } },
    );
    expect(stale.data?.updateInstrument.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.data?.updateInstrument.errors[0]?.message).not.toBe('');
    expect(stale.data?.updateInstrument.studyPatient?.id).toBe(id);
  });

  it('lists the patients of a study as a connection with totalCount', async () => {
    const { location } = await setting();
    const query = `query($studyId: ID!, $filter: StudyPatientFilter) { studyPatients(studyId: $studyId, filter: $filter, first: 2, orderBy: { field: PSEUDONYM }) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id pseudonym isDigiNet location { id } } } } }`;
    const all = await graph<{ studyPatients: { totalCount: number; pageInfo: { hasNextPage: boolean }; edges: { node: { pseudonym: string } }[] } }>(query, { studyId: location?.studyId });
    expect(all.data?.studyPatients.edges).toHaveLength(2);
    expect(all.data?.studyPatients.totalCount).toBeGreaterThan(2);
    expect(all.data?.studyPatients.pageInfo.hasNextPage).toBe(true);
    const atLocation = await graph<{ studyPatients: { totalCount: number; edges: { node: { location: { id: string } } }[] } }>(
      query, { studyId: location?.studyId, filter: { studyInstituteId: location?.id } },
    );
    expect(atLocation.data?.studyPatients.edges.every((e) => e.node.location.id === location?.id)).toBe(true);
    expect(atLocation.data?.studyPatients.totalCount).toBeLessThanOrEqual(all.data?.studyPatients.totalCount ?? 0);
  });
});
