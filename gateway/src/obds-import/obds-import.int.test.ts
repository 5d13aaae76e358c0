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

beforeAll(async () => {
  const started = await createService({ DATA_DIR: 'memory://', MAINZELLISTE_API_KEY: DEV_API_KEY, MAINZELLISTE_MATCHER: 'epilink' });
  service = { ...started, url: await started.app.listen({ port: await freePort(), host: '127.0.0.1' }) };
  harness = await startHarness({ mainzellisteUrl: service.url });
  physician = (await harness.signIn('physician')).token;
  fixtures = patientFixtures(harness, (await harness.signIn('superadmin')).token);
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
type ImportAnswer = {
  importObdsFile: {
    obdsImport: { id: string; fileName: string; patientCount: number; messageCount: number; reportUrl: string; messages: Message[] } | null;
    schemaErrors: { line: number; element: string | null; message: string }[];
    errors: { code: string; message: string; path: string[] }[];
  };
};
const MESSAGE = `id messageId patientPosition patientMatch studyPatient { id } outcome reason
  proposals { instrument therapyLine fields { path proposed current accepted } }`;
const IMPORT = `mutation($input: ImportObdsFileInput!) { importObdsFile(input: $input) {
  obdsImport { id fileName patientCount messageCount reportUrl messages { ${MESSAGE} } }
  schemaErrors { line element message } errors { code message path } } }`;
const DECIDE = `mutation($input: DecideObdsMessageInput!) { decideObdsMessage(input: $input) {
  message { ${MESSAGE} } errors { code message path } } }`;

async function importFile(content: string) {
  const { studyId } = await fixtures.location('1001');
  const answer = await harness.request<ImportAnswer>(IMPORT, { input: { studyId, fileName: 'klinik.xml', content } }, physician);
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data.importObdsFile;
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
    const refused = await importFile(
      file.replace('<Diagnosesicherung>7.2</Diagnosesicherung>', '<Diagnosesicherung>3</Diagnosesicherung>'),
    );
    expect(refused.obdsImport).toBeNull();
    expect(refused.schemaErrors[0]).toMatchObject({
      element: 'Diagnosesicherung',
      message: expect.stringMatching(/^Der Wert „3“ ist nicht zulässig; erlaubt sind '1', '2', '4'/),
    });
    expect(refused.errors).toEqual([
      { code: 'INVALID_VALUE', message: expect.stringMatching(/^Zeile \d+, Element „Diagnosesicherung“: Der Wert „3“/), path: ['content'] },
    ]);
    expect(await importCount()).toBe(before);

    const imported = await importFile(file);
    expect(imported.errors).toEqual([]);
    const messages = imported.obdsImport?.messages ?? [];
    expect(messages.map((m) => [m.messageId, m.patientPosition, m.patientMatch, m.studyPatient?.id ?? null, m.outcome])).toEqual([
      [`${tag}-D`, 1, 'DEFINITE', studyPatientId, 'PROPOSED'],
      [`${tag}-S`, 1, 'DEFINITE', studyPatientId, 'PROPOSED'],
      [`${tag}-B`, 1, 'DEFINITE', studyPatientId, 'NOT_APPLICABLE'],
      [`${tag}-U`, 2, 'NONE', null, 'UNMATCHED'],
    ]);
    expect(messages[2]?.reason).toBe('Der Tumor C50.4 wird im Register nicht erfasst (nur Lungenkarzinome C34).');
    const report = await fetch(`${harness.url}${imported.obdsImport?.reportUrl ?? ''}`);
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
    }>(
      'query($id: ID!) { obdsImport(id: $id) { messageCount messages { outcome decidedBy } } }',
      { id: imported.obdsImport?.id },
      physician,
    );
    expect(read.data?.obdsImport?.messageCount).toBe(4);
    expect(read.data?.obdsImport?.messages.map((m) => m.decidedBy)).toEqual(['physician', 'physician', null, null]);

    const again = await importFile(file);
    expect(again.obdsImport?.messages.map((m) => m.outcome)).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'UNMATCHED']);
    expect(again.obdsImport?.messages.every((m) => m.proposals.length === 0)).toBe(true);
  });
});
