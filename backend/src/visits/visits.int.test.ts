import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitDto } from '../patient-documentation/patient-documents.js';
import {
  api,
  createInstrument,
  createCompleteFollowUp,
  createPatientWithBaseline,
  demoRegistry,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, TEST_PASSWORD, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let dataManager: Api;
let researcher: Api;
let physicianElsewhere: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const sign = async (role: 'Physician' | 'DataManager' | 'Researcher', institutes: string[]) => {
    const user = await createTestUser(backend.database, { role, institutes });
    return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
  };
  physician = await sign('Physician', ['1001']);
  dataManager = await sign('DataManager', ['1001']);
  researcher = await sign('Researcher', []);
  physicianElsewhere = await sign('Physician', ['2002']);
});
afterAll(() => backend.close());

const definitionId = (identifier: string) => registry.index.visitByIdentifier.get(identifier)?.id ?? '';
type Refusal = { code: string; message: string; reason?: string };

describe('visits', () => {
  it('respects definition.max and the DigiNet follow-up availability', async () => {
    const lastYear = `${new Date().getUTCFullYear() - 1}-01-10`;
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001', lastYear);
    const second = await physician.send<Refusal>('POST', 'Visit', { studyPatientId, definitionId: definitionId('baseline') });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'ECRF_ERR_VISIT_NOT_AVAILABLE', reason: 'max' });
    // Baseline date plus 2 years lies ahead (ecrf-core.md §4, §9).
    const early = await physician.send<Refusal>('POST', 'Visit', { studyPatientId, definitionId: definitionId('fu_24m') });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'ECRF_ERR_VISIT_NOT_AVAILABLE', reason: 'notYetDue' });
  });

  it('signs only a complete visit, only with the right password, and records who, when and the meaning', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    // The baseline lacks its instruments: signing it would state incomplete data were complete (issue 25 item 4).
    const incomplete = await physician.send<{ success: boolean; message: string }>('POST', `Visit/${baseline.id}/sign`, {
      password: TEST_PASSWORD,
    });
    expect(incomplete.body).toEqual({ success: false, message: 'Die Visite ist unvollständig und kann nicht signiert werden.' });
    expect((await physician.get<VisitDto>(`Visit/${baseline.id}`)).body.isSigned).toBe(false);

    const visit = await createCompleteFollowUp(physician, registry, studyPatientId);
    const wrong = await physician.send<{ success: boolean; message: string }>('POST', `Visit/${visit.id}/sign`, {
      password: 'Falsch-Passwort1',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.success).toBe(false);
    expect((await physician.get<VisitDto>(`Visit/${visit.id}`)).body.isSigned).toBe(false);

    const right = await physician.send<{ success: boolean; message: string }>('POST', `Visit/${visit.id}/sign`, {
      password: TEST_PASSWORD,
      meaning: 'Freigabe durch den Prüfarzt',
    });
    expect(right.body).toEqual({ success: true, message: 'Die Visite wurde signiert.' });
    const signed = (await physician.get<VisitDto>(`Visit/${visit.id}`)).body;
    expect(signed.isSigned).toBe(true);
    expect(signed.signatureData).toMatchObject({ meaning: 'Freigabe durch den Prüfarzt', signedAt: expect.any(String) as string });

    const change = await physician.send<Refusal>('PUT', `Visit/${visit.id}`, { version: signed.version, visitDate: '2023-05-03' });
    expect(change.status).toBe(422);
    expect(change.body.code).toBe('ECRF_ERR_REASON_REQUIRED');
    // A blank reason is no reason (issue 15).
    const blank = await physician.send<Refusal>('PUT', `Visit/${visit.id}`, {
      version: signed.version,
      visitDate: '2023-05-03',
      reasonForChange: '   ',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.code).toBe('ECRF_ERR_REASON_REQUIRED');
    const changed = await dataManager.send<VisitDto>('PUT', `Visit/${visit.id}`, {
      version: signed.version,
      visitDate: '2023-05-03',
      reasonForChange: 'Datum korrigiert',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.isSigned).toBe(false);
    // The withdrawn signature stays visible with who withdrew it, when and why.
    expect(changed.body.signatureWithdrawal).toMatchObject({
      signature: { meaning: 'Freigabe durch den Prüfarzt' },
      withdrawnBy: { userName: expect.stringMatching(/datamanager/) as string },
      reason: 'Datum korrigiert',
    });
    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['event', 'reason'])
      .where('record_id', '=', visit.id)
      .where('event', '=', 'VisitSignatureWithdrawn')
      .execute();
    expect(trail).toEqual([{ event: 'VisitSignatureWithdrawn', reason: 'Datum korrigiert' }]);
  });

  it('deletes a follow-up visit only with a reason, softly and audited', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry);
    const fu = await physician.send<VisitDto>('POST', 'Visit', {
      studyPatientId,
      definitionId: definitionId('fu'),
      visitDate: '2024-02-01',
      fields: [valueField(fieldDefinitionId(registry.index, 'fu', 'fu_date'), '2024-02-01')],
    });
    expect(fu.status).toBe(201);
    expect((await physician.send('DELETE', `NngmVisit/${fu.body.id}?reasonOfChange=Falsch%20angelegt`)).status).toBe(403);
    expect((await dataManager.send('DELETE', `NngmVisit/${fu.body.id}`)).status).toBe(400);
    expect((await dataManager.send('DELETE', `NngmVisit/${fu.body.id}?reasonOfChange=%09`)).status).toBe(400);
    expect((await dataManager.send('DELETE', `NngmVisit/${fu.body.id}?reasonOfChange=Falsch%20angelegt`)).status).toBe(204);
    const deleted = await physician.get<VisitDto>(`Visit/${fu.body.id}`);
    expect(deleted.body.isDeleted).toBe(true);
    const row = await backend.database.db
      .selectFrom('audit_trail')
      .select(['reason', 'operation'])
      .where('record_id', '=', fu.body.id)
      .where('operation', '=', 'Delete')
      .executeTakeFirstOrThrow();
    expect(row.reason).toBe('Falsch angelegt');
  });

  it("answers 403 without the right, and 404 for another location's records, as for unknown ones (issue 15)", async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    expect((await researcher.get(`StudyPatient/${studyPatientId}/context`)).status).toBe(403);
    expect((await researcher.send('POST', `Visit/${baseline.id}/sign`, { password: TEST_PASSWORD })).status).toBe(403);
    const fieldId = baseline.fields[0]?.id ?? '';
    const unknown = '00000000-0000-4000-8000-000000000000';
    const hidden = (id: string, unknownId: string) => [
      [`StudyPatient/${id}/context`, `StudyPatient/${unknownId}/context`],
      [`StudyPatient/context?ids=${id}`, `StudyPatient/context?ids=${unknownId}`],
      [`CaseProcess/patient/${id}`, `CaseProcess/patient/${unknownId}`],
      [`NngmStudyPatient/${id}/UpdateNngmStudyPatientDataLog`, `NngmStudyPatient/${unknownId}/UpdateNngmStudyPatientDataLog`],
    ];
    const routes = [
      ...hidden(studyPatientId, unknown),
      [`Visit/${baseline.id}`, `Visit/${unknown}`],
      [`CaseProcess/visit/${baseline.id}`, `CaseProcess/visit/${unknown}`],
      [`DataField/${fieldId}`, `DataField/${unknown}`],
    ];
    for (const [foreign = '', missing = ''] of routes) {
      const answer = await physicianElsewhere.get<Refusal>(foreign);
      const none = await physicianElsewhere.get<Refusal>(missing);
      expect([foreign, answer.status, answer.body.message]).toEqual([foreign, 404, none.body.message]);
      expect(none.status).toBe(404);
    }
    const batch = await physicianElsewhere.get<VisitDto[]>(`Visit/batch?ids=${baseline.id}`);
    expect(batch.body).toEqual([]);
  });

  it('serves temporary data fields and the case process with stopping and latest filled step', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const temporary = await physician.get<{ temporaryId: string; fields: unknown[] }>(
      `Visit/temporaryDataFields?patientId=${studyPatientId}&visitDefinitionId=${definitionId('fu')}`,
    );
    expect(temporary.status).toBe(200);
    expect(temporary.body.temporaryId).toMatch(/^[0-9a-f-]{36}$/);

    const step = (order: number, state: string, mainStateIdentifier: string | null) =>
      physician.send<{ steps: unknown[] }>('POST', 'CaseProcess', {
        visitId: baseline.id,
        definitionIdentifier: `step_${order}`,
        order,
        state,
        mainStateIdentifier,
        subStates: [],
      });
    await step(10, 'complete', 'diagnostics');
    await step(30, 'stop', null);
    await step(20, 'incomplete', 'therapy');
    const last = await step(40, 'stop', null);
    expect(last.status).toBe(201);
    type Process = {
      steps: { id: string; order: number }[];
      stoppingStep: { order: number } | null;
      latestFilledStep: { order: number } | null;
    };
    const byVisit = await physician.get<Process>(`CaseProcess/visit/${baseline.id}`);
    expect(byVisit.body.steps.map((s) => s.order)).toEqual([10, 20, 30, 40]);
    expect(byVisit.body.stoppingStep?.order).toBe(30);
    expect(byVisit.body.latestFilledStep?.order).toBe(20);
    const stepId = byVisit.body.steps[3]?.id ?? '';
    const updated = await physician.send<Process>('PUT', `CaseProcess/${stepId}`, { state: 'complete', mainStateIdentifier: 'followUp' });
    expect(updated.body.latestFilledStep?.order).toBe(40);
    expect((await physician.get<Process>(`CaseProcess/patient/${studyPatientId}`)).body.stoppingStep?.order).toBe(30);
  });

  it('offers the DigiNet follow-up 2 years after a documented baseline', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry, '1001', '2020-01-15');
    await createInstrument(physician, registry, studyPatientId, baseline.id, 'diagnosis', [
      valueField(fieldDefinitionId(registry.index, 'diagnosis', 'diag_date'), '2020-01-10'),
    ]);
    const followUp = await physician.send<VisitDto>('POST', 'Visit', { studyPatientId, definitionId: definitionId('fu_24m') });
    expect(followUp.status).toBe(201);
    expect(followUp.body.identifier).toBe('fu_24m');
  });
});
