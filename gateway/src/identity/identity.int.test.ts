/**
 * Identities in the graph against the real backend (child process) and the real pseudonymisation
 * service (in-process on a free port): registration with its check-match, near-duplicates and the
 * insurance-number rule, identities with and without the right, the cost of a page (counted in the
 * service's own audit trail), the master data update, and the §5 statuses provoked for real.
 */
import { randomInt } from 'node:crypto';
import { kvnrCheckDigit } from '@ecrf/rules';
import { createService, DEV_API_KEY, type Service } from '@ecrf/mainzelliste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import { testGatewayConfig } from '../test-support/test-gateway-config.js';
import { createGateway } from '../server.js';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

type Started = Service & { url: string };
let service: Started;
let harness: Harness;
let fixtures: PatientFixtures;
let physician: string;
let accounting: string;

async function startService(): Promise<Started> {
  // The reference model (EpiLink): its verdicts on these hand-made near-duplicates are fixed by its published weights;
  // the default matcher's are calibrated on realistic data (mainzelliste/src/matching, docs/benchmarks.md).
  const started = await createService({ DATA_DIR: 'memory://', MAINZELLISTE_API_KEY: DEV_API_KEY, MAINZELLISTE_MATCHER: 'epilink' });
  return { ...started, url: await started.app.listen({ port: await freePort(), host: '127.0.0.1' }) };
}

beforeAll(async () => {
  service = await startService();
  harness = await startHarness({ mainzellisteUrl: service.url });
  fixtures = patientFixtures(harness, (await harness.signIn('superadmin')).token);
  // Personas: a physician documenting at the demo locations; billing, which lists patients but may not read identities.
  physician = (await harness.signIn('physician')).token;
  accounting = (await harness.signIn('accountingdiginet')).token;
});
afterAll(async () => {
  await harness?.close();
  await service?.app.close();
  // The last test closed the database already.
  await service?.database.close().catch(() => undefined);
});

const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number): string => Array.from({ length }, () => letters.charAt(randomInt(26))).join('');
const name = (length: number): string => {
  const letters = word(length);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
};
function kvnr(): string {
  const letter = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26));
  const digits = Array.from({ length: 8 }, () => String(randomInt(10))).join('');
  return `${letter}${digits}${kvnrCheckDigit(letter, digits)}`;
}
type Identity = {
  firstName: string;
  lastName: string;
  birthName?: string;
  birthDate: string;
  gender?: string;
  street?: string;
  zip?: string;
  city?: string;
  insuranceStatus: string;
  insuranceNumber?: string;
};
const person = (): Identity => ({
  // Random names without a common prefix: a shared prefix and birth date made two fresh persons a possible match.
  firstName: name(9),
  lastName: name(13),
  birthDate: `19${randomInt(30, 99)}-0${randomInt(1, 10)}-1${randomInt(0, 10)}`,
  gender: 'FEMALE',
  street: `Rüttenscheider Straße ${randomInt(1, 300)}`,
  zip: '45127',
  city: 'Essen',
  insuranceStatus: 'STATUTORY_KNOWN',
  insuranceNumber: kvnr(),
});

type Registered = {
  registerPatient: {
    studyPatient: {
      id: string;
      pseudonym: string;
      identity: { lastName: string; gender: string | null; street: string | null; tentative: boolean } | null;
    } | null;
    possibleDuplicate: { pseudonym: string; registered: boolean } | null;
    errors: { code: string; message: string; path: string[] }[];
  };
};
const REGISTER = `mutation($input: RegisterPatientInput!) { registerPatient(input: $input) {
  studyPatient { id pseudonym identity { lastName gender street tentative } } possibleDuplicate { pseudonym registered } errors { code message path } } }`;

async function register(identity: Identity, options: { confirmNewPatient?: boolean; url?: string } = {}) {
  const location = await fixtures.location('1001');
  const variables = {
    input: { studyId: location.studyId, locationId: location.id, identity, confirmNewPatient: options.confirmNewPatient ?? false },
  };
  if (!options.url) return (await fixtures.graph<Registered>(REGISTER, variables, physician)).data.registerPatient;
  const response = await fetch(`${options.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${physician}` },
    body: JSON.stringify({ query: REGISTER, variables }),
  });
  return ((await response.json()) as { data: Registered }).data.registerPatient;
}

const PREFIX = 'Bei der Kommunikation mit der Mainzelliste ist ein Fehler aufgetreten:';

describe('registerPatient', () => {
  it('registers a new patient under the pseudonym of the service, with its identity (gender and street too) for the physician', async () => {
    const hedwig = person();
    const answer = await register(hedwig);
    expect(answer.errors).toEqual([]);
    expect(answer.studyPatient?.pseudonym).toMatch(/^[0-9A-Z]{8}$/);
    expect(answer.studyPatient?.identity).toEqual({ lastName: hedwig.lastName, gender: 'FEMALE', street: hedwig.street, tentative: false });
    // The service keeps the oBDS code.
    const stored = (await service.database.db.selectFrom('patient').select('fields').execute()).find(
      (row) => row.fields.nachname === hedwig.lastName,
    );
    expect(stored?.fields).toMatchObject({ geschlecht: 'W', strasse: hedwig.street });
  });

  it('refuses invalid master data with the validators of the spec', async () => {
    const answer = await register({ ...person(), firstName: 'H3dwig', zip: '451', insuranceNumber: 'A123456789' });
    expect(answer.errors).toEqual([
      { code: 'INVALID_VALUE', message: 'Ungültiger Name', path: ['identity', 'firstName'] },
      { code: 'INVALID_VALUE', message: '5 Ziffern', path: ['identity', 'zip'] },
      { code: 'INVALID_VALUE', message: 'Ungültige KVNr.', path: ['identity', 'insuranceNumber'] },
    ]);
    const placeholder = await register({ ...person(), insuranceNumber: '970000011' });
    expect(placeholder.errors.map((e) => e.path)).toEqual([['identity', 'insuranceNumber']]);
    expect((await register({ ...person(), insuranceStatus: 'STATUTORY', insuranceNumber: '970000011' })).errors).toEqual([]);
    expect((await register({ ...person(), gender: undefined })).errors).toEqual([
      { code: 'INVALID_VALUE', message: 'Wird benötigt', path: ['identity', 'gender'] },
    ]);
  });

  it('reports a near-duplicate with its pseudonym, and registers it tentatively when confirmed', async () => {
    const first = { ...person(), insuranceStatus: 'NONE', insuranceNumber: undefined };
    const original = await register(first);
    const near = { ...first, zip: '45130' };
    const answer = await register(near);
    expect(answer.studyPatient).toBeNull();
    expect(answer.errors).toEqual([
      { code: 'MAINZELLISTE_UNSURE_MATCH', message: expect.stringMatching(new RegExp(`^${PREFIX} Unsichere Zuordnung`)), path: [] },
    ]);
    expect(answer.possibleDuplicate).toEqual({ pseudonym: original.studyPatient?.pseudonym, registered: true });
    const confirmed = await register(near, { confirmNewPatient: true });
    expect(confirmed.studyPatient?.identity).toEqual({
      lastName: near.lastName,
      gender: near.gender,
      street: near.street,
      tentative: true,
    });
  });

  it('refuses an insurance number that belongs to somebody whose other data differ', async () => {
    const owner = person();
    await register(owner);
    const answer = await register({ ...person(), lastName: owner.lastName, insuranceNumber: owner.insuranceNumber });
    expect(answer.errors).toEqual([
      {
        code: 'INSURANCE_NUMBER_MISMATCH',
        message: 'Versichertennummer und weitere Patientendaten passen nicht zusammen.',
        path: ['identity', 'insuranceNumber'],
      },
    ]);
  });
});

describe('identities of study patients', () => {
  // The patients by id: the study holds the patients of every other test of the run as well, so a page of it may not.
  const PATIENTS = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on StudyPatient { pseudonym identity { firstName lastName birthDate } } } }`;
  const auditCount = async (action: string) =>
    Number(
      (
        await service.database.db
          .selectFrom('audit_event')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('cost one read token and one service request per operation, and are null without the right', async () => {
    const people = [person(), person(), person()];
    const ids: string[] = [];
    for (const someone of people) ids.push((await register(someone)).studyPatient?.id ?? '');
    const { studyId } = await fixtures.location('1001');
    const before = { tokens: await auditCount('token.create'), reads: await auditCount('patient.read') };
    const read = await fixtures.graph<{ nodes: ({ pseudonym: string; identity: { lastName: string } | null } | null)[] }>(
      PATIENTS,
      { ids },
      physician,
    );
    expect({
      tokens: (await auditCount('token.create')) - before.tokens,
      reads: (await auditCount('patient.read')) - before.reads,
    }).toEqual({ tokens: 1, reads: 1 });
    expect(read.data.nodes.map((node) => node?.identity?.lastName)).toEqual(people.map((someone) => someone.lastName));

    // Billing reads neither identities nor patient contexts: the list still answers, without names and visits.
    const BILLING_PAGE = `query($studyId: ID!) { studyPatients(studyId: $studyId, first: 100) { edges { node { pseudonym identity { lastName } visits { id } } } } }`;
    const withoutRight = await fixtures.graph<{ studyPatients: { edges: { node: { identity: unknown; visits: unknown[] } }[] } }>(
      BILLING_PAGE,
      { studyId },
      accounting,
    );
    expect(withoutRight.data.studyPatients.edges.length).toBeGreaterThan(0);
    expect(withoutRight.data.studyPatients.edges.every((edge) => edge.node.identity === null && edge.node.visits.length === 0)).toBe(true);
  });

  it('cost the page (the viewer with it) and one read token; a page without identities asks for no read token', async () => {
    // Searched by its pseudonym: other suites enrol patients without identities in the same study at the same time.
    const { pseudonym } = (await register(person())).studyPatient ?? { pseudonym: '' };
    const { studyId } = await fixtures.location('1001');
    const VIEWER = 'viewer { rights locations { id } }';
    const LIST = `query($studyId: ID!, $search: String) { ${VIEWER} studyPatients(studyId: $studyId, first: 25, filter: { search: $search },
      orderBy: { field: REGISTRATION_DATE, descending: true }) { edges { node { pseudonym identity { lastName } location { id } visitSummaries { state } } } } }`;
    type Listed = { studyPatients: { edges: { node: { pseudonym: string; identity: { lastName: string } | null } }[] } };

    const tokens = await auditCount('token.create');
    const named = await fixtures.graph<Listed>(LIST, { studyId, search: pseudonym }, physician);
    expect(named.data.studyPatients.edges.map((edge) => edge.node.identity !== null)).toEqual([true]);
    expect(named.extensions?.upstreamCalls).toBe(2);
    expect((await auditCount('token.create')) - tokens).toBe(1);

    // A patient enrolled without an identity, alone on its page.
    const unnamed = await fixtures.graph<{ node: { pseudonym: string } }>(
      'query($id: ID!) { node(id: $id) { ... on StudyPatient { pseudonym } } }',
      { id: await fixtures.createPatient('1001') },
    );
    const alone = await fixtures.graph<Listed>(LIST, { studyId, search: unnamed.data.node.pseudonym }, physician);
    expect(alone.data.studyPatients.edges.map((edge) => edge.node)).toEqual([
      { pseudonym: unnamed.data.node.pseudonym, identity: null, location: expect.anything(), visitSummaries: [] },
    ]);
    expect(alone.extensions?.upstreamCalls).toBe(1);
    expect((await auditCount('token.create')) - tokens).toBe(1);
  });

  it('are read by the super administrator as by the physician: its read token covers every location (issue 18, defect 4)', async () => {
    const someone = person();
    const pseudonym = (await register(someone)).studyPatient?.pseudonym;
    const { studyId } = await fixtures.location('1001');
    const superadmin = (await harness.signIn('superadmin')).token;
    const FOUND = `query($studyId: ID!, $search: String) { studyPatients(studyId: $studyId, first: 1, filter: { search: $search }) {
      edges { node { identity { lastName } } } } }`;
    const name = async (token: string) =>
      (
        await fixtures.graph<{ studyPatients: { edges: { node: { identity: { lastName: string } | null } }[] } }>(
          FOUND,
          { studyId, search: pseudonym },
          token,
        )
      ).data.studyPatients.edges[0]?.node.identity?.lastName;
    expect(await name(physician)).toBe(someone.lastName);
    expect(await name(superadmin)).toBe(someone.lastName);
  });

  it('updates the master data at the service and logs the changed field names only', async () => {
    const registered = await register(person());
    const id = registered.studyPatient?.id ?? '';
    const masterData = (await harness.signIn('masterdatamanager')).token;
    type Updated = {
      changedFields: string[];
      errors: unknown[];
      studyPatient: {
        identity: { lastName: string; gender: string; street: string };
        masterDataChanges: { edges: { node: { variant: string; fieldNames: string[] } }[] };
      };
    };
    const street = `Kettwiger Straße ${randomInt(1, 300)}`;
    const update = await fixtures.graph<{ updatePatientMasterData: Updated }>(
      `mutation($input: UpdatePatientMasterDataInput!) { updatePatientMasterData(input: $input) { changedFields errors { code message }
        studyPatient { identity { lastName gender street } masterDataChanges { edges { node { variant fieldNames } } } } } }`,
      {
        input: {
          studyPatientId: id,
          identity: { ...person(), lastName: 'Neumann-Brandt', gender: 'DIVERSE', street, insuranceStatus: 'NONE' },
        },
      },
      masterData,
    );
    const payload = update.data.updatePatientMasterData;
    expect(payload.errors).toEqual([]);
    expect(payload.changedFields).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'birthDate', 'gender', 'street', 'insuranceNumber']),
    );
    expect(payload.studyPatient.identity).toEqual({ lastName: 'Neumann-Brandt', gender: 'DIVERSE', street });
    // The log takes the master data names of ecrf-calls.md §3: the street is `address`; never a value.
    const logged = payload.changedFields.map((name) => (name === 'street' ? 'address' : name)).sort();
    expect(payload.studyPatient.masterDataChanges.edges[0]?.node).toEqual({ variant: 'ML', fieldNames: logged });
    expect(JSON.stringify(payload.studyPatient.masterDataChanges)).not.toContain(street);
  });
});

describe('the answers of the service (ecrf-calls.md §5) as typed user errors', () => {
  /** Another gateway in front of the same backend, reaching the service at `mainzellisteUrl`. */
  async function gatewayTo(mainzellisteUrl: string) {
    const gateway = await createGateway(testGatewayConfig({ backendUrl: harness.backendUrl, mainzellisteUrl }));
    return { url: await gateway.listen(await freePort()), close: () => gateway.close() };
  }

  it('400: a name longer than the service takes', async () => {
    const answer = await register({ ...person(), lastName: `Brandt${word(200)}` });
    expect(answer.errors).toEqual([
      {
        code: 'MAINZELLISTE_BAD_REQUEST',
        message: `${PREFIX} Ungültige Eingabe (ein Pflichtfeld ist leer oder ein Datum hat das falsche Format).`,
        path: [],
      },
    ]);
  });

  it('401: a service that does not know the tokens of the backend', async () => {
    const other = await startService();
    const gateway = await gatewayTo(other.url);
    try {
      expect((await register(person(), { url: gateway.url })).errors).toEqual([
        { code: 'MAINZELLISTE_UNAUTHORIZED', message: `${PREFIX} Die Autorisierung ist fehlgeschlagen.`, path: [] },
      ]);
    } finally {
      await gateway.close();
      await other.close();
    }
  });

  it('404: no service answering; the registration is aborted', async () => {
    const gateway = await gatewayTo(`http://127.0.0.1:${await freePort()}`);
    try {
      expect((await register(person(), { url: gateway.url })).errors).toEqual([
        {
          code: 'MAINZELLISTE_NOT_FOUND',
          message: `${PREFIX} Der Dienst antwortet nicht. Die Patientenanlage wurde abgebrochen.`,
          path: [],
        },
      ]);
    } finally {
      await gateway.close();
    }
  });

  // Last: it takes the service's database away.
  it('500: the service has lost its database', async () => {
    await service.database.close();
    expect((await register(person())).errors).toEqual([
      { code: 'MAINZELLISTE_SERVER_ERROR', message: `${PREFIX} Interner Fehler des Dienstes.`, path: [] },
    ]);
  });
});
