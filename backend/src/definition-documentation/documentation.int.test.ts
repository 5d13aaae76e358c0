import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { pdfPages, pdfTags } from './pdf-text.test-support.js';

let backend: TestBackend;
let admin: { authorization: string };
let researcher: { authorization: string };
let definitionId: string;
beforeAll(async () => {
  backend = await createTestBackend();
  const user = await createTestUser(backend.database, { role: 'AdminMedSyn' });
  admin = bearer((await signIn(backend.app, user.userName, user.password)).token);
  const reader = await createTestUser(backend.database, { role: 'Researcher' });
  researcher = bearer((await signIn(backend.app, reader.userName, reader.password)).token);
  definitionId = (
    await backend.database.db.selectFrom('study_definition').select('id').where('identifier', '=', 'nngm_lung').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => backend.close());

const generate = (kind: string, headers = admin, language = 'de') =>
  backend.app.inject({ method: 'POST', url: `/api/v1.0/Documentation/${definitionId}/${language}/${kind}`, headers });

describe('functional documentation of the demo registry (ecrf-calls.md "Documentation")', () => {
  it('the functional design opens and describes visits, instruments, fields, enumerations and rules in German', async () => {
    const answer = await generate('funcionalDesign');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="nngm_lung-v2-funcionalDesign-de.pdf"');
    const text = (await pdfPages(new Uint8Array(answer.rawPayload))).join(' ');
    for (const expected of [
      'Funktionale Spezifikation',
      'Visite: Baseline (baseline)',
      'Visite: Follow-up (fu)',
      'Visite: DigiNet-Follow-up nach 24 Monaten (fu_24m)',
      'Instrument: Einwilligungen (consents)',
      'Instrument: Molekularpathologie (molecular)',
      'Instrument: Systemische Therapie (systemic_therapy)',
      'Diagnose (ICD-10-GM) (icd10)',
      'C34.1 = C34.1 Oberlappen (-Bronchus)',
      'Aufzählungen',
      'Sichtbar, wenn Feld „Änderungsgrund“ (change_reason) ist gleich „patientWithdrawal“',
      'Wert „IVB“, wenn Feld „M“ (tnm.m) ist gleich „1c“',
    ])
      expect(text, expected).toContain(expected);
  });

  it('the eCRF, the eCRF view and the complete documentation show the fields', async () => {
    const ecrf = (await pdfPages(new Uint8Array((await generate('ecrf')).rawPayload))).join(' ');
    expect(ecrf).toContain('eCRF (Erfassungsbögen)');
    expect(ecrf).toContain('Diagnosedatum *: __ . __ . ____');
    expect(ecrf).toContain('[ ] Nie-Raucher');
    const view = (await pdfPages(new Uint8Array((await generate('ecrf-view')).rawPayload))).join(' ');
    expect(view).toContain('PD-L1 TPS | pdl1_tps | Eingabefeld, Zahl, Einheit %');
    const complete = await pdfPages(new Uint8Array((await generate('complete')).rawPayload));
    const all = complete.join(' ');
    expect(all).toContain('Funktionale Spezifikation');
    expect(all).toContain('eCRF-Ansicht (Feldübersicht)');
    expect(complete.at(-1)).toContain(`Seite ${complete.length} von ${complete.length}`);
  });

  it('is a tagged PDF: marked, in German, its title shown, headings and paragraphs in reading order (issue 26 item 7)', async () => {
    const pdf = new Uint8Array((await generate('ecrf')).rawPayload);
    // Read before PDF.js takes the bytes over.
    const raw = Buffer.from(pdf).toString('latin1');
    const tags = await pdfTags(pdf);
    expect(tags.marked).toBe(true);
    expect(tags.roles.slice(0, 7)).toEqual(['Root', 'Document', 'H1', 'P', 'P', 'P', 'P']);
    // The eCRF part starts on the next page: its heading, the note on required fields, its first section
    expect(tags.roles.slice(7, 12)).toEqual(['Root', 'Document', 'H1', 'P', 'H2']);
    expect(raw).toMatch(/\/Lang \(de\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
  });

  it('needs the documentation right and an existing language', async () => {
    expect((await generate('ecrf', researcher)).statusCode).toBe(403);
    expect((await generate('ecrf', admin, 'fr')).statusCode).toBe(404);
  });
});
