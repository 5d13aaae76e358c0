import { randomUUID } from 'node:crypto';
import type { ObdsMessage } from '@ecrf/rules/obds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentDto, VisitDto } from '../patient-documentation/patient-documents.js';
import {
  api,
  createCompleteFollowUp,
  createPatientWithBaseline,
  demoRegistry,
  fieldAt,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { bearer, createTestBackend, createTestUser, createUserWithRights, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { ObdsImportDto, ObdsImportSummary, ObdsMessageRecord } from './obds-import.schemas.js';
import { OBDS_IMPORT_LEASE_MS } from './obds-import-job.js';

let backend: TestBackend;
let registry: DemoRegistry;
let documentalist: Api;
let reader: Api;
let documentalistHeaders: Record<string, string>;
let documentalistName: string;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const doku = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  const elsewhere = await createTestUser(backend.database, { role: 'Physician', institutes: ['2002'] });
  const token = (await signIn(backend.app, doku.userName, doku.password)).token;
  documentalist = api(backend.app, token);
  documentalistName = doku.userName;
  documentalistHeaders = bearer(token);
  reader = api(backend.app, (await signIn(backend.app, elsewhere.userName, elsewhere.password)).token);
});
afterAll(() => backend.close());

const tumour = (icd10: string): ObdsMessage['tumour'] => ({
  tumourId: '1',
  icd10,
  diagnosisDate: { value: '2024-03-05', accuracy: 'E' },
  laterality: 'R',
  morphology: { code: '8140/3', version: '33' },
});

const diagnosis = (id: string, icd10 = 'C34.1'): ObdsMessage => ({
  messageId: id,
  tumour: tumour(icd10),
  report: {
    kind: 'Diagnose',
    topography: { code: 'C34.1', version: '33' },
    certainty: '7.2',
    histology: null,
    cTnm: { date: null, version: '8', ySymbol: false, prefixT: 'c', t: '2a', prefixN: 'c', n: '1', prefixM: 'c', m: '0', uicc: 'IIB' },
    pTnm: null,
    metastasisSites: [],
    performance: '1',
  },
});

const therapy = (id: string, occasion: 'behandlungsbeginn' | 'behandlungsende'): ObdsMessage => ({
  messageId: id,
  tumour: tumour('C34.1'),
  report: {
    kind: 'SYST',
    occasion,
    intention: 'P',
    relationToSurgery: 'O',
    therapyType: 'CI',
    start: { value: '2024-04-02', accuracy: 'E' },
    substances: ['L01XC18', 'L01BA04'],
    end: occasion === 'behandlungsende' ? '2024-08-20' : null,
    endReason: occasion === 'behandlungsende' ? 'E' : null,
  },
});

const progression = (id: string, date: string, overall: string): ObdsMessage => ({
  messageId: id,
  tumour: tumour('C34.1'),
  report: {
    kind: 'Verlauf',
    occasion: 'statusaenderung',
    examinationDate: date,
    overall,
    localStatus: 'T',
    lymphNodeStatus: null,
    metastasisStatus: null,
    tnm: null,
    metastasisSites: [],
    performance: '2',
  },
});

const death = (id: string, date: string): ObdsMessage => ({
  messageId: id,
  tumour: tumour('C34.1'),
  report: { kind: 'Tod', deathDate: date, tumourRelated: 'J', causes: ['C34.1', 'J18.9'] },
});

const board = (id: string, date: string): ObdsMessage => ({
  messageId: id,
  tumour: tumour('C34.1'),
  report: {
    kind: 'Tumorkonferenz',
    occasion: 'diagnose',
    date: { value: date, accuracy: 'E' },
    boardType: 'praeth',
    recommendations: ['CI'],
    patientDeviation: null,
  },
});

type Patient = { position: number; match: 'definite' | 'possible' | 'none'; studyPatientId: string | null; messages: unknown[] };

/** The gateway's way: start the import, hand its patients over in one batch, read it. */
async function importFile(client: Api, patients: Patient[]): Promise<{ status: number; body: ObdsImportDto }> {
  const messageCount = patients.reduce((sum, p) => sum + p.messages.length, 0);
  const started = await client.send<ObdsImportSummary>('POST', 'ObdsImport', {
    studyId: registry.studyId,
    fileName: 'klinik.xml',
    patientCount: patients.length,
    messageCount,
  });
  if (started.status !== 201) return started as unknown as { status: number; body: ObdsImportDto };
  const batch = await client.send<ObdsImportSummary>('POST', `ObdsImport/${started.body.id}/patients`, { patients });
  if (batch.status !== 200) return batch as unknown as { status: number; body: ObdsImportDto };
  return { status: 201, body: (await client.get<ObdsImportDto>(`ObdsImport/${started.body.id}`)).body };
}

const decide = (client: Api, imported: ObdsImportDto, message: ObdsMessageRecord, fields?: { instrument: string; path: string }[]) =>
  client.send<ObdsMessageRecord>('POST', `ObdsImport/${imported.id}/message/${message.id}/decide`, fields ? { fields } : {});

async function baselineOf(client: Api, baselineId: string): Promise<VisitDto & { instruments: InstrumentDto[] }> {
  return (await client.get<VisitDto & { instruments: InstrumentDto[] }>(`Visit/${baselineId}`)).body;
}

const valueAt = (instrument: InstrumentDto | undefined, path: string) =>
  instrument ? (fieldAt(registry.index, instrument.fields, path)?.values.map((v) => v.value) ?? []) : [];

describe('oBDS import: proposals, acceptance through the documentation write, repeated import', () => {
  it('proposes a demo patient’s diagnosis, TNM and therapy line, writes the accepted values with the import as reason, and takes a repeated Meldung_ID once', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(documentalist, registry);
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const messages = [diagnosis(`${prefix}-D`), therapy(`${prefix}-S1`, 'behandlungsbeginn'), therapy(`${prefix}-S2`, 'behandlungsende')];
    const first = await importFile(documentalist, [{ position: 1, match: 'definite', studyPatientId, messages }]);
    expect(first.status).toBe(201);
    expect(first.body.messages.map((m) => [m.messageId, m.outcome])).toEqual(messages.map((m) => [m.messageId, 'proposed']));
    const [diagnosisMessage, started, ended] = first.body.messages;
    if (!diagnosisMessage || !started || !ended) throw new Error('messages missing');
    expect(diagnosisMessage.proposals.map((p) => p.instrument)).toEqual(['diagnosis', 'staging', 'performance']);
    const icd = diagnosisMessage.proposals[0]?.fields.find((f) => f.path === 'icd10');
    expect(icd).toMatchObject({ label: 'Diagnose (ICD-10-GM)', proposed: ['C34.1'], current: [], accepted: null });
    const t = diagnosisMessage.proposals[1]?.fields.find((f) => f.path === 'tnm.t');
    expect(t).toMatchObject({ proposed: ['2a'], proposedText: ['T2a'], current: [], currentText: [] });

    // Accept all but the performance status.
    const accepted = await decide(
      documentalist,
      first.body,
      diagnosisMessage,
      diagnosisMessage.proposals
        .filter((p) => p.instrument !== 'performance')
        .flatMap((p) => p.fields.map((f) => ({ instrument: p.instrument, path: f.path }))),
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.proposals[0]?.fields.find((f) => f.path === 'icd10')).toMatchObject({ current: ['C34.1'], accepted: true });
    expect(accepted.body.proposals[2]?.fields.every((f) => f.accepted === false)).toBe(true);
    const again = await decide(documentalist, first.body, diagnosisMessage);
    expect(again).toMatchObject({ status: 409, body: { message: 'Über diese Meldung wurde bereits entschieden.' } });

    // The start report makes a new line 1; the end report completes the same line.
    expect((await decide(documentalist, first.body, started)).status).toBe(200);
    const afterStart = await documentalist.get<ObdsImportDto>(`ObdsImport/${first.body.id}`);
    const endProposal = afterStart.body.messages[2]?.proposals[0];
    expect(endProposal).toMatchObject({ therapyLine: '1' });
    expect(endProposal?.fields.find((f) => f.path === 'start')).toMatchObject({ proposed: ['2024-04-02'], current: ['2024-04-02'] });
    expect((await decide(documentalist, first.body, ended)).status).toBe(200);

    const visit = await baselineOf(documentalist, baseline.id);
    const instrument = (identifier: string) => visit.instruments.find((i) => i.identifier === identifier && !i.isDeleted);
    expect(valueAt(instrument('diagnosis'), 'icd10')).toEqual(['C34.1']);
    expect(valueAt(instrument('diagnosis'), 'diag_date')).toEqual(['2024-03-05']);
    expect(valueAt(instrument('staging'), 'tnm.t')).toEqual(['2a']);
    expect(valueAt(instrument('staging'), 'uicc_stage')).toEqual(['IIB']);
    expect(instrument('performance')).toBeUndefined();
    const lines =
      fieldAt(registry.index, instrument('systemic_therapy')?.fields ?? [], 'therapy_lines')?.childFields.filter((f) => !f.isDeleted) ?? [];
    expect(lines).toHaveLength(1);
    const line = (path: string) => fieldAt(registry.index, lines[0]?.childFields ?? [], path)?.values.map((v) => v.value);
    expect([line('line_no'), line('therapy_type'), line('start'), line('end'), line('end_reason'), line('substances')]).toEqual([
      ['1'],
      ['CI'],
      ['2024-04-02'],
      ['2024-08-20'],
      ['E'],
      ['L01XC18, L01BA04'],
    ]);

    // The audit trail names the import as the reason of every write.
    const audit = await backend.database.db
      .selectFrom('audit_trail')
      .select(['record_id', 'reason', 'operation'])
      .where(
        'record_id',
        'in',
        visit.instruments.map((i) => i.id),
      )
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.reason)).toEqual([
      `oBDS-Import ${prefix}-D`,
      `oBDS-Import ${prefix}-D`,
      `oBDS-Import ${prefix}-S1`,
      `oBDS-Import ${prefix}-S2`,
    ]);

    // The same file again changes nothing: every message is a duplicate and proposes nothing.
    const second = await importFile(documentalist, [{ position: 1, match: 'definite', studyPatientId, messages }]);
    expect(second.body.messages.map((m) => m.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(second.body.messages[0]?.reason).toMatch(
      new RegExp(`^Die Meldung ${prefix}-D wurde am \\d\\d\\.\\d\\d\\.\\d{4} bereits importiert; sie ändert nichts\\.$`),
    );
    expect(second.body.messages.every((m) => m.proposals.length === 0)).toBe(true);
    expect((await decide(documentalist, second.body, second.body.messages[0] as ObdsMessageRecord)).status).toBe(400);
    const report = await backend.app.inject({
      method: 'GET',
      url: `/api/v1.0/ObdsImport/${first.body.id}/report`,
      headers: documentalistHeaders,
    });
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Nr.;Patient in der Datei;Abgleich;Meldung_ID;Meldungsart;ICD-10;Ergebnis;Grund;Vorgeschlagene Felder;Übernommene Felder;Nicht übernehmbare Werte;Entschieden am;Entschieden von',
    );
    const cells = rows[1]?.split(';') ?? [];
    expect(cells.slice(0, 8)).toEqual(['1', '1', 'gefunden', `${prefix}-D`, 'Diagnose', 'C34.1', 'Vorschlag', '']);
    expect(cells[8]).toContain('Allgemeinzustand (ECOG): ECOG-Performance-Status');
    expect(cells[9]).toContain('Diagnose: Diagnose (ICD-10-GM)');
    expect(cells[9]).not.toContain('ECOG');
    const unchanged = await baselineOf(documentalist, baseline.id);
    expect(unchanged.instruments.map((i) => [i.id, i.version])).toEqual(visit.instruments.map((i) => [i.id, i.version]));
  });

  it('writes Verlauf and Tod into the follow-up of their day (found, or created through the visit write), the board into a standalone instrument, audited with the message; a second import changes nothing', async () => {
    const { studyPatientId } = await createPatientWithBaseline(documentalist, registry);
    const existing = await createCompleteFollowUp(documentalist, registry, studyPatientId, '2024-09-12');
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const messages = [
      progression(`${prefix}-V1`, '2024-09-12', 'P'),
      death(`${prefix}-T`, '2025-01-20'),
      progression(`${prefix}-V2`, '2025-01-20', 'K'),
      board(`${prefix}-K`, '2024-03-12'),
    ];
    const first = await importFile(documentalist, [{ position: 1, match: 'definite', studyPatientId, messages }]);
    expect(first.body.messages.map((m) => m.outcome)).toEqual(['proposed', 'proposed', 'proposed', 'proposed']);
    const [v1, died, v2, tumourBoard] = first.body.messages as ObdsMessageRecord[];
    if (!v1 || !died || !v2 || !tumourBoard) throw new Error('messages missing');
    // The examination day has a follow-up: the proposals go there, beside its values; the death day has none yet.
    expect(v1.proposals.map((p) => [p.instrument, p.target])).toEqual([
      ['disease_status', { label: 'Follow-up', date: '2024-09-12', isNew: false }],
      ['performance', { label: 'Follow-up', date: '2024-09-12', isNew: false }],
    ]);
    expect(v1.proposals[0]?.fields.find((f) => f.path === 'overall')).toMatchObject({
      proposed: ['P'],
      proposedText: ['Progression'],
      current: ['K'],
      currentText: ['keine Änderung'],
    });
    expect(v1.skipped).toEqual([
      { source: 'Verlauf/Verlauf_Lokaler_Tumorstatus', value: 'T', reason: 'Das Register hat für diese Angabe kein Feld.' },
    ]);
    expect(died.proposals.map((p) => [p.instrument, p.target])).toEqual([
      ['vital_status', { label: 'Follow-up', date: '2025-01-20', isNew: true }],
    ]);
    expect(tumourBoard.proposals.map((p) => [p.instrument, p.target])).toEqual([
      ['tumour_board', { label: 'Tumorkonferenz', date: '2024-03-12', isNew: true }],
    ]);

    expect((await decide(documentalist, first.body, v1)).status).toBe(200);
    expect((await decide(documentalist, first.body, died)).status).toBe(200);
    // The death's follow-up now exists: the status report of the same day goes into it.
    const afterDeath = await documentalist.get<ObdsImportDto>(`ObdsImport/${first.body.id}`);
    expect(afterDeath.body.messages[2]?.proposals[0]?.target).toEqual({ label: 'Follow-up', date: '2025-01-20', isNew: false });
    expect((await decide(documentalist, first.body, v2)).status).toBe(200);
    expect((await decide(documentalist, first.body, tumourBoard)).status).toBe(200);

    const followUps = await backend.database.db
      .selectFrom('visit')
      .select(['id', 'visit_date'])
      .where('study_patient_id', '=', studyPatientId)
      .where('definition_id', '=', registry.index.visitByIdentifier.get('fu')?.id ?? '')
      .orderBy('visit_date')
      .execute();
    expect(followUps.map((v) => v.visit_date)).toEqual(['2024-09-12', '2025-01-20']);
    const created = followUps[1]?.id ?? '';
    const visit = async (id: string) => (await documentalist.get<VisitDto & { instruments: InstrumentDto[] }>(`Visit/${id}`)).body;
    const inVisit = (v: VisitDto & { instruments: InstrumentDto[] }, identifier: string) =>
      v.instruments.find((i) => i.identifier === identifier && !i.isDeleted);
    const examined = await visit(existing.id);
    expect(
      ['overall', 'progression', 'progression_date', 'assess_date'].map((p) => valueAt(inVisit(examined, 'disease_status'), p)),
    ).toEqual([['P'], ['yes'], ['2024-09-12'], ['2024-09-12']]);
    expect(valueAt(inVisit(examined, 'performance'), 'ecog')).toEqual(['2']);
    const deathVisit = await visit(created);
    expect(fieldAt(registry.index, deathVisit.fields, 'fu_date')?.values.map((v) => v.value)).toEqual(['2025-01-20']);
    const vital = inVisit(deathVisit, 'vital_status');
    expect(['status', 'death_date', 'death_tumour_related', 'cause_icd10'].map((p) => valueAt(vital, p))).toEqual([
      ['deceased'],
      ['2025-01-20'],
      ['J'],
      ['C34.1, J18.9'],
    ]);
    expect(['overall', 'progression'].map((p) => valueAt(inVisit(deathVisit, 'disease_status'), p))).toEqual([['K'], ['no']]);
    const standalone = await backend.database.db
      .selectFrom('instrument')
      .select('id')
      .where('study_patient_id', '=', studyPatientId)
      .where('visit_id', 'is', null)
      .execute();
    expect(standalone).toHaveLength(1);
    const boardInstrument = (await documentalist.get<InstrumentDto>(`Instrument/${standalone[0]?.id ?? ''}`)).body;
    expect([valueAt(boardInstrument, 'board_date'), valueAt(boardInstrument, 'recommendation')]).toEqual([
      ['2024-03-12'],
      ['Chemo- + Immun-/Antikörpertherapie'],
    ]);

    // Every write of the import names its message: the new visit, its instruments, the saved ones, the board.
    const reasons = async (recordId: string) =>
      (
        await backend.database.db
          .selectFrom('audit_trail')
          .select(['reason', 'operation'])
          .where('record_id', '=', recordId)
          .orderBy('id')
          .execute()
      ).map((a) => `${a.operation} ${a.reason}`);
    expect((await reasons(created))[0]).toBe(`Create oBDS-Import ${prefix}-T`);
    // The death date shows once the status says deceased: a second save of the same write takes it.
    expect(await reasons(vital?.id ?? '')).toEqual([`Create oBDS-Import ${prefix}-T`]);
    expect(await reasons(inVisit(deathVisit, 'disease_status')?.id ?? '')).toEqual([`Create oBDS-Import ${prefix}-V2`]);
    expect((await reasons(inVisit(examined, 'disease_status')?.id ?? '')).at(-1)).toBe(`Update oBDS-Import ${prefix}-V1`);
    expect(await reasons(boardInstrument.id)).toEqual([`Create oBDS-Import ${prefix}-K`]);

    // The same file again changes nothing.
    const second = await importFile(documentalist, [{ position: 1, match: 'definite', studyPatientId, messages }]);
    expect(second.body.messages.map((m) => m.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(second.body.messages.every((m) => m.proposals.length === 0)).toBe(true);
    const versions = async () =>
      backend.database.db
        .selectFrom('instrument')
        .select(['id', 'version'])
        .where('study_patient_id', '=', studyPatientId)
        .orderBy('id')
        .execute();
    const before = await versions();
    expect((await decide(documentalist, second.body, second.body.messages[1] as ObdsMessageRecord)).status).toBe(400);
    expect(await versions()).toEqual(before);
    const visitCount = await backend.database.db
      .selectFrom('visit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('study_patient_id', '=', studyPatientId)
      .executeTakeFirst();
    expect(Number(visitCount?.n)).toBe(3);
  });

  it('refuses to create the follow-up for a caller without VisitCreateCmd, and writes nothing', async () => {
    const { studyPatientId } = await createPatientWithBaseline(documentalist, registry);
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const imported = await importFile(documentalist, [
      { position: 1, match: 'definite', studyPatientId, messages: [death(`${prefix}-T`, '2025-01-20')] },
    ]);
    // A pathologist documents (InstrumentUpdateCmd) but adds no visits.
    const pathologist = await createTestUser(backend.database, { role: 'Pathologist', institutes: ['1001'] });
    const pathologistApi = api(backend.app, (await signIn(backend.app, pathologist.userName, pathologist.password)).token);
    const refused = await decide(pathologistApi, imported.body, imported.body.messages[0] as ObdsMessageRecord);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Ihnen fehlt das Recht VisitCreateCmd.' } });
    const visits = await backend.database.db.selectFrom('visit').select('id').where('study_patient_id', '=', studyPatientId).execute();
    expect(visits).toHaveLength(1);
    const open = await documentalist.get<ObdsImportDto>(`ObdsImport/${imported.body.id}`);
    expect(open.body.messages[0]?.decidedAt).toBeNull();
  });

  it('lists a non-lung tumour as not applicable and unmatched patients without proposals', async () => {
    const { studyPatientId } = await createPatientWithBaseline(documentalist, registry);
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const imported = await importFile(documentalist, [
      {
        position: 1,
        match: 'definite',
        studyPatientId,
        messages: [
          diagnosis(`${prefix}-B`, 'C50.4'),
          { ...diagnosis(`${prefix}-O`), report: { kind: 'OP' } },
          {
            ...diagnosis(`${prefix}-H`),
            report: {
              kind: 'Pathologie',
              topography: null,
              certainty: '7.2',
              histology: { morphology: { code: '8070/3', version: '33' }, grading: '3' },
              cTnm: null,
              pTnm: null,
              metastasisSites: [],
            },
          },
        ],
      },
      { position: 2, match: 'possible', studyPatientId: null, messages: [diagnosis(`${prefix}-P`)] },
      { position: 3, match: 'none', studyPatientId: null, messages: [diagnosis(`${prefix}-N`)] },
    ]);
    expect(imported.status).toBe(201);
    expect(imported.body.messages.map((m) => [m.patientPosition, m.outcome, m.reason])).toEqual([
      [1, 'notApplicable', 'Der Tumor C50.4 wird im Register nicht erfasst (nur Lungenkarzinome C34).'],
      [1, 'notMapped', 'Meldungen der Art „OP“ haben in der Studiendefinition kein Zielinstrument.'],
      [1, 'proposed', null],
      [
        2,
        'unmatched',
        'Die Person ist möglicherweise schon registriert: Bitte im Abgleich möglicher Dubletten entscheiden und erneut importieren.',
      ],
      [3, 'unmatched', 'Die Person ist im Register nicht gefunden: Bitte registrieren und die Datei erneut importieren.'],
    ]);
    const histology = imported.body.messages[2]?.proposals[0]?.fields.filter((f) => ['morphology', 'grading'].includes(f.path));
    expect(histology?.map((f) => [f.label, f.proposed])).toEqual([
      ['Histologie (ICD-O-3)', ['8070/3']],
      ['Grading', ['3']],
    ]);
    // Another location's documentalist sees the unmatched messages only, and cannot import for the patient.
    const foreign = await reader.get<ObdsImportDto>(`ObdsImport/${imported.body.id}`);
    expect(foreign.body.messages.map((m) => m.patientPosition)).toEqual([2, 3]);
    const refused = await importFile(reader, [{ position: 1, match: 'definite', studyPatientId, messages: [diagnosis(`${prefix}-X`)] }]);
    expect(refused.status).toBe(404);
  });

  it('refuses a patient without a baseline visit, and a caller without the documentation right', async () => {
    const created = await documentalist.send<{ id: string }>('POST', 'NngmStudyPatient', {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf('1001'),
    });
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const imported = await importFile(documentalist, [
      { position: 1, match: 'definite', studyPatientId: created.body.id, messages: [diagnosis(`${prefix}-D`)] },
    ]);
    const refused = await decide(documentalist, imported.body, imported.body.messages[0] as ObdsMessageRecord);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Der Patient hat noch keine Baseline-Visite: Bitte zuerst die Baseline-Visite anlegen.' },
    });
    const researcher = await createTestUser(backend.database, { role: 'Researcher', institutes: ['1001'] });
    const researcherApi = api(backend.app, (await signIn(backend.app, researcher.userName, researcher.password)).token);
    expect((await decide(researcherApi, imported.body, imported.body.messages[0] as ObdsMessageRecord)).status).toBe(403);
  });
});

describe('oBDS import as a job: states, progress events, rights', () => {
  const start = (client: Api, patientCount: number) =>
    client.send<ObdsImportSummary>('POST', 'ObdsImport', {
      studyId: registry.studyId,
      fileName: 'gross.xml',
      patientCount,
      messageCount: patientCount,
    });
  const batch = (client: Api, id: string, patients: Patient[]) =>
    client.send<ObdsImportSummary>('POST', `ObdsImport/${id}/patients`, { patients });
  const unmatched = (position: number, prefix: string): Patient & Record<string, unknown> => ({
    position,
    match: 'none',
    studyPatientId: null,
    messages: [diagnosis(`${prefix}-${position}`)],
  });
  const eventsOf = async (id: string) =>
    (await backend.database.db.selectFrom('domain_event').select('payload').where('type', '=', 'ObdsImportChanged').orderBy('id').execute())
      .map((e) => e.payload as { importId: string; status: string; patientsDone: number })
      .filter((p) => p.importId === id)
      .map((p) => [p.status, p.patientsDone]);

  /** The import's audit records: who, what, and the state it left. */
  const auditOf = async (id: string) =>
    (
      await backend.database.db
        .selectFrom('audit_trail')
        .select(['user_name', 'operation', 'new_value'])
        .where('table_name', '=', 'obds_import')
        .where('record_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((row) => {
      const state = (typeof row.new_value === 'string' ? JSON.parse(row.new_value) : row.new_value) as { status: string };
      return [row.user_name, row.operation, state.status];
    });

  it('goes queued → running → done by batches, numbering messages across batches, with an event and an audit record per step', async () => {
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const started = await start(documentalist, 3);
    expect(started).toMatchObject({ status: 201, body: { status: 'queued', patientsDone: 0, patientCount: 3, failureReason: null } });
    const id = started.body.id;
    expect((await batch(documentalist, id, [unmatched(1, prefix), unmatched(2, prefix)])).body).toMatchObject({
      status: 'running',
      patientsDone: 2,
      outcomes: { unmatched: 2, proposed: 0 },
    });
    // Another user (even with the documentation right) cannot move the uploader's import.
    const other = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
    const otherApi = api(backend.app, (await signIn(backend.app, other.userName, other.password)).token);
    expect((await batch(otherApi, id, [unmatched(3, prefix)])).status).toBe(404);
    expect((await otherApi.send('POST', `ObdsImport/${id}/fail`, { reason: 'x' })).status).toBe(404);
    // More patients than the file holds are refused; the last batch ends the import.
    expect((await batch(documentalist, id, [unmatched(3, prefix), unmatched(4, prefix)])).body).toMatchObject({
      message: 'Der Import umfasst nur 3 Patienten; es wurden mehr übergeben.',
    });
    expect((await batch(documentalist, id, [unmatched(3, prefix)])).body).toMatchObject({ status: 'done', patientsDone: 3 });
    expect(await batch(documentalist, id, [unmatched(3, prefix)])).toMatchObject({
      status: 409,
      body: { message: 'Der Import ist bereits beendet.' },
    });
    const read = (await documentalist.get<ObdsImportDto>(`ObdsImport/${id}`)).body;
    expect(read.messages.map((m) => [m.position, m.patientPosition])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(await eventsOf(id)).toEqual([
      ['queued', 0],
      ['running', 2],
      ['done', 3],
    ]);
    expect(await auditOf(id)).toEqual([
      [documentalistName, 'Create', 'queued'],
      [documentalistName, 'Update', 'running'],
      [documentalistName, 'Update', 'done'],
    ]);
    // The list shows it with its counts; a reader without the documentation right cannot start one.
    const listed = (await reader.get<ObdsImportSummary[]>(`ObdsImport?studyId=${registry.studyId}`)).body.find((i) => i.id === id);
    expect(listed).toMatchObject({ fileName: 'gross.xml', status: 'done', outcomes: { unmatched: 3 } });
    const researcher = await createTestUser(backend.database, { role: 'Researcher', institutes: ['1001'] });
    const researcherApi = api(backend.app, (await signIn(backend.app, researcher.userName, researcher.password)).token);
    expect((await start(researcherApi, 1)).status).toBe(403);
  });

  it('ends as failed with the gateway’s reason, and marks an import whose gateway stopped as failed when read', async () => {
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const given = (await start(documentalist, 2)).body.id;
    const failed = await documentalist.send<ObdsImportSummary>('POST', `ObdsImport/${given}/fail`, {
      reason: 'Der Pseudonymisierungsdienst ist nicht erreichbar.',
    });
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'Der Pseudonymisierungsdienst ist nicht erreichbar.' });
    expect((await batch(documentalist, given, [unmatched(1, prefix)])).body).toMatchObject({
      message: 'Der Pseudonymisierungsdienst ist nicht erreichbar.',
    });

    const stopped = (await start(documentalist, 2)).body.id;
    await batch(documentalist, stopped, [unmatched(1, prefix)]);
    expect((await documentalist.get<ObdsImportSummary>(`ObdsImport/${stopped}/summary`)).body.status).toBe('running');
    // The heartbeat lies beyond the lease: the gateway handed nothing over since.
    await backend.database.db
      .updateTable('obds_import')
      .set({ heartbeat_at: new Date(Date.now() - OBDS_IMPORT_LEASE_MS - 1000) })
      .where('id', '=', stopped)
      .execute();
    const read = (await documentalist.get<ObdsImportSummary>(`ObdsImport/${stopped}/summary`)).body;
    expect(read).toMatchObject({ status: 'failed', patientsDone: 1, outcomes: { unmatched: 1 } });
    expect(read.failureReason).toMatch(/^Der Import wurde unterbrochen/);
    expect((await eventsOf(stopped)).at(-1)).toEqual(['failed', 1]);
    expect((await auditOf(given)).at(-1)).toEqual([documentalistName, 'Update', 'failed']);
    expect((await auditOf(stopped)).at(-1)).toEqual(['system', 'Update', 'failed']);
  });
});

describe('the import’s job credential', () => {
  type Started = ObdsImportSummary & { jobCredential: string };
  const start = (client: Api) =>
    client.send<Started>('POST', 'ObdsImport', { studyId: registry.studyId, fileName: 'lang.xml', patientCount: 3, messageCount: 3 });
  const patient = (position: number, prefix: string): Patient & Record<string, unknown> => ({
    position,
    match: 'none',
    studyPatientId: null,
    messages: [diagnosis(`${prefix}-${position}`)],
  });
  const uploader = async () => {
    const user = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
    const tokens = await signIn(backend.app, user.userName, user.password);
    return { user, client: api(backend.app, tokens.token) };
  };

  it('moves its own import and makes the check-match calls, audited as the uploader with the import, and nothing else', async () => {
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const { user, client } = await uploader();
    const started = await start(client);
    expect(started.status).toBe(201);
    const { id, jobCredential } = started.body;
    const job = api(backend.app, jobCredential);

    expect((await job.send<ObdsImportSummary>('POST', `ObdsImport/${id}/patients`, { patients: [patient(1, prefix)] })).body).toMatchObject(
      {
        status: 'running',
        patientsDone: 1,
      },
    );
    expect((await job.send('POST', 'Mainzelliste/getCheckPatientMatch?tokenId=obds-job', { similarityScore: 0.2 })).body).toMatchObject({
      isMatch: false,
    });
    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['user_id', 'user_name', 'table_name', 'event', 'reason'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(trail.map((row) => [row.user_name, row.table_name, row.event, row.reason])).toEqual([
      [user.userName, 'app_user', 'SignInSucceeded', null],
      [user.userName, 'obds_import', null, null],
      [user.userName, 'obds_import', null, `oBDS-Import ${id}`],
      [user.userName, 'patient_identity_link', 'IdentityMatchChecked', `oBDS-Import ${id}`],
    ]);

    // Another import of the same uploader, and every route that is not a step of the runner, refuse it.
    const other = (await start(client)).body.id;
    const outOfScope = { status: 403, body: { message: 'Die Berechtigung des oBDS-Imports gilt nur für die Schritte dieses Imports.' } };
    expect(await job.send('POST', `ObdsImport/${other}/patients`, { patients: [patient(1, prefix)] })).toMatchObject(outOfScope);
    expect(await job.send('POST', `ObdsImport/${other}/fail`, { reason: 'x' })).toMatchObject(outOfScope);
    expect(await job.get(`ObdsImport/${id}/summary`)).toMatchObject(outOfScope);
    expect(await job.get(`ObdsImport?studyId=${registry.studyId}`)).toMatchObject(outOfScope);
    expect(await start(job)).toMatchObject(outOfScope);
    expect(await job.get('Viewer')).toMatchObject(outOfScope);
    expect(await job.send('DELETE', `Auth/${user.id}`)).toMatchObject(outOfScope);

    // The batch that completes the file ends the import, and with it the credential; the uploader's token still works.
    await job.send('POST', `ObdsImport/${id}/patients`, { patients: [patient(2, prefix), patient(3, prefix)] });
    const ended = { status: 401, body: { message: 'Der oBDS-Import ist beendet; seine Berechtigung gilt nicht mehr.' } };
    expect(await job.send('POST', `ObdsImport/${id}/fail`, { reason: 'zu spät' })).toMatchObject(ended);
    expect(await job.send('POST', 'Mainzelliste/getCheckPatientMatch?tokenId=obds-job', { similarityScore: 0.2 })).toMatchObject(ended);
    expect((await client.get<ObdsImportSummary>(`ObdsImport/${id}/summary`)).body).toMatchObject({ status: 'done', patientsDone: 3 });
  });

  it('is never kept for an Idempotency-Key: a replayed start answers the same import without it', async () => {
    const { user } = await uploader();
    const token = (await signIn(backend.app, user.userName, user.password)).token;
    const key = `obds-${randomUUID()}`;
    const startWithKey = () =>
      backend.app.inject({
        method: 'POST',
        url: '/api/v1.0/ObdsImport',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { studyId: registry.studyId, fileName: 'lang.xml', patientCount: 3, messageCount: 3 },
      });
    const first = await startWithKey();
    const replay = await startWithKey();
    expect(first.statusCode).toBe(201);
    const started = first.json<Started>();
    expect(started.jobCredential).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<Started>()).toEqual({ ...started, jobCredential: undefined });
    const kept = await backend.database.db
      .selectFrom('idempotency_key')
      .select('response')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(kept.response).not.toContain(started.jobCredential);
  });

  it('ends when the import failed, and when the uploader signs out', async () => {
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const { user, client } = await uploader();
    const failed = (await start(client)).body;
    const failedJob = api(backend.app, failed.jobCredential);
    expect((await failedJob.send('POST', `ObdsImport/${failed.id}/fail`, { reason: 'Abbruch' })).body).toMatchObject({ status: 'failed' });
    expect((await failedJob.send('POST', `ObdsImport/${failed.id}/patients`, { patients: [patient(1, prefix)] })).status).toBe(401);

    const running = (await start(client)).body;
    const job = api(backend.app, running.jobCredential);
    expect((await job.send('POST', `ObdsImport/${running.id}/patients`, { patients: [patient(1, prefix)] })).status).toBe(200);
    expect((await client.send('DELETE', `Auth/${user.id}`)).status).toBe(204);
    expect(await job.send('POST', `ObdsImport/${running.id}/patients`, { patients: [patient(2, prefix)] })).toMatchObject({
      status: 401,
      body: { message: 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.' },
    });
  });

  it('ends when the uploader loses the documentation right or is deactivated', async () => {
    const prefix = `OBDS-${randomUUID().slice(0, 8)}`;
    const made = await createUserWithRights(backend.database, ['InstrumentUpdateCmd']);
    const client = api(backend.app, (await signIn(backend.app, made.userName, made.password)).token);
    const started = (await start(client)).body;
    const job = api(backend.app, started.jobCredential);
    const role = await backend.database.db.selectFrom('app_user').select('role_id').where('id', '=', made.id).executeTakeFirstOrThrow();
    await backend.database.db.deleteFrom('role_right').where('role_id', '=', role.role_id).execute();
    expect((await job.send('POST', `ObdsImport/${started.id}/patients`, { patients: [patient(1, prefix)] })).status).toBe(403);
    await backend.database.db.updateTable('app_user').set({ is_deactivated: true }).where('id', '=', made.id).execute();
    expect(await job.send('POST', `ObdsImport/${started.id}/patients`, { patients: [patient(1, prefix)] })).toMatchObject({
      status: 401,
      body: { message: 'Ihr Konto ist nicht aktiv.' },
    });
    await backend.database.db.deleteFrom('obds_import').where('imported_by_id', '=', made.id).execute();
    await made.remove();
  });
});
