import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorFor, keysetAfter } from './graph/connection.js';
import { startHarness, type Harness } from './test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from './test-support/patient-fixtures.js';
import { queryFixtures } from './test-support/query-fixtures.js';
import { webOperation } from './test-support/web-operations.js';

let harness: Harness;
let fixtures: PatientFixtures;
let caseManager: string;
beforeAll(async () => {
  harness = await startHarness();
  fixtures = patientFixtures(harness, (await harness.signIn('superadmin')).token);
  caseManager = (await harness.signIn('casemanager')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Field = {
  id: string;
  visible: boolean;
  editable: boolean;
  required: boolean;
  definition: { identifier: string } | null;
  childFields: Field[];
};
type Instrument = {
  id: string;
  version: number;
  state: string;
  fields: Field[];
  definition: { identifier: string; fields: { key: string; identifier: string }[] } | null;
};
type Patient = {
  id: string;
  pseudonym: string;
  version: number;
  location: { identifier: string } | null;
  studyDefinition: { identifier: string };
  fields: Field[];
  visits: {
    id: string;
    state: string;
    version: number;
    definition: { identifier: string } | null;
    fields: Field[];
    instruments: Instrument[];
  }[];
  standaloneInstruments: Instrument[];
  caseProcessSteps: { id: string; state: string }[];
  stoppingStep: { id: string } | null;
  latestFilledStep: { id: string } | null;
  visitOptions: { definition: { identifier: string }; available: boolean; reason: string | null }[];
};

const field =
  'id visible editable required hints values { value unit organization { id } person { id } } tags lockedManually lockDate createdAt changedBy definition { id identifier type }';
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
    visitOptions { definition { identifier } available reason }
  } }
}`;

async function graph<T>(query: string, variables: Record<string, unknown> = {}, token?: string) {
  return fixtures.graph<T>(query, variables, token);
}

/** The patient list as the web asks for it (PatientsScreenQuery, without names): the viewer's own data, then a page of the table. */
const VIEWER = 'viewer { rights locations { id identifier displayName } }';
const TABLE = `query($studyId: ID!, $first: Int!, $search: String) { ${VIEWER}
  studyPatients(studyId: $studyId, first: $first, filter: { search: $search }) { totalCount edges { node {
    id pseudonym registrationDate isDigiNet location { identifier displayName } visitSummaries { visitId state } } } } }`;
type TablePage = {
  studyPatients: { edges: { node: { id: string; visitSummaries: { visitId: string; state: string }[] } }[] };
};

describe('the patient table in the graph', () => {
  it('costs one backend call per page, the viewer with it, for one patient or 25, with the visit states of the contexts', async () => {
    const patients = [await fixtures.patientWithVisits(2), await fixtures.patientWithVisits(1), await fixtures.patientWithVisits(0)];
    const { studyId } = await fixtures.location();
    const page = (first: number, search?: string) => graph<TablePage>(TABLE, { studyId, first, search }, caseManager);
    const [one, many] = [await page(1), await page(25)];
    expect(one.data?.studyPatients.edges).toHaveLength(1);
    expect(many.data?.studyPatients.edges.length).toBeGreaterThanOrEqual(patients.length);
    // The page (with its count, each patient's summary and the viewer riding along, upstream/ride-along.ts); no patient
    // contexts (identities: identity.int.test.ts).
    expect([one.extensions?.upstreamCalls, many.extensions?.upstreamCalls]).toEqual([1, 1]);

    for (const id of patients) {
      const screen = await graph<{ node: { pseudonym: string; visits: { id: string; state: string }[] } }>(
        'query($id: ID!) { node(id: $id) { ... on StudyPatient { pseudonym visits { id state } } } }',
        { id },
        caseManager,
      );
      const listed = (await page(1, screen.data?.node.pseudonym)).data?.studyPatients.edges[0]?.node;
      expect(listed?.id).toBe(id);
      expect(listed?.visitSummaries).toEqual(screen.data?.node.visits.map((visit) => ({ visitId: visit.id, state: visit.state })));
    }
  });
});

describe('the patient screen in the graph', () => {
  it('costs the same number of backend calls for a patient with 2 visits and one with 20', async () => {
    const small = await fixtures.patientWithVisits(2);
    const large = await fixtures.patientWithVisits(20);
    // The screen's persona: a case manager documenting at the patients' location.
    const screen = (id: string, query = PATIENT_SCREEN) => graph<{ node: Patient }>(query, { id }, caseManager);
    const answers = [await screen(small), await screen(large)];
    expect(answers.map((a) => a.data?.node.visits.length)).toEqual([2, 20]);
    expect(answers[1]?.data?.node.visits.every((v) => v.definition !== null && v.instruments.length === 1)).toBe(true);
    const tnm = answers[1]?.data?.node.visits[19]?.instruments[0]?.fields.find((f) => f.definition?.identifier === 'tnm');
    expect(tnm?.childFields.find((f) => f.definition?.identifier === 't')).toMatchObject({ visible: true, editable: true });
    const calls = answers.map((a) => a.extensions?.upstreamCalls);
    // The count recorded in docs/gateway.md ("Patient documentation"): the context with the viewer, the definition.
    expect(calls[0]).toBe(calls[1]);
    expect(calls[0]).toBe(2);
    expect(answers[0]?.data?.node.visitOptions.map((o) => o.definition.identifier)).toEqual(['baseline', 'fu', 'fu_24m']);
    // What the viewer may do costs no call more: the viewer's rights come with the viewer (GET Viewer).
    const withCapabilities = await screen(large, PATIENT_SCREEN.replace('visitOptions {', 'viewerCan { edit document } visitOptions {'));
    expect(withCapabilities.extensions?.upstreamCalls).toBe(2);
    // Its identity costs nothing for a patient without one: the context says so, no rights or read token are asked for.
    const withIdentity = await screen(large, PATIENT_SCREEN.replace('visitOptions {', 'identity { lastName } visitOptions {'));
    expect(withIdentity.data?.node).toMatchObject({ identity: null });
    expect(withIdentity.extensions?.upstreamCalls).toBe(2);
  });

  it("costs 2 backend calls for the web's whole patient screen, its queries, interviews, e-learning and texts included", async () => {
    const id = await fixtures.patientWithVisits(2);
    const dataManager = (await harness.signIn('datamanager')).token;
    const raised = await queryFixtures(harness, dataManager).raise(dataManager, id, 'plausibility', 'Geburtsjahr prüfen');
    type Screen = {
      studyPatient: {
        visits: unknown[];
        allDataQueries: { id: string }[];
        questionnaireInterviews: unknown[];
        definitionVersion: { texts: Record<string, string> };
        studyDefinition: { viewerElearningRequirement: { pending: boolean } | null };
      };
    };
    // Personas with and without the rights of the included parts (a part without its right costs no call either).
    for (const token of [dataManager, caseManager, (await harness.signIn('physician')).token]) {
      const screen = await graph<Screen>(webOperation('PatientScreenQuery'), { id }, token);
      expect(screen.errors).toBeUndefined();
      // The context with its parts, the viewer and the questionnaires (issue 30), and the names of the query's field,
      // form and people (issue 26; one batched call for all queries): 2, where issue 14 allows 4.
      expect(screen.extensions?.upstreamCalls).toBe(2);
      expect(screen.data?.studyPatient.visits).toHaveLength(2);
      expect(Object.keys(screen.data?.studyPatient.definitionVersion.texts ?? {}).length).toBeGreaterThan(0);
    }
    const asDataManager = await graph<Screen>(webOperation('PatientScreenQuery'), { id }, dataManager);
    expect(asDataManager.data?.studyPatient.allDataQueries.map((query) => query.id)).toContain(raised.id);
    expect(asDataManager.data?.studyPatient.studyDefinition.viewerElearningRequirement).toEqual({ pending: false });
  });

  it('refuses a stale instrument save with STALE_WRITE and the patient as stored', async () => {
    const id = await fixtures.patientWithVisits(1);
    const screen = await graph<{ node: Patient }>(PATIENT_SCREEN, { id });
    const definitions = await graph<{
      studyDefinitions: {
        identifier: string;
        currentVersion: { visits: { identifier: string; instruments: { id: string; identifier: string }[] }[] };
      }[];
    }>('query { studyDefinitions { identifier currentVersion { visits { identifier instruments { id identifier } } } } }');
    const baseline = definitions.data?.studyDefinitions
      .find((d) => d.identifier === 'nngm_lung')
      ?.currentVersion.visits.find((v) => v.identifier === 'baseline');
    const definitionId = baseline?.instruments.find((i) => i.identifier === 'diagnosis')?.id;
    const created = await graph<{ createInstrument: { instrument: Instrument | null; errors: unknown[] } }>(
      'mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { instrument { id version state definition { fields { key identifier } } } errors { code message } } }',
      { input: { studyPatientId: id, visitId: screen.data?.node.visits[0]?.id, definitionId } },
    );
    expect(created.data?.createInstrument.errors).toEqual([]);
    const target = created.data?.createInstrument.instrument;
    expect(target).toBeTruthy();
    const save = `mutation($input: UpdateInstrumentInput!) { updateInstrument(input: $input) {
      instrument { id version } studyPatient { id visits { instruments { id version } } } errors { code message path } } }`;
    const icd10 = target?.definition?.fields.find((f) => f.identifier === 'icd10');
    const fields = (value: string) => [{ definitionKey: icd10?.key, values: [{ value }] }];
    const first = await graph<{ updateInstrument: { instrument: { version: number } | null; errors: unknown[] } }>(save, {
      input: { id: target?.id, version: target?.version, fields: fields('C34.1') },
    });
    expect(first.data?.updateInstrument.errors).toEqual([]);
    expect(first.data?.updateInstrument.instrument?.version).toBeGreaterThan(target?.version ?? 0);
    const stale = await graph<{
      updateInstrument: { instrument: null; studyPatient: { id: string } | null; errors: { code: string; message: string }[] };
    }>(save, { input: { id: target?.id, version: target?.version, fields: fields('C34.3') } });
    expect(stale.data?.updateInstrument.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.data?.updateInstrument.errors[0]?.message).not.toBe('');
    expect(stale.data?.updateInstrument.studyPatient?.id).toBe(id);
  });

  it('lists the patients of a study as a connection with totalCount', async () => {
    const location = await fixtures.location();
    const query = `query($studyId: ID!, $filter: StudyPatientFilter) { studyPatients(studyId: $studyId, filter: $filter, first: 2, orderBy: { field: PSEUDONYM }) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id pseudonym isDigiNet location { id } } } } }`;
    const all = await graph<{
      studyPatients: { totalCount: number; pageInfo: { hasNextPage: boolean }; edges: { node: { pseudonym: string } }[] };
    }>(query, { studyId: location?.studyId });
    expect(all.data?.studyPatients.edges).toHaveLength(2);
    expect(all.data?.studyPatients.totalCount).toBeGreaterThan(2);
    expect(all.data?.studyPatients.pageInfo.hasNextPage).toBe(true);
    const atLocation = await graph<{ studyPatients: { totalCount: number; edges: { node: { location: { id: string } } }[] } }>(query, {
      studyId: location?.studyId,
      filter: { studyInstituteId: location?.id },
    });
    expect(atLocation.data?.studyPatients.edges.every((e) => e.node.location.id === location?.id)).toBe(true);
    expect(atLocation.data?.studyPatients.totalCount).toBeLessThanOrEqual(all.data?.studyPatients.totalCount ?? 0);

    // Backward paging: the last two of the same order, and the two before them.
    const backward = `query($studyId: ID!, $last: Int, $before: String) { studyPatients(studyId: $studyId, last: $last, before: $before, orderBy: { field: PSEUDONYM }) {
      totalCount pageInfo { hasPreviousPage startCursor } edges { node { pseudonym } } } }`;
    type Page = {
      studyPatients: {
        totalCount: number;
        pageInfo: { hasPreviousPage: boolean; startCursor: string };
        edges: { node: { pseudonym: string } }[];
      };
    };
    const everyone = await graph<{ studyPatients: { edges: { node: { pseudonym: string } }[] } }>(
      `query($studyId: ID!) { studyPatients(studyId: $studyId, first: 500, orderBy: { field: PSEUDONYM }) { edges { node { pseudonym } } } }`,
      { studyId: location?.studyId },
    );
    const names = everyone.data?.studyPatients.edges.map((e) => e.node.pseudonym) ?? [];
    const last = await graph<Page>(backward, { studyId: location?.studyId, last: 2 });
    expect(last.data?.studyPatients.edges.map((e) => e.node.pseudonym)).toEqual(names.slice(-2));
    expect(last.data?.studyPatients.pageInfo.hasPreviousPage).toBe(true);
    const before = await graph<Page>(backward, {
      studyId: location?.studyId,
      last: 2,
      before: last.data?.studyPatients.pageInfo.startCursor,
    });
    expect(before.data?.studyPatients.edges.map((e) => e.node.pseudonym)).toEqual(names.slice(-4, -2));
  });
});

describe('keyset paging of the patient table in the graph', () => {
  it('pages behind a cursor as the offset walk does, at the same backend calls per page', async () => {
    const tag = `GK${randomUUID().slice(0, 8)}`;
    const { id: locationId, studyId } = await fixtures.location();
    for (const [i, date] of ['2025-02-01', '2025-01-15', '2025-02-01', '2025-02-01', '2025-01-15', '2025-03-01', '2025-02-01'].entries()) {
      const created = await graph<{ createStudyPatient: { errors: unknown[] } }>(
        'mutation($input: CreateStudyPatientInput!) { createStudyPatient(input: $input) { errors { code } } }',
        { input: { studyId, locationId, pseudonym: `${tag}-${(i * 3) % 7}`, registrationDate: date } },
      );
      expect(created.data?.createStudyPatient.errors).toEqual([]);
    }
    type Connection = {
      studyPatients: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { id: string } }[] };
    };
    const query = `query($studyId: ID!, $search: String, $orderBy: StudyPatientOrder, $first: Int, $after: String) {
      studyPatients(studyId: $studyId, filter: { search: $search }, orderBy: $orderBy, first: $first, after: $after) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }`;
    for (const orderBy of [
      { field: 'PSEUDONYM' },
      { field: 'REGISTRATION_DATE', descending: true },
      { field: 'INSTITUTE', descending: true },
    ]) {
      const list = (first: number, after?: string) => graph<Connection>(query, { studyId, search: tag, orderBy, first, after });
      const expected = (await list(500)).data?.studyPatients.edges.map((edge) => edge.node.id);
      expect(expected).toHaveLength(7);
      const walked: string[] = [];
      const calls: { keyset: number; offset: number }[] = [];
      let after: string | undefined;
      for (let offset = 0; ; offset += 2) {
        const byKeyset = await list(2, after);
        // The same page by position alone (the cursor without the row's token).
        const byOffset = await list(2, offset === 0 ? undefined : cursorFor(offset - 1));
        const page = byKeyset.data?.studyPatients;
        expect(page?.edges).toEqual(byOffset.data?.studyPatients.edges);
        expect(page?.totalCount).toBe(7);
        walked.push(...(page?.edges.map((edge) => edge.node.id) ?? []));
        calls.push({ keyset: byKeyset.extensions?.upstreamCalls ?? Number.NaN, offset: byOffset.extensions?.upstreamCalls ?? Number.NaN });
        if (!page?.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
        expect(keysetAfter({ first: 2, after })).toBeDefined();
      }
      expect(walked).toEqual(expected);
      expect(calls.every(({ keyset, offset }) => keyset === offset && keyset === calls[0]?.keyset)).toBe(true);
    }
    // A patient inserted before the cursor: the page behind it stays, the page by position shifts by one.
    const byName = (first: number, after?: string) =>
      graph<Connection>(query, { studyId, search: tag, orderBy: { field: 'PSEUDONYM' }, first, after });
    const head = (await byName(2)).data?.studyPatients;
    const second = (await byName(2, head?.pageInfo.endCursor)).data?.studyPatients.edges;
    await graph('mutation($input: CreateStudyPatientInput!) { createStudyPatient(input: $input) { errors { code } } }', {
      input: { studyId, locationId, pseudonym: `${tag}-00`, registrationDate: '2025-01-01' },
    });
    expect((await byName(2, head?.pageInfo.endCursor)).data?.studyPatients.edges).toEqual(second);
    expect((await byName(2, cursorFor(1))).data?.studyPatients.edges[0]).toEqual(head?.edges[1]);
  });
});
