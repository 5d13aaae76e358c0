import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import type { InstrumentDto } from '../../patient-documentation/patient-documents.js';
import {
  api,
  createCompleteFollowUp,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  fieldAt,
  fieldDefinitionId,
  valueField,
  type DemoRegistry,
} from '../../test-support/documentation-fixtures.js';
import { TEST_PASSWORD, createTestBackend, createTestUser, signIn, type TestBackend } from '../../test-support/test-backend.js';
import type { ExportScope } from '../../export-content/export-content.js';
import { writeOdmExport } from './odm-export.js';

const SCHEMA_DIR = new URL('../../../test-fixtures/odm-1.3.2/', import.meta.url);
const REASON = 'Tippfehler im ICD-10-Code korrigiert';

let backend: TestBackend;
let registry: DemoRegistry;
let schema: XMLFileInfo;
let imports: XMLFileInfo[];
let document: string;
let progress: [number, number][];
let inScope: { pseudonym: string; signer: string };
let outOfScope: string;

const pseudonymOf = async (studyPatientId: string) =>
  (
    await backend.database.db
      .selectFrom('study_patient as sp')
      .innerJoin('patient as p', 'p.id', 'sp.patient_id')
      .select('p.pseudonym')
      .where('sp.id', '=', studyPatientId)
      .executeTakeFirstOrThrow()
  ).pseudonym;

const validate = (xml: string) => validateXML({ xml: { fileName: 'export.xml', contents: xml }, schema, preload: imports });

/** The text of the element `name` around the first occurrence of `marker` (its start tag, or text inside it). */
function elementWith(xml: string, name: string, marker: string): string {
  const start = xml.indexOf(marker);
  const open = xml.lastIndexOf(`<${name}`, start);
  const close = xml.indexOf(`</${name}>`, start);
  return open < 0 || start < 0 || close < 0 ? '' : xml.slice(open, close + name.length + 3);
}

beforeAll(async () => {
  const read = async (fileName: string): Promise<XMLFileInfo> => ({ fileName, contents: await readFile(new URL(fileName, SCHEMA_DIR)) });
  schema = await read('ODM1-3-2.xsd');
  imports = await Promise.all(['ODM1-3-2-foundation.xsd', 'xml.xsd', 'xmldsig-core-schema.xsd'].map(read));
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const doctor = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001', '2002'] });
  const physician = api(backend.app, (await signIn(backend.app, doctor.userName, doctor.password)).token);
  const diag = (path: string) => fieldDefinitionId(registry.index, 'diagnosis', path);

  // In scope (1001): a documented diagnosis, corrected with a reason, and a signed follow-up visit.
  const documented = await createPatientWithBaseline(physician, registry, '1001', '2023-02-01');
  const diagnosis = await createInstrument(physician, registry, documented.studyPatientId, documented.baseline.id, 'diagnosis', [
    valueField(diag('diag_date'), '2023-01-20'),
    valueField(diag('icd10'), 'C34.1'),
    valueField(diag('morphology'), '8140/3'),
  ]);
  const icd10 = fieldAt(registry.index, diagnosis.fields, 'icd10');
  const corrected = await physician.send<InstrumentDto>('PUT', `Instrument/${diagnosis.id}`, {
    version: diagnosis.version,
    fields: [valueField(diag('icd10'), 'C34.3', icd10?.id)],
    reasonForChange: REASON,
  });
  expect(corrected.status).toBe(200);
  // Only a complete visit can be signed: a follow-up documented completely.
  const complete = await createCompleteFollowUp(physician, registry, documented.studyPatientId, '2023-05-02');
  const signed = await physician.send<{ success: boolean }>('POST', `Visit/${complete.id}/sign`, { password: TEST_PASSWORD });
  expect(signed.body.success).toBe(true);
  // Two follow-ups (a repeating visit), the first with a date known to the month only.
  for (const fuDate of ['2023-08-XX', '2024-02-10']) {
    const followUp = await physician.send('POST', 'Visit', {
      studyPatientId: documented.studyPatientId,
      definitionId: registry.index.visitByIdentifier.get('fu')?.id,
      fields: [valueField(fieldDefinitionId(registry.index, 'fu', 'fu_date'), fuDate)],
    });
    expect(followUp.status).toBe(201);
  }
  inScope = { pseudonym: await pseudonymOf(documented.studyPatientId), signer: doctor.userName };
  // Out of scope (2002).
  outOfScope = await pseudonymOf((await createPatientWithBaseline(physician, registry, '2002')).studyPatientId);

  const scope: ExportScope = {
    studyId: registry.studyId,
    locationIds: [registry.locationOf('1001')],
    parameters: {},
    startedAt: new Date('2025-03-04T05:06:07.000Z'),
    startedBy: { id: doctor.id, userName: doctor.userName },
  };
  const file = join(await mkdtemp(join(tmpdir(), 'ecrf-odm-')), 'export.xml');
  const out = createWriteStream(file);
  progress = [];
  await writeOdmExport({ db: backend.database.db, scope }, out, (done, total) => progress.push([done, total]));
  out.end();
  await finished(out);
  document = await readFile(file, 'utf8');
});
afterAll(() => backend.close());

describe('the ODM 1.3.2 export', () => {
  it('is valid against the official ODM 1.3.2 schema', async () => {
    const result = await validate(document);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document).toContain('ODMVersion="1.3.2"');
    expect(document).toContain('CreationDateTime="2025-03-04T05:06:07.000Z"');
  });

  it('holds a SubjectData for every live patient of the locations in scope and none of other locations', async () => {
    const expected = await backend.database.db
      .selectFrom('study_patient as sp')
      .innerJoin('patient as p', 'p.id', 'sp.patient_id')
      .select('p.pseudonym')
      .where('sp.study_id', '=', registry.studyId)
      .where('sp.study_institute_id', '=', registry.locationOf('1001'))
      .where('sp.is_deleted', '=', false)
      .where('p.is_deleted', '=', false)
      .execute();
    const subjectKeys = [...document.matchAll(/<SubjectData SubjectKey="([^"]+)"/g)].map((m) => m[1]);
    expect(subjectKeys.sort()).toEqual(expected.map((row) => row.pseudonym).sort());
    expect(subjectKeys).toContain(inScope.pseudonym);
    expect(subjectKeys).not.toContain(outOfScope);
    expect(document).toContain('<Location OID="L.1001"');
    expect(document).not.toContain('<Location OID="L.2002"');
    expect(progress.at(-1)).toEqual([expected.length, expected.length]);
  });

  it('describes the definition: visits, instruments, items with German questions and code lists', () => {
    expect(document).toContain('<StudyEventDef OID="SE.visit.baseline"');
    expect(document).toContain('<FormRef FormOID="F.instrument.diagnosis"');
    const icd10 = elementWith(document, 'ItemDef', '<ItemDef OID="I.instrument.diagnosis.icd10"');
    expect(icd10).toContain('<TranslatedText xml:lang="de">');
    expect(elementWith(document, 'ItemGroupDef', '<ItemGroupDef OID="IG.instrument.staging.tnm"')).toContain(
      'ItemOID="I.instrument.staging.tnm.t"',
    );
    expect(elementWith(document, 'CodeList', '<CodeList OID="CL.yes_no"')).toContain('<TranslatedText xml:lang="de">Ja</TranslatedText>');
  });

  it('carries the audit record of the correction with its reason, and the signature of the visit', () => {
    const subject = elementWith(document, 'SubjectData', `SubjectKey="${inScope.pseudonym}"`);
    const icd10 = elementWith(subject, 'ItemData', 'ItemOID="I.instrument.diagnosis.icd10"');
    expect(icd10).toContain('Value="C34.3"');
    expect(icd10).toContain(`<UserRef UserOID="U.${inScope.signer.toLowerCase()}"/>`);
    expect(icd10).toContain('<LocationRef LocationOID="L.1001"/>');
    expect(icd10).toContain(`<ReasonForChange>${REASON}</ReasonForChange>`);
    expect(icd10).toMatch(/<SourceID>audit_trail\/\d+<\/SourceID>/);
    const signature = elementWith(subject, 'Signature', '<Signature>');
    expect(signature).toContain(`<UserRef UserOID="U.${inScope.signer.toLowerCase()}"/>`);
    expect(signature).toMatch(/<SignatureRef SignatureOID="SIG\.\d+"\/>/);
    expect(document).toContain(`<LoginName>${inScope.signer}</LoginName>`);
    expect(document).toContain('<Meaning>Die Richtigkeit und Vollständigkeit der Daten dieser Visite wird bestätigt.</Meaning>');
  });

  it('numbers repeated visits and writes partial dates as ODM partialDate', () => {
    const subject = elementWith(document, 'SubjectData', `SubjectKey="${inScope.pseudonym}"`);
    // Repeat 1 is the complete, signed follow-up.
    const first = elementWith(subject, 'StudyEventData', 'StudyEventOID="SE.visit.fu" StudyEventRepeatKey="2"');
    const second = elementWith(subject, 'StudyEventData', 'StudyEventOID="SE.visit.fu" StudyEventRepeatKey="3"');
    expect(first).toContain('<ItemData ItemOID="I.visit.fu.fu_date" Value="2023-08">');
    expect(second).toContain('<ItemData ItemOID="I.visit.fu.fu_date" Value="2024-02-10">');
    expect(subject).toContain('<StudyEventData StudyEventOID="SE.visit.baseline">');
  });

  it('is refused by the schema when a required element is missing', async () => {
    const broken = document.replace(/<LocationRef LocationOID="[^"]+"\/>/, '');
    expect(broken).not.toBe(document);
    const result = await validate(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.message).join('\n')).toContain('LocationRef');
  });
});
