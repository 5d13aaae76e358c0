/**
 * Shared steps of the patient documentation tests (gateway/src/patients*.int.test.ts): the demo study's
 * definitions and locations, and patients with visits and staging instruments created through the graph.
 * Every test creates its own patients (fresh ids), so tests never depend on each other's data.
 */
import type { GraphQLAnswer, Harness } from './gateway-harness.js';

type FieldDefinition = { key: string; identifier: string; parent: { key: string } | null };
type InstrumentDefinition = { id: string; identifier: string; fields: FieldDefinition[] };
type VisitDefinition = { id: string; identifier: string; fields: FieldDefinition[]; instruments: InstrumentDefinition[] };
type Location = { id: string; studyId: string; identifier: string; isDigiNet: boolean };

const DEFINITIONS = `query { studyDefinitions { identifier currentVersion { visits {
  id identifier fields { key identifier parent { key } }
  instruments { id identifier fields { key identifier parent { key } } } } } } }`;

export type PatientFixtures = ReturnType<typeof patientFixtures>;

/**
 * Fixtures acting with `token` (the persona creating the data); definitions and locations are looked up
 * with `lookupToken`, which needs the institute overview (StudyInstituteGetOverviewCmd).
 */
export function patientFixtures(harness: Harness, token: string, lookupToken = token) {
  /** An operation that must not fail as a whole; its data. */
  async function graph<T>(query: string, variables: Record<string, unknown> = {}, as = token): Promise<GraphQLAnswer<T> & { data: T }> {
    const answer = await harness.request<T>(query, variables, as);
    if (answer.errors || !answer.data) throw new Error(`${query}\n→ ${JSON.stringify(answer.errors)}`);
    return answer as GraphQLAnswer<T> & { data: T };
  }

  let visitDefinitions: Promise<VisitDefinition[]> | undefined;
  const visits = () =>
    (visitDefinitions ??= graph<{ studyDefinitions: { identifier: string; currentVersion: { visits: VisitDefinition[] } }[] }>(
      DEFINITIONS,
      {},
      lookupToken,
    ).then(({ data }) => data.studyDefinitions.find((d) => d.identifier === 'nngm_lung')?.currentVersion.visits ?? []));

  async function visitDefinition(identifier: string): Promise<VisitDefinition> {
    const found = (await visits()).find((v) => v.identifier === identifier);
    if (!found) throw new Error(`no visit definition ${identifier}`);
    return found;
  }

  /** A demo location by institute identifier (1001 is DigiNet; the case manager works at 1001 and 2002). */
  async function location(identifier = '1001'): Promise<Location> {
    const { data } = await graph<{
      instituteOverview: { edges: { node: { location: Omit<Location, 'studyId'> & { study: { id: string } } } }[] };
    }>('query { instituteOverview(scope: ALL) { edges { node { location { id study { id } identifier isDigiNet } } } } }', {}, lookupToken);
    const found = data.instituteOverview.edges.find((edge) => edge.node.location.identifier === identifier)?.node.location;
    if (!found) throw new Error(`no location ${identifier}`);
    return { ...found, studyId: found.study.id };
  }

  /** The staging instrument (documented in baseline and follow-up visits) and its `tnm.t` field. */
  async function staging() {
    const instrument = (await visits()).flatMap((v) => v.instruments).find((i) => i.identifier === 'staging');
    const tnm = instrument?.fields.find((f) => f.identifier === 'tnm')?.key;
    const t = instrument?.fields.find((f) => f.identifier === 't' && f.parent?.key === tnm)?.key;
    if (!instrument || !tnm || !t) throw new Error('no staging instrument with tnm.t');
    return { id: instrument.id, tnm, t };
  }

  async function createPatient(locationIdentifier = '1001'): Promise<string> {
    const { id, studyId } = await location(locationIdentifier);
    const { data } = await graph<{ createStudyPatient: { studyPatient: { id: string } | null; errors: unknown[] } }>(
      'mutation($input: CreateStudyPatientInput!) { createStudyPatient(input: $input) { studyPatient { id } errors { code message } } }',
      { input: { studyId, locationId: id, registrationDate: '2025-01-10' } },
    );
    const studyPatientId = data.createStudyPatient.studyPatient?.id;
    if (!studyPatientId) throw new Error(`createStudyPatient: ${JSON.stringify(data.createStudyPatient.errors)}`);
    return studyPatientId;
  }

  async function createVisit(studyPatientId: string, identifier: string, visitDate: string | null = null) {
    const { data } = await graph<{
      createVisit: { visit: { id: string; version: number } | null; errors: { code: string; message: string }[] };
    }>('mutation($input: CreateVisitInput!) { createVisit(input: $input) { visit { id version } errors { code message } } }', {
      input: { studyPatientId, definitionId: (await visitDefinition(identifier)).id, visitDate },
    });
    return data.createVisit;
  }

  /** A staging instrument in the visit with `tnm.t` set. */
  async function createStaging(studyPatientId: string, visitId: string, t = '2a') {
    const { id, tnm, t: tField } = await staging();
    const { data } = await graph<{ createInstrument: { instrument: { id: string; version: number } | null; errors: unknown[] } }>(
      'mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { instrument { id version } errors { code message } } }',
      {
        input: {
          studyPatientId,
          visitId,
          definitionId: id,
          fields: [{ definitionKey: tnm, childFields: [{ definitionKey: tField, values: [{ value: t }] }] }],
        },
      },
    );
    if (!data.createInstrument.instrument) throw new Error(`createInstrument: ${JSON.stringify(data.createInstrument.errors)}`);
    return data.createInstrument.instrument;
  }

  /** Field inputs by identifier path (`tnm.t` is a row of the Table `tnm`) for a form's definition fields. */
  function inputs(fields: readonly FieldDefinition[], values: Record<string, string>) {
    const keyOf = (path: string) => {
      let parent: string | null = null;
      for (const identifier of path.split('.')) {
        const found = fields.find((f) => f.identifier === identifier && (f.parent?.key ?? null) === parent);
        if (!found) throw new Error(`no field ${path}`);
        parent = found.key;
      }
      return parent ?? '';
    };
    const top: { definitionKey: string; values?: { value: string }[]; childFields?: unknown[] }[] = [];
    for (const [path, value] of Object.entries(values)) {
      const [table] = path.split('.');
      const field = { definitionKey: keyOf(path), values: [{ value }] };
      if (!path.includes('.') || !table) top.push(field);
      else {
        const key = keyOf(table);
        const row = top.find((f) => f.definitionKey === key) ?? top[top.push({ definitionKey: key, childFields: [] }) - 1];
        row?.childFields?.push(field);
      }
    }
    return top;
  }

  /** A follow-up visit with its four instruments documented completely (COMPLETE, so it can be signed). */
  async function createCompleteFollowUp(studyPatientId: string, date = '2025-05-02') {
    const definition = await visitDefinition('fu');
    const { data } = await graph<{ createVisit: { visit: { id: string } | null; errors: unknown[] } }>(
      'mutation($input: CreateVisitInput!) { createVisit(input: $input) { visit { id } errors { code message } } }',
      { input: { studyPatientId, definitionId: definition.id, visitDate: date, fields: inputs(definition.fields, { fu_date: date }) } },
    );
    const visitId = data.createVisit.visit?.id;
    if (!visitId) throw new Error(`createVisit: ${JSON.stringify(data.createVisit.errors)}`);
    const values: Record<string, Record<string, string>> = {
      staging: { tnm_version: '8', 'tnm.t': '2a', 'tnm.n': '0', 'tnm.m': '0', uicc_stage: 'IB' },
      performance: { ecog: '1', ecog_date: date },
      disease_status: { assess_date: date, overall: 'K' },
      vital_status: { status: 'alive', last_contact_date: date },
    };
    for (const instrument of definition.instruments) {
      const created = await graph<{ createInstrument: { instrument: { id: string } | null; errors: unknown[] } }>(
        'mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { instrument { id } errors { code message } } }',
        {
          input: {
            studyPatientId,
            visitId,
            definitionId: instrument.id,
            fields: inputs(instrument.fields, values[instrument.identifier] ?? {}),
          },
        },
      );
      if (!created.data.createInstrument.instrument)
        throw new Error(`createInstrument: ${JSON.stringify(created.data.createInstrument.errors)}`);
    }
    const { data: read } = await graph<{ node: { id: string; version: number; state: string } }>(
      'query($id: ID!) { node(id: $id) { ... on Visit { id version state } } }',
      { id: visitId },
    );
    if (read.node.state !== 'COMPLETE') throw new Error(`the follow-up is ${read.node.state}, not COMPLETE`);
    return read.node;
  }

  /** A patient with a baseline and `count - 1` follow-up visits, each with a staging instrument holding a value. */
  async function patientWithVisits(count: number): Promise<string> {
    const studyPatientId = await createPatient();
    for (let index = 0; index < count; index += 1) {
      const created = await createVisit(studyPatientId, index === 0 ? 'baseline' : 'fu', `2025-02-${String(index + 1).padStart(2, '0')}`);
      if (!created.visit) throw new Error(`createVisit: ${JSON.stringify(created.errors)}`);
      await createStaging(studyPatientId, created.visit.id);
    }
    return studyPatientId;
  }

  return {
    graph,
    visitDefinition,
    location,
    staging,
    createPatient,
    createVisit,
    createStaging,
    createCompleteFollowUp,
    patientWithVisits,
  };
}

/**
 * A new user of `role` at location 1001, created through the graph by `admin` (who needs the user administration), signed
 * in: a documentalist made so has not passed the demo e-learning.
 */
export async function newUser(harness: Harness, admin: string, role: string): Promise<string> {
  const roles = await harness.request<{ roles: { edges: { node: { id: string; identifier: string } }[] } }>(
    '{ roles { edges { node { id identifier } } } }',
    {},
    admin,
  );
  const roleId = roles.data?.roles.edges.find((e) => e.node.identifier === role)?.node.id;
  const userName = `${role.toLowerCase()}_${Date.now()}_${Math.floor(Math.random() * 1000)}`;
  const created = await harness.request<{ createUser: { user: { id: string } } }>(
    'mutation($input: CreateUserInput!) { createUser(input: $input) { user { id } errors { code } } }',
    { input: { userName, displayName: 'Erika E-Learning', roleId, password: 'Lernen-Pw1' } },
    admin,
  );
  const overview = await harness.request<{ instituteOverview: { edges: { node: { location: { id: string; identifier: string } } }[] } }>(
    '{ instituteOverview(scope: ALL) { edges { node { location { id identifier } } } } }',
    {},
    admin,
  );
  const koeln = overview.data?.instituteOverview.edges.find((e) => e.node.location.identifier === '1001')?.node.location.id;
  await harness.request(
    'mutation($input: LocationUserInput!) { assignUserToLocation(input: $input) { changed errors { code } } }',
    { input: { locationId: koeln, userId: created.data?.createUser.user.id } },
    admin,
  );
  return (await harness.signIn(userName, 'Lernen-Pw1')).token;
}
