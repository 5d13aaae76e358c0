/**
 * Queries, templates and verification flags through the graph against a real backend: the actions and their
 * refusals as user errors, the overview connection, `node`, the lists of a patient's records and the backend
 * calls a patient screen with queries and flags costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';
import { QUERY_FIELDS, queryFixtures, type RaisedQuery } from '../test-support/query-fixtures.js';

let harness: Harness;
let patients: PatientFixtures;
let queries: ReturnType<typeof queryFixtures>;
let dataManager: string;
let physician: string;

beforeAll(async () => {
  harness = await startHarness();
  patients = patientFixtures(harness, (await harness.signIn('superadmin')).token);
  queries = queryFixtures(harness, (await harness.signIn('adminnngm')).token);
  dataManager = (await harness.signIn('datamanager')).token;
  physician = (await harness.signIn('physician')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Errors = { code: string; message: string; path: string[] }[];
type Payload = {
  dataQuery:
    | (RaisedQuery & { answerStage: string; thread: { kind: string; roleIdentifier: string; roleName: string; text: string | null }[] })
    | null;
  errors: Errors;
};

const action = (name: string) =>
  `mutation($input: DataQueryActionInput!) { ${name}(input: $input) { dataQuery { ${QUERY_FIELDS} } errors { code message path } } }`;

async function act(name: string, token: string, input: Record<string, unknown>): Promise<Payload> {
  const answer = await harness.request<Record<string, Payload>>(action(name), { input }, token);
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data[name] as Payload;
}

describe('the actions on a query', () => {
  it('raises, answers and accepts a field query; the thread shows each step', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const { visit } = await patients.createVisit(studyPatientId, 'baseline', '2025-02-01');
    const instrument = await patients.createStaging(studyPatientId, visit?.id ?? '');
    const { t } = await queries.stagingFieldIds(instrument.id, dataManager);
    const raised = await queries.raise(dataManager, t, 'plausibility', 'T-Stadium prüfen');
    const answered = await act('answerDataQuery', physician, { id: raised.id, version: raised.version, text: 'Laut Befund korrekt.' });
    expect(answered.errors).toEqual([]);
    expect(answered.dataQuery).toMatchObject({ status: 'PENDING', answerStage: 'ANSWERED' });
    const accepted = await act('acceptDataQuery', dataManager, { id: raised.id, version: answered.dataQuery?.version });
    expect(accepted.dataQuery?.status).toBe('CLOSED');
    expect(accepted.dataQuery?.thread.map((step) => [step.kind, step.roleIdentifier, step.roleName, step.text])).toEqual([
      ['CREATE', 'DataManager', 'Datenmanager', 'T-Stadium prüfen: der Wert fehlt'],
      ['ANSWER', 'Physician', 'Arzt', 'Laut Befund korrekt.'],
      ['ACCEPT', 'DataManager', 'Datenmanager', null],
    ]);

    const field = await harness.request<{ node: { dataQueries: { id: string; subject: string; dataField: { id: string } }[] } }>(
      'query($id: ID!) { node(id: $id) { ... on DataField { dataQueries { id subject dataField { id } } } } }',
      { id: t },
      physician,
    );
    expect(field.data?.node.dataQueries).toEqual([{ id: raised.id, subject: 'DATA_FIELD', dataField: { id: t } }]);
  });

  it('names the field, its form and the people by display name, and links the record, for a page in one call', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const { studyId } = await patients.location('1001');
    const { visit } = await patients.createVisit(studyPatientId, 'baseline', '2025-02-01');
    const instrument = await patients.createStaging(studyPatientId, visit?.id ?? '');
    const { t } = await queries.stagingFieldIds(instrument.id, dataManager);
    const raised = await queries.raise(dataManager, t, 'plausibility', 'T prüfen');
    await act('answerDataQuery', physician, { id: raised.id, version: raised.version, text: 'Korrekt.' });
    await queries.raise(dataManager, studyPatientId, 'plausibility', 'Patient prüfen');
    type Row = {
      id: string;
      createdByDisplayName: string;
      fieldLabel: string | null;
      formLabel: string | null;
      target: { studyPatientId: string; visitId: string | null; instrumentId: string | null; dataFieldId: string | null } | null;
      thread: { userName: string; displayName: string }[];
    };
    const page = await harness.request<{ dataQueries: { edges: { node: Row }[] } }>(
      `query($studyId: ID!) { dataQueries(studyId: $studyId, first: 25, filter: { studyPatientId: "${studyPatientId}" }) {
        edges { node { id createdByDisplayName fieldLabel formLabel target { studyPatientId visitId instrumentId dataFieldId }
          thread { userName displayName } } } } }`,
      { studyId },
      physician,
    );
    const rows = page.data?.dataQueries.edges.map(({ node }) => node) ?? [];
    const onField = rows.find((row) => row.id === raised.id);
    expect(onField).toMatchObject({
      createdByDisplayName: 'Dora Daten (Datenmanager)',
      fieldLabel: 'T',
      formLabel: 'TNM und UICC-Stadium',
      target: { studyPatientId, visitId: visit?.id, instrumentId: instrument.id, dataFieldId: t },
    });
    expect(onField?.thread.map((step) => step.displayName)).toEqual(['Dora Daten (Datenmanager)', 'Dr. Paul Arzt (Arzt)']);
    expect(rows.find((row) => row.id !== raised.id)).toMatchObject({
      fieldLabel: null,
      formLabel: null,
      target: { studyPatientId, visitId: null, instrumentId: null, dataFieldId: null },
    });
    // The page and one call for the details of all its queries: no patient context.
    expect(page.extensions?.upstreamCalls).toBe(2);
  });

  it('answers refusals as user errors: the role, the status and a stale version', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const caseManager = (await harness.signIn('casemanager')).token;
    const refused = await harness.request<{ createDataQuery: Payload }>(
      `mutation($input: CreateDataQueryInput!) { createDataQuery(input: $input) { dataQuery { id } errors { code message path } } }`,
      { input: { subjectId: studyPatientId, queryTypeIdentifier: 'plausibility', title: 'x', text: 'y' } },
      caseManager,
    );
    expect(refused.data?.createDataQuery.dataQuery).toBeNull();
    expect(refused.data?.createDataQuery.errors).toHaveLength(1);
    expect(refused.data?.createDataQuery.errors[0]?.code).toBe('QUERY_ACTION_REFUSED');
    expect(refused.data?.createDataQuery.errors[0]?.message).toMatch(/[A-Za-zäöü]/);

    const raised = await queries.raise(dataManager, studyPatientId, 'plausibility');
    const closed = await act('solveDataQuery', dataManager, { id: raised.id, version: raised.version, text: 'Korrigiert.' });
    expect(closed.dataQuery?.status).toBe('CLOSED');
    const late = await act('answerDataQuery', physician, { id: raised.id, version: closed.dataQuery?.version, text: 'Zu spät.' });
    expect(late.errors.map((e) => e.code)).toEqual(['QUERY_WRONG_STATUS']);

    const open = await queries.raise(dataManager, studyPatientId, 'plausibility');
    await act('answerDataQuery', physician, { id: open.id, version: open.version, text: 'Erste Antwort.' });
    const stale = await act('answerDataQuery', physician, { id: open.id, version: open.version, text: 'Zweite Antwort.' });
    expect(stale.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.dataQuery).toMatchObject({ id: open.id, version: open.version + 1, status: 'PENDING' });

    const empty = await harness.request<{ createDataQuery: Payload }>(
      `mutation($input: CreateDataQueryInput!) { createDataQuery(input: $input) { dataQuery { id } errors { code message path } } }`,
      { input: { subjectId: studyPatientId, queryTypeIdentifier: 'plausibility', title: '', text: 'y' } },
      dataManager,
    );
    expect(empty.data?.createDataQuery.errors).toEqual([
      { code: 'INVALID_VALUE', path: ['title'], message: 'Der Titel ist erforderlich und darf höchstens 200 Zeichen lang sein.' },
    ]);
    const unanswered = await queries.raise(dataManager, studyPatientId, 'plausibility');
    const noAnswer = await act('answerDataQuery', physician, { id: unanswered.id, version: unanswered.version, text: ' ' });
    expect(noAnswer.errors.map((e) => [e.code, e.path])).toEqual([['INVALID_VALUE', ['text']]]);
    const wrongId = await act('answerDataQuery', physician, { id: studyPatientId, version: 1, text: 'x' });
    expect(wrongId.errors).toEqual([{ code: 'INVALID_VALUE', message: 'Unbekannte Id', path: ['id'] }]);
  });

  it('tells the viewer what they may do with a query, and why not', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const raised = await queries.raise(dataManager, studyPatientId, 'plausibility');
    const read = `query($id: ID!) { node(id: $id) { ... on DataQuery { id queryType { identifier } subject studyPatient { id } location { identifier }
      viewerCan { edit { allowed reason } answer { allowed reason } accept { allowed reason } defer { allowed reason } } } } }`;
    const asPhysician = await harness.request<{ node: Record<string, unknown> }>(read, { id: raised.id }, physician);
    expect(asPhysician.data?.node).toMatchObject({
      id: raised.id,
      queryType: { identifier: 'plausibility' },
      subject: 'STUDY_PATIENT',
      studyPatient: { id: studyPatientId },
      location: { identifier: '1001' },
      viewerCan: {
        edit: { allowed: false, reason: 'ROLE_NOT_ALLOWED' },
        answer: { allowed: true, reason: null },
        accept: { allowed: false, reason: 'MISSING_RIGHT' },
      },
    });
    const asManager = await harness.request<{ node: { viewerCan: Record<string, unknown> } }>(read, { id: raised.id }, dataManager);
    expect(asManager.data?.node.viewerCan).toMatchObject({
      answer: { allowed: false, reason: 'ROLE_NOT_ALLOWED' },
      accept: { allowed: false, reason: 'WRONG_STATUS' },
      defer: { allowed: true, reason: null },
    });
  });
  it('asks an answered query again by editing it, defers and revokes, and raises a location query', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const raised = await queries.raise(dataManager, studyPatientId, 'plausibility', 'Erneut');
    const answered = await act('answerDataQuery', physician, { id: raised.id, version: raised.version, text: 'Antwort.' });
    const edit = await harness.request<{ editDataQuery: Payload }>(
      `mutation($input: EditDataQueryInput!) { editDataQuery(input: $input) { dataQuery { ${QUERY_FIELDS} } errors { code message path } } }`,
      { input: { id: raised.id, version: answered.dataQuery?.version, text: 'Bitte genauer angeben.', priority: 'HIGH' } },
      dataManager,
    );
    expect(edit.data?.editDataQuery.dataQuery).toMatchObject({ status: 'OPEN', answerStage: 'RENEWED', title: 'Erneut' });
    const deferred = await act('deferDataQuery', dataManager, { id: raised.id, version: edit.data?.editDataQuery.dataQuery?.version });
    expect(deferred.dataQuery?.status).toBe('INVISIBLE');
    const revoked = await act('revokeDataQuery', dataManager, {
      id: raised.id,
      version: deferred.dataQuery?.version,
      text: 'Hat sich erledigt.',
    });
    expect(revoked.dataQuery?.status).toBe('NO_LONGER_RELEVANT');
    expect(revoked.dataQuery?.thread.map((step) => step.kind)).toEqual(['CREATE', 'ANSWER', 'EDIT', 'DEFER', 'REVOKE']);

    const { id: locationId, studyId } = await patients.location('1001');
    const create = `mutation($input: CreateDataQueryInput!) { createDataQuery(input: $input) { dataQuery { id subject location { identifier } studyPatient { id } } errors { code message path } } }`;
    const withoutStudy = await harness.request<{ createDataQuery: Payload }>(
      create,
      { input: { subjectId: locationId, queryTypeIdentifier: 'plausibility', title: 'Standort', text: 'Bitte die SOP prüfen.' } },
      dataManager,
    );
    expect(withoutStudy.data?.createDataQuery.errors).toEqual([{ code: 'INVALID_VALUE', message: 'Wird benötigt', path: ['studyId'] }]);
    const atLocation = await harness.request<{ createDataQuery: { dataQuery: Record<string, unknown> | null; errors: Errors } }>(
      create,
      { input: { subjectId: locationId, studyId, queryTypeIdentifier: 'plausibility', title: 'Standort', text: 'Bitte die SOP prüfen.' } },
      dataManager,
    );
    expect(atLocation.data?.createDataQuery.dataQuery).toMatchObject({
      subject: 'LOCATION',
      location: { identifier: '1001' },
      studyPatient: null,
    });

    const latest = await harness.request<{ myLatestDataQueries: { id: string }[] }>(
      'query($studyId: ID!) { myLatestDataQueries(studyId: $studyId, latestCount: 5) { id } }',
      { studyId },
      dataManager,
    );
    expect(latest.data?.myLatestDataQueries[0]?.id).toBe(atLocation.data?.createDataQuery.dataQuery?.id);
    const dashboard = await harness.request<{
      registryDashboard: {
        openQueriesByLocation: { location: { identifier: string }; open: number }[];
        queryAgeing: { fromDays: number; toDays: number | null }[];
      };
    }>(
      'query($studyId: ID!) { registryDashboard(studyId: $studyId) { openQueriesByLocation { location { identifier } open } queryAgeing { fromDays toDays count } recruitment { month registered } documentationCompleteness { location { identifier } complete missingData new } } }',
      { studyId },
      dataManager,
    );
    expect(dashboard.data?.registryDashboard.queryAgeing.map((bucket) => [bucket.fromDays, bucket.toDays])).toEqual([
      [0, 7],
      [7, 30],
      [30, 90],
      [90, null],
    ]);
    expect(dashboard.data?.registryDashboard.openQueriesByLocation.find((l) => l.location.identifier === '1001')?.open).toBeGreaterThan(0);
  });
});

describe('reading queries', () => {
  it('pages the overview with its filters and sorts it', async () => {
    const studyPatientId = await patients.createPatient('2002');
    const { studyId } = await patients.location('2002');
    const raised: RaisedQuery[] = [];
    for (const title of ['Ü1', 'Ü2', 'Ü3']) raised.push(await queries.raise(dataManager, studyPatientId, 'plausibility', title));
    await act('answerDataQuery', physician, { id: raised[1]?.id, version: raised[1]?.version, text: 'Erledigt.' });
    const overview = `query($studyId: ID!, $filter: DataQueryFilter, $after: String) {
      dataQueries(studyId: $studyId, filter: $filter, first: 2, after: $after, orderBy: { field: CREATED_AT, descending: false }) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { title status pseudonym studyPatient { id } } } } }`;
    type Overview = {
      dataQueries: {
        totalCount: number;
        pageInfo: { hasNextPage: boolean; endCursor: string };
        edges: { node: { title: string; status: string; studyPatient: { id: string } | null } }[];
      };
    };
    const filter = { studyPatientId };
    const first = await harness.request<Overview>(overview, { studyId, filter }, dataManager);
    expect(first.data?.dataQueries.totalCount).toBe(3);
    expect(first.data?.dataQueries.edges.map((e) => e.node.title)).toEqual(['Ü1', 'Ü2']);
    expect(first.data?.dataQueries.edges.map((e) => e.node.studyPatient?.id)).toEqual([studyPatientId, studyPatientId]);
    // The patient links of a page load no patient: the backend says whether the viewer may open each.
    expect(first.extensions?.upstreamCalls).toBe(1);
    const second = await harness.request<Overview>(
      overview,
      { studyId, filter, after: first.data?.dataQueries.pageInfo.endCursor },
      dataManager,
    );
    expect(second.data?.dataQueries.edges.map((e) => e.node.title)).toEqual(['Ü3']);
    expect(second.data?.dataQueries.pageInfo.hasNextPage).toBe(false);
    const pending = await harness.request<Overview>(overview, { studyId, filter: { ...filter, statuses: ['PENDING'] } }, dataManager);
    expect(pending.data?.dataQueries.edges.map((e) => e.node)).toMatchObject([{ title: 'Ü2', status: 'PENDING' }]);
  });

  it("names the overview's query types with the texts of the definition they were raised under, loading no patient", async () => {
    const studyPatientId = await patients.createPatient('1001');
    const { studyId } = await patients.location('1001');
    await queries.raise(dataManager, studyPatientId, 'plausibility', 'Texte');
    type Named = {
      dataQueries: { edges: { node: { queryType: { displayKey: string }; definitionVersion: { texts: Record<string, string> } } }[] };
    };
    const named = await harness.request<Named>(
      `query($studyId: ID!) { dataQueries(studyId: $studyId, first: 25, filter: { studyPatientId: "${studyPatientId}" }) {
        edges { node { queryType { displayKey } definitionVersion { texts(languageIdentifier: "de") } } } } }`,
      { studyId },
      dataManager,
    );
    const node = named.data?.dataQueries.edges[0]?.node;
    expect(node?.definitionVersion.texts[node.queryType.displayKey]).toBe('Plausibilitätsprüfung');
    // The page and the definition's languages (versions are cached by the gateway): no patient context.
    expect(named.extensions?.upstreamCalls).toBe(2);
  });

  it("costs a patient screen with queries and flags no backend call more: they come with the patients' contexts", async () => {
    const ids = [await patients.patientWithVisits(2), await patients.patientWithVisits(2)];
    for (const id of ids) await queries.raise(dataManager, id, 'plausibility');
    // The patient screen: rights (viewerCan) and the definition version (field definitions) are read anyway.
    const screen = (extra: { patient: string; record: string; field: string }) =>
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on StudyPatient { id viewerCan { edit } ${extra.patient}
        visits { id ${extra.record} instruments { id ${extra.record} fields { id definition { identifier } ${extra.field}
          childFields { id definition { identifier } ${extra.field} } } } } } } }`;
    const plain = screen({ patient: '', record: '', field: '' });
    const withQueries = screen({
      patient:
        'dataQueries { id title status viewerCan { answer { allowed reason } } queryType { identifier } thread { kind } } allDataQueries { id }',
      record: 'dataQueries { id }',
      field: 'dataQueries { id } verificationFlags { id state }',
    });
    const cost = async (query: string, patientIds: string[]) => {
      const answer = await harness.request<{ nodes: { dataQueries?: { title: string }[] }[] }>(query, { ids: patientIds }, dataManager);
      expect(answer.errors).toBeUndefined();
      return { answer, calls: answer.extensions?.upstreamCalls ?? 0 };
    };
    const withBoth = await cost(withQueries, ids);
    expect(withBoth.answer.data?.nodes.map((n) => n.dataQueries?.length)).toEqual([1, 1]);
    // The query lists are included in the batch context call (include=dataQueries); flags are part of every context.
    expect(withBoth.calls - (await cost(plain, ids)).calls).toBe(0);
    expect((await cost(withQueries, ids.slice(0, 1))).calls - (await cost(plain, ids.slice(0, 1))).calls).toBe(0);
  });

  it('keeps templates of the viewer and resolves queries and templates by node', async () => {
    const created = await harness.request<{
      createDataQueryTemplate: { dataQueryTemplate: { id: string; title: string } | null; errors: Errors };
    }>(
      'mutation($input: CreateDataQueryTemplateInput!) { createDataQueryTemplate(input: $input) { dataQueryTemplate { id title } errors { code message path } } }',
      { input: { title: 'Fehlender Befund', text: 'Bitte den Befund nachtragen.', queryTypeIdentifier: 'missing_value' } },
      dataManager,
    );
    const template = created.data?.createDataQueryTemplate.dataQueryTemplate;
    expect(template?.title).toBe('Fehlender Befund');
    const node = await harness.request<{ node: { title: string; queryTypeIdentifier: string } | null }>(
      'query($id: ID!) { node(id: $id) { ... on DataQueryTemplate { title queryTypeIdentifier } } }',
      { id: template?.id },
      dataManager,
    );
    expect(node.data?.node).toEqual({ title: 'Fehlender Befund', queryTypeIdentifier: 'missing_value' });
    const deleted = await harness.request<{ deleteDataQueryTemplate: { deletedId: string | null } }>(
      'mutation($input: DeleteInput!) { deleteDataQueryTemplate(input: $input) { deletedId errors { code } } }',
      { input: { id: template?.id } },
      dataManager,
    );
    expect(deleted.data?.deleteDataQueryTemplate.deletedId).toBe(template?.id);
    const list = await harness.request<{ dataQueryTemplates: { id: string }[] }>('{ dataQueryTemplates { id } }', {}, dataManager);
    expect(list.data?.dataQueryTemplates.map((t) => t.id)).not.toContain(template?.id);
  });
});

describe('verification flags', () => {
  it('sets a flag, clears it with its version, refuses a stale one and shows it on the field', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const { visit } = await patients.createVisit(studyPatientId, 'baseline', '2025-02-01');
    const instrument = await patients.createStaging(studyPatientId, visit?.id ?? '');
    const { t } = await queries.stagingFieldIds(instrument.id, dataManager);
    const mutation =
      'mutation($input: SetVerificationFlagInput!) { setVerificationFlag(input: $input) { verificationFlag { id state version flagType { identifier } dataField { id } } errors { code message path } } }';
    type FlagPayload = {
      setVerificationFlag: {
        verificationFlag: { id: string; state: string; version: number; dataField: { id: string } } | null;
        errors: Errors;
      };
    };
    const set = await harness.request<FlagPayload>(
      mutation,
      { input: { dataFieldId: t, flagTypeIdentifier: 'sdv', verified: true } },
      dataManager,
    );
    const flag = set.data?.setVerificationFlag.verificationFlag;
    expect(flag).toMatchObject({ state: 'SET', flagType: { identifier: 'sdv' }, dataField: { id: t } });
    const again = await harness.request<FlagPayload>(
      mutation,
      { input: { dataFieldId: t, flagTypeIdentifier: 'sdv', verified: true } },
      dataManager,
    );
    expect(again.data?.setVerificationFlag.errors.map((e) => e.code)).toEqual(['ALREADY_EXISTS']);
    expect(again.data?.setVerificationFlag.verificationFlag?.id).toBe(flag?.id);
    const cleared = await harness.request<FlagPayload>(
      mutation,
      { input: { dataFieldId: t, flagTypeIdentifier: 'sdv', verified: false, version: flag?.version } },
      dataManager,
    );
    expect(cleared.data?.setVerificationFlag.verificationFlag?.state).toBe('NOT_SET');
    const stale = await harness.request<FlagPayload>(
      mutation,
      { input: { dataFieldId: t, flagTypeIdentifier: 'sdv', verified: true, version: flag?.version } },
      dataManager,
    );
    expect(stale.data?.setVerificationFlag.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.data?.setVerificationFlag.verificationFlag?.state).toBe('NOT_SET');
    const onField = await harness.request<{ node: { verificationFlags: { id: string; state: string }[] } }>(
      'query($id: ID!) { node(id: $id) { ... on DataField { verificationFlags { id state } } } }',
      { id: t },
      physician,
    );
    expect(onField.data?.node.verificationFlags).toEqual([{ id: flag?.id, state: 'NOT_SET' }]);
    const byNode = await harness.request<{ node: { state: string } }>(
      'query($id: ID!) { node(id: $id) { ... on VerificationFlag { state } } }',
      { id: flag?.id },
      physician,
    );
    expect(byNode.data?.node.state).toBe('NOT_SET');
    const capabilities = await harness.request<{ node: { viewerCan: { raiseDataQuery: boolean; verifyFields: boolean } } }>(
      'query($id: ID!) { node(id: $id) { ... on StudyPatient { viewerCan { raiseDataQuery verifyFields } } } }',
      { id: studyPatientId },
      physician,
    );
    expect(capabilities.data?.node.viewerCan).toEqual({ raiseDataQuery: true, verifyFields: false });
  });
});
