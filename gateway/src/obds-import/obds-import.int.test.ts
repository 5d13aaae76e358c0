/**
 * The oBDS import in the graph against the real backend and the real pseudonymisation service: a file written for a
 * registered demo patient is refused when it breaks the XSD (nothing stored), imported (the patient found through the
 * check-match, the proposals beside the stored values), decided (the values written), and imported again without a
 * change; a non-lung tumour is not applicable, an unknown person unmatched.
 */
import { randomInt } from 'node:crypto';
import { kvnrCheckDigit } from '@ecrf/rules';
import { createService, DEV_API_KEY, type Service } from '@ecrf/mainzelliste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';
import { queryFixtures } from '../test-support/query-fixtures.js';
import { subscribe, wsClient } from '../test-support/subscriptions.js';
import { OBDS_BATCH_SIZE } from './obds-import-runner.js';
import {
  diagnosisReport,
  obdsFile,
  obdsMessage,
  systemicTherapyReport,
  tumourAssignment,
  type ObdsTestPerson,
} from '../test-support/obds-files.js';

let service: Service & { url: string };
let harness: Harness;
let fixtures: PatientFixtures;
let physician: string;
let queries: ReturnType<typeof queryFixtures>;

beforeAll(async () => {
  const started = await createService({ DATA_DIR: 'memory://', MAINZELLISTE_API_KEY: DEV_API_KEY, MAINZELLISTE_MATCHER: 'epilink' });
  service = { ...started, url: await started.app.listen({ port: await freePort(), host: '127.0.0.1' }) };
  harness = await startHarness({ mainzellisteUrl: service.url });
  physician = (await harness.signIn('physician')).token;
  const admin = (await harness.signIn('superadmin')).token;
  fixtures = patientFixtures(harness, admin);
  queries = queryFixtures(harness, admin);
});
afterAll(async () => {
  await harness?.close();
  await service?.app.close();
  await service?.database.close().catch(() => undefined);
});

const letters = 'abcdefghijklmnopqrstuvwxyz';
const name = (length: number): string => {
  const word = Array.from({ length }, () => letters.charAt(randomInt(26))).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
};
function kvnr(): string {
  const letter = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26));
  const digits = Array.from({ length: 8 }, () => String(randomInt(10))).join('');
  return `${letter}${digits}${kvnrCheckDigit(letter, digits)}`;
}
/** A person of its own: random names without a common prefix, a birth date of its own. */
const person = (): ObdsTestPerson => ({
  firstName: name(10),
  lastName: name(12),
  birthDate: `19${randomInt(30, 99)}-0${randomInt(1, 10)}-1${randomInt(0, 10)}`,
  gender: 'W',
  street: `Obdsweg ${randomInt(1, 300)}`,
  zip: '45127',
  city: 'Essen',
  insuranceNumber: kvnr(),
});

async function registered(someone: ObdsTestPerson): Promise<string> {
  const location = await fixtures.location('1001');
  const { data } = await fixtures.graph<{ registerPatient: { studyPatient: { id: string } | null; errors: unknown[] } }>(
    'mutation($input: RegisterPatientInput!) { registerPatient(input: $input) { studyPatient { id } errors { code message } } }',
    {
      input: {
        studyId: location.studyId,
        locationId: location.id,
        identity: {
          firstName: someone.firstName,
          lastName: someone.lastName,
          birthDate: someone.birthDate,
          gender: 'FEMALE',
          street: someone.street,
          zip: someone.zip,
          city: someone.city,
          insuranceStatus: 'STATUTORY_KNOWN',
          insuranceNumber: someone.insuranceNumber,
        },
      },
    },
    physician,
  );
  const id = data.registerPatient.studyPatient?.id;
  if (!id) throw new Error(`registerPatient: ${JSON.stringify(data.registerPatient.errors)}`);
  return id;
}

type Field = { path: string; proposed: string[]; current: string[]; accepted: boolean | null };
type Message = {
  id: string;
  messageId: string;
  patientPosition: number;
  patientMatch: string;
  studyPatient: { id: string } | null;
  outcome: string;
  reason: string | null;
  proposals: { instrument: string; therapyLine: string | null; fields: Field[] }[];
};
type Import = { id: string; fileName: string; patientCount: number; messageCount: number; reportUrl: string; messages: Message[] };
type Update = { obdsImportUpdated: { eventId: string; obdsImport: { id: string; status: string; patientsDone: number } } };
const MESSAGE = `id messageId patientPosition patientMatch studyPatient { id } outcome reason
  proposals { instrument therapyLine fields { path proposed current accepted } }`;
const DECIDE = `mutation($input: DecideObdsMessageInput!) { decideObdsMessage(input: $input) {
  message { ${MESSAGE} } errors { code message path } } }`;

/** Posts the file to the upload route as the web does (multipart, bearer token). */
async function upload(content: string | Uint8Array, options: { token?: string; studyId?: string; field?: string } = {}) {
  const studyId = options.studyId ?? (await fixtures.location('1001')).studyId;
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([content], { type: 'application/xml' }), 'klinik.xml');
  const response = await fetch(`${harness.url}/uploads/obds?studyId=${encodeURIComponent(studyId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token ?? physician}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { obdsImportId?: string } };
}

/** Uploads the file, follows its progress through `obdsImportUpdated` until it ends, and reads the import. */
async function importFile(content: string): Promise<{ obdsImport: Import; progress: [string, number][] }> {
  const { studyId } = await fixtures.location('1001');
  const client = wsClient(harness.url, physician);
  const updates = subscribe<Update>(
    client,
    'subscription($studyId: ID!, $after: String) { obdsImportUpdated(studyId: $studyId, after: $after) { eventId obdsImport { id status patientsDone } } }',
    { studyId, after: await queries.eventHead() },
  );
  try {
    const started = await upload(content);
    expect(started.status).toBe(202);
    const id = started.body.obdsImportId;
    const mine = () => updates.received.map((r) => r.data?.obdsImportUpdated.obdsImport).filter((i) => i?.id === id);
    for (let seen = 1; !mine().some((i) => i?.status === 'DONE' || i?.status === 'FAILED'); seen += 1) await updates.waitFor(seen);
    const answer = await harness.request<{ obdsImport: Import }>(
      `query($id: ID!) { obdsImport(id: $id) { id fileName patientCount messageCount reportUrl messages { ${MESSAGE} } } }`,
      { id },
      physician,
    );
    if (!answer.data?.obdsImport) throw new Error(JSON.stringify(answer.errors));
    return { obdsImport: answer.data.obdsImport, progress: mine().map((i) => [i?.status ?? '', i?.patientsDone ?? -1]) };
  } finally {
    await updates.close();
    await client.dispose();
  }
}

async function importCount(): Promise<number> {
  const { studyId } = await fixtures.location('1001');
  const answer = await harness.request<{ obdsImports: { totalCount: number } }>(
    'query($studyId: ID!) { obdsImports(studyId: $studyId) { totalCount } }',
    { studyId },
    physician,
  );
  return answer.data?.obdsImports.totalCount ?? -1;
}

describe('importObdsFile and decideObdsMessage', () => {
  it('finds a registered demo patient by the identity of the file, proposes, writes the accepted values, and changes nothing the second time', async () => {
    const erika = person();
    const studyPatientId = await registered(erika);
    const baseline = await fixtures.createVisit(studyPatientId, 'baseline', '2024-03-10');
    expect(baseline.errors).toEqual([]);
    const tag = name(6).toUpperCase();
    const lung = tumourAssignment('C34.1', '2024-03-05');
    const file = obdsFile([
      {
        person: erika,
        messages: [
          obdsMessage(`${tag}-D`, lung, diagnosisReport({ t: '2a', n: '1', m: '0', uicc: 'IIB' })),
          obdsMessage(`${tag}-S`, lung, systemicTherapyReport({ start: '2024-04-02', end: '2024-08-20', type: 'CI', atc: ['L01XC18'] })),
          obdsMessage(`${tag}-B`, tumourAssignment('C50.4', '2023-01-10'), diagnosisReport({ t: '1', n: '0', m: '0', uicc: 'I' }, '0')),
        ],
      },
      { person: person(), messages: [obdsMessage(`${tag}-U`, lung, diagnosisReport({ t: '1a', n: '0', m: '0', uicc: 'IA1' }))] },
    ]);

    // A file the schema refuses is answered with its German messages, and nothing is stored.
    const before = await importCount();
    const refused = await upload(file.replace('<Diagnosesicherung>7.2</Diagnosesicherung>', '<Diagnosesicherung>3</Diagnosesicherung>'));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: 'Die Datei entspricht nicht dem oBDS-Schema 3.0.4.', code: 'INVALID_VALUE' });
    expect((refused.body.schemaErrors as unknown[])[0]).toMatchObject({
      element: 'Diagnosesicherung',
      message: expect.stringMatching(/^Der Wert „3“ ist nicht zulässig; erlaubt sind '1', '2', '4'/),
    });
    expect(refused.body.errors).toEqual([
      { code: 'INVALID_VALUE', message: expect.stringMatching(/^Zeile \d+, Element „Diagnosesicherung“: Der Wert „3“/), path: ['file'] },
    ]);
    expect(await importCount()).toBe(before);

    const { obdsImport: imported, progress } = await importFile(file);
    // Two patients fit in one batch: started, then done with both.
    expect(progress).toEqual([
      ['QUEUED', 0],
      ['DONE', 2],
    ]);
    const messages = imported.messages;
    expect(messages.map((m) => [m.messageId, m.patientPosition, m.patientMatch, m.studyPatient?.id ?? null, m.outcome])).toEqual([
      [`${tag}-D`, 1, 'DEFINITE', studyPatientId, 'PROPOSED'],
      [`${tag}-S`, 1, 'DEFINITE', studyPatientId, 'PROPOSED'],
      [`${tag}-B`, 1, 'DEFINITE', studyPatientId, 'NOT_APPLICABLE'],
      [`${tag}-U`, 2, 'NONE', null, 'UNMATCHED'],
    ]);
    expect(messages[2]?.reason).toBe('Der Tumor C50.4 wird im Register nicht erfasst (nur Lungenkarzinome C34).');
    const report = await fetch(`${harness.url}${imported.reportUrl}`);
    expect(report.status).toBe(200);
    const rows = (await report.text()).trim().split('\r\n');
    expect(rows.map((row) => row.split(';').slice(2, 7))).toEqual([
      ['Abgleich', 'Meldung_ID', 'Meldungsart', 'ICD-10', 'Ergebnis'],
      ['gefunden', `${tag}-D`, 'Diagnose', 'C34.1', 'Vorschlag'],
      ['gefunden', `${tag}-S`, 'SYST', 'C34.1', 'Vorschlag'],
      ['gefunden', `${tag}-B`, 'Diagnose', 'C50.4', 'nicht zutreffend'],
      ['nicht gefunden', `${tag}-U`, 'Diagnose', 'C34.1', 'Person nicht eindeutig gefunden'],
    ]);
    // The report names the patients by their place in the file, never by the identity of the file.
    expect(rows.join('\n')).not.toContain(erika.lastName);
    const [diagnosis, therapy] = messages;
    if (!diagnosis || !therapy) throw new Error('messages missing');
    const t = diagnosis.proposals.find((p) => p.instrument === 'staging')?.fields.find((f) => f.path === 'tnm.t');
    expect(t).toEqual({ path: 'tnm.t', proposed: ['2a'], current: [], accepted: null });

    const decided = await harness.request<{ decideObdsMessage: { message: Message | null; errors: unknown[] } }>(
      DECIDE,
      { input: { messageId: diagnosis.id } },
      physician,
    );
    expect(decided.data?.decideObdsMessage.errors).toEqual([]);
    const after = decided.data?.decideObdsMessage.message?.proposals
      .find((p) => p.instrument === 'staging')
      ?.fields.find((f) => f.path === 'tnm.t');
    expect(after).toEqual({ path: 'tnm.t', proposed: ['2a'], current: ['2a'], accepted: true });
    const twice = await harness.request<{ decideObdsMessage: { message: Message | null; errors: { code: string; message: string }[] } }>(
      DECIDE,
      { input: { messageId: diagnosis.id } },
      physician,
    );
    expect(twice.data?.decideObdsMessage).toEqual({
      message: null,
      errors: [{ code: 'ALREADY_EXISTS', message: 'Über diese Meldung wurde bereits entschieden.', path: [] }],
    });
    const line = await harness.request<{ decideObdsMessage: { message: Message | null } }>(
      DECIDE,
      {
        input: {
          messageId: therapy.id,
          fields: [
            { instrument: 'systemic_therapy', path: 'start' },
            { instrument: 'systemic_therapy', path: 'therapy_type' },
          ],
        },
      },
      physician,
    );
    const lineFields = line.data?.decideObdsMessage.message?.proposals[0];
    expect(lineFields?.therapyLine).toBe('1');
    expect(lineFields?.fields.map((f) => [f.path, f.current, f.accepted])).toEqual([
      ['intention', [], false],
      ['relation_to_surgery', [], false],
      ['therapy_type', ['CI'], true],
      ['substances', [], false],
      ['start', ['2024-04-02'], true],
      ['end', [], false],
      ['end_reason', [], false],
    ]);

    const read = await harness.request<{
      obdsImport: { messageCount: number; messages: { outcome: string; decidedBy: string | null }[] } | null;
    }>('query($id: ID!) { obdsImport(id: $id) { messageCount messages { outcome decidedBy } } }', { id: imported.id }, physician);
    expect(read.data?.obdsImport?.messageCount).toBe(4);
    expect(read.data?.obdsImport?.messages.map((m) => m.decidedBy)).toEqual(['physician', 'physician', null, null]);

    const again = (await importFile(file)).obdsImport;
    expect(again.messages.map((m) => m.outcome)).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'UNMATCHED']);
    expect(again.messages.every((m) => m.proposals.length === 0)).toBe(true);
  });
});

describe('POST /uploads/obds', () => {
  it('hands a file of more patients than a batch over in steps, each announced with its progress', async () => {
    const lung = tumourAssignment('C34.1', '2024-03-05');
    const tag = name(6).toUpperCase();
    const count = OBDS_BATCH_SIZE + 2;
    const file = obdsFile(
      Array.from({ length: count }, (_, index) => ({
        person: person(),
        messages: [obdsMessage(`${tag}-${index}`, lung, diagnosisReport({ t: '1a', n: '0', m: '0', uicc: 'IA1' }))],
      })),
    );
    const { obdsImport, progress } = await importFile(file);
    expect(progress).toEqual([
      ['QUEUED', 0],
      ['RUNNING', OBDS_BATCH_SIZE],
      ['DONE', count],
    ]);
    expect(obdsImport.messages.map((m) => m.patientPosition)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it('refuses without a token, without the documentation right, without a file, a file above 50 MB and an unknown study, in German', async () => {
    const xml = obdsFile([{ person: person(), messages: [] }]);
    expect(await upload(xml, { token: 'kein-token' })).toMatchObject({ status: 401 });
    const researcher = (await harness.signIn('researcher')).token;
    expect(await upload(xml, { token: researcher })).toEqual({
      status: 403,
      body: { message: 'Ihnen fehlt das Recht InstrumentUpdateCmd (oBDS-Import).', code: 'FORBIDDEN' },
    });
    expect(await upload(xml, { field: 'datei' })).toEqual({
      status: 400,
      body: { message: 'Bitte eine oBDS-Datei (XML) im Feld „file“ senden.', code: 'INVALID_VALUE' },
    });
    expect(await upload(new Uint8Array(50 * 1024 * 1024 + 1))).toEqual({
      status: 413,
      body: { message: 'Die Datei ist größer als 50 MB. Bitte die Meldungen auf mehrere Dateien verteilen.', code: 'FILE_TOO_LARGE' },
    });
    expect(await upload(xml, { studyId: 'keine-studie' })).toMatchObject({
      status: 400,
      body: { message: 'Die Studie (studyId) ist keine gültige Studien-Id.' },
    });
  });
});

describe('an import longer than the uploader’s access token', () => {
  // A backend whose access tokens live 3 seconds: a file of 500 patients (at least 10 s, at 20 ms or more each) outlives one.
  let short: Harness;
  let studyId: string;
  beforeAll(async () => {
    short = await startHarness({ mainzellisteUrl: service.url, backendEnv: { ACCESS_TOKEN_TTL_MINUTES: '0.05' } });
    studyId = (await patientFixtures(short, (await short.signIn('superadmin')).token).location('1001')).studyId;
  });
  afterAll(() => short?.close());

  type Progress = { status: string; patientsDone: number; failureReason: string | null };
  /** The import as a fresh sign-in sees it (every token of this backend is short-lived). */
  async function progressOf(id: string): Promise<Progress> {
    const answer = await short.request<{ obdsImport: Progress }>(
      'query($id: ID!) { obdsImport(id: $id) { status patientsDone failureReason } }',
      { id },
      (await short.signIn('physician')).token,
    );
    if (!answer.data?.obdsImport) throw new Error(JSON.stringify(answer.errors));
    return answer.data.obdsImport;
  }
  const expiryOf = (token: string): number =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp * 1000;

  it('completes on the import’s job credential after the token expired mid-file', async () => {
    const lung = tumourAssignment('C34.1', '2024-03-05');
    const tag = name(6).toUpperCase();
    const count = 500;
    const file = obdsFile(
      Array.from({ length: count }, (_, index) => ({
        person: person(),
        messages: [obdsMessage(`${tag}-${index}`, lung, diagnosisReport({ t: '1a', n: '0', m: '0', uicc: 'IA1' }))],
      })),
    );
    const { token } = await short.signIn('physician');
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'application/xml' }), 'lang.xml');
    const response = await fetch(`${short.url}/uploads/obds?studyId=${encodeURIComponent(studyId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(202);
    const id = ((await response.json()) as { obdsImportId: string }).obdsImportId;

    // The uploader's token ends while the runner is still in the file …
    await new Promise((resolve) => setTimeout(resolve, expiryOf(token) - Date.now() + 500));
    const viewer = await short.request<unknown>('query { viewer { user { id } } }', {}, token);
    expect(viewer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const atExpiry = await progressOf(id);
    expect(atExpiry.status).not.toBe('DONE');
    expect(atExpiry.patientsDone).toBeLessThan(count);

    // … and the runner carries on to the end.
    let now = atExpiry;
    while (now.status === 'QUEUED' || now.status === 'RUNNING') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      now = await progressOf(id);
    }
    expect(now).toEqual({ status: 'DONE', patientsDone: count, failureReason: null });
  }, 120_000);
});
