/**
 * What the graph offers before a change, against a real backend: `viewerCan` per role, `visitOptions`
 * agreeing with what createVisit then does, whether a save needs a reason for change, and the network
 * master data the field pickers read.
 */
import { registryToday } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let fixtures: PatientFixtures;
let caseManager: PatientFixtures;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  harness = await startHarness();
  const superadmin = (await harness.signIn('superadmin')).token;
  fixtures = patientFixtures(harness, superadmin);
  for (const persona of ['casemanager', 'datamanager', 'researcher']) tokens[persona] = (await harness.signIn(persona)).token;
  caseManager = patientFixtures(harness, tokens.casemanager ?? '', superadmin);
});
afterAll(async () => {
  await harness?.close();
});

/** yyyy-MM-dd, `days` before the registry's day (the backend's "today"). */
const daysAgo = (days: number) => registryToday(new Date(Date.now() - days * 86_400_000));

describe('viewerCan', () => {
  const CAPABILITIES = `query($id: ID!) { node(id: $id) { ... on StudyPatient { viewerCan {
    edit delete document signVisit deleteVisit deleteInstrument lockFields editCaseProcess } } } }`;

  it('follows the rights of each role', async () => {
    const id = await fixtures.createPatient('1001');
    const of = async (persona: string) =>
      (await fixtures.graph<{ node: { viewerCan: Record<string, boolean> } }>(CAPABILITIES, { id }, tokens[persona])).data.node.viewerCan;
    expect(await of('casemanager')).toEqual({
      edit: true,
      delete: false,
      document: true,
      signVisit: false,
      deleteVisit: false,
      deleteInstrument: true,
      lockFields: false,
      editCaseProcess: true,
    });
    expect(await of('datamanager')).toEqual({
      edit: true,
      delete: true,
      document: true,
      signVisit: true,
      deleteVisit: true,
      deleteInstrument: true,
      lockFields: true,
      editCaseProcess: true,
    });
  });
});

type Option = { definition: { identifier: string }; available: boolean; reason: string | null };

describe('visitOptions', () => {
  const OPTIONS =
    'query($id: ID!) { node(id: $id) { ... on StudyPatient { visitOptions { definition { identifier order } available reason } } } }';
  const options = async (id: string) =>
    Object.fromEntries(
      (await caseManager.graph<{ node: { visitOptions: Option[] } }>(OPTIONS, { id })).data.node.visitOptions.map((o) => [
        o.definition.identifier,
        o.reason,
      ]),
    );
  /** What createVisit answers for the same visit: null when created, else the user error code. */
  const create = async (id: string, identifier: string) => {
    const { visit, errors } = await caseManager.createVisit(id, identifier, daysAgo(0));
    return visit ? null : errors.map((e) => e.code).join();
  };

  it('lists every visit definition by order, available as createVisit decides', async () => {
    const id = await caseManager.createPatient('1001');
    const listed = (await caseManager.graph<{ node: { visitOptions: (Option & { definition: { order: number } })[] } }>(OPTIONS, { id }))
      .data.node.visitOptions;
    expect(listed.map((o) => o.definition.order)).toEqual(listed.map((o) => o.definition.order).sort((a, b) => a - b));
    // A fresh patient at a DigiNet location: only the baseline.
    expect(await options(id)).toEqual({ baseline: null, fu: 'NOT_VISIBLE', fu_24m: 'NO_BASELINE' });
    expect(await create(id, 'fu')).toBe('VISIT_NOT_AVAILABLE');
    expect(await create(id, 'baseline')).toBeNull();
    // One baseline at most; the follow-up needs a baseline with data.
    expect(await options(id)).toEqual({ baseline: 'MAXIMUM_REACHED', fu: null, fu_24m: 'BASELINE_NEW' });
    expect(await create(id, 'baseline')).toBe('VISIT_NOT_AVAILABLE');
  });

  it('makes the DigiNet follow-up available two years after the baseline date', async () => {
    const id = await caseManager.createPatient('1001');
    await caseManager.createVisit(id, 'baseline', daysAgo(0));
    const dateField = (await caseManager.visitDefinition('baseline')).fields.find((f) => f.identifier === 'baseline_date')?.key;
    const setBaselineDate = async (date: string) => {
      const { data } = await caseManager.graph<{
        node: { visits: { id: string; version: number; fields: { id: string; definition: { identifier: string } }[] }[] };
      }>('query($id: ID!) { node(id: $id) { ... on StudyPatient { visits { id version fields { id definition { identifier } } } } } }', {
        id,
      });
      const baseline = data.node.visits[0];
      // The stored date field is changed, not a second one added.
      const fieldId = baseline?.fields.find((f) => f.definition.identifier === 'baseline_date')?.id;
      const saved = await caseManager.graph<{ updateVisit: { errors: unknown[] } }>(
        'mutation($input: UpdateVisitInput!) { updateVisit(input: $input) { errors { code message } } }',
        {
          input: {
            id: baseline?.id,
            version: baseline?.version,
            fields: [{ id: fieldId, definitionKey: dateField, values: [{ value: date }] }],
          },
        },
      );
      expect(saved.data.updateVisit.errors).toEqual([]);
    };
    await setBaselineDate(daysAgo(365));
    expect((await options(id)).fu_24m).toBe('NOT_YET_DUE');
    expect(await create(id, 'fu_24m')).toBe('VISIT_NOT_AVAILABLE');
    await setBaselineDate(daysAgo(3 * 365));
    expect((await options(id)).fu_24m).toBeNull();
    expect(await create(id, 'fu_24m')).toBeNull();
    expect((await options(id)).fu_24m).toBe('MAXIMUM_REACHED');
  });

  it('hides the DigiNet follow-up from a case manager at a location outside DigiNet', async () => {
    const id = await caseManager.createPatient('2002');
    expect((await options(id)).fu_24m).toBe('NOT_VISIBLE');
  });
});

describe('network pickers', () => {
  const PICKERS = ['organizations', 'persons'].map(
    (list) => `query { ${list}(first: 50) { totalCount edges { node { id displayName } } } }`,
  );

  it('lets a documenting role read the organizations and persons that network fields pick from', async () => {
    for (const query of PICKERS) {
      const answer = await harness.request<Record<string, { totalCount: number }>>(query, {}, tokens.casemanager);
      expect(answer.errors, query).toBeUndefined();
      expect(Object.values(answer.data ?? {})[0]?.totalCount, query).toBeGreaterThan(0);
    }
  });

  it('keeps them from roles that document nothing', async () => {
    for (const query of PICKERS) {
      expect(
        (await harness.request(query, {}, tokens.researcher)).errors?.map((e) => e.extensions?.code),
        query,
      ).toEqual(['FORBIDDEN']);
    }
  });
});

describe('reasonForChangeRequired', () => {
  type Read = { node: { version: number; reasonForChangeRequired: boolean; instruments: { reasonForChangeRequired: boolean }[] } };
  const READ =
    'query($id: ID!) { node(id: $id) { ... on Visit { version reasonForChangeRequired instruments { reasonForChangeRequired } } } }';

  it('asks for a reason once the visit is complete or signed, for the visit and its instruments, as the backend then refuses', async () => {
    const studyPatientId = await fixtures.createPatient();
    const visit = (await fixtures.createVisit(studyPatientId, 'baseline', daysAgo(1))).visit;
    if (!visit) throw new Error('no baseline');
    const staging = await fixtures.staging();
    const added = await fixtures.graph<{ createInstrument: { errors: { code: string }[] } }>(
      'mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { errors { code } } }',
      { input: { studyPatientId, visitId: visit.id, definitionId: staging.id } },
    );
    expect(added.data.createInstrument.errors).toEqual([]);
    const read = async (id: string) => (await fixtures.graph<Read>(READ, { id })).data.node;
    expect(await read(visit.id)).toMatchObject({ reasonForChangeRequired: false, instruments: [{ reasonForChangeRequired: false }] });
    // A complete visit asks for a reason, and signing (only a complete visit can be signed) keeps asking.
    const followUp = await fixtures.createCompleteFollowUp(studyPatientId);
    expect(await read(followUp.id)).toMatchObject({ reasonForChangeRequired: true });
    const signed = await fixtures.graph<{ signVisit: { success: boolean; message: string } }>(
      'mutation($input: SignVisitInput!) { signVisit(input: $input) { success message } }',
      { input: { id: followUp.id, password: 'Demo-Passwort1' } },
    );
    expect(signed.data.signVisit).toMatchObject({ success: true });
    const after = await read(followUp.id);
    expect(after).toMatchObject({ reasonForChangeRequired: true });
    expect(after.instruments.every((instrument) => instrument.reasonForChangeRequired)).toBe(true);
    const saved = await fixtures.graph<{ updateVisit: { errors: { code: string }[] } }>(
      'mutation($input: UpdateVisitInput!) { updateVisit(input: $input) { errors { code } } }',
      { input: { id: followUp.id, version: after.version, visitDate: daysAgo(2) } },
    );
    expect(saved.data.updateVisit.errors.map((e) => e.code)).toEqual(['REASON_REQUIRED']);
  });
});
