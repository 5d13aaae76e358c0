/**
 * Changes of the patient documentation through the graph against a real backend: signatures, deletions
 * with a reason, the case process, stale saves of patients and visits, and field locks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let fixtures: PatientFixtures;
const tokens: Record<'physician' | 'datamanager' | 'casemanager', string> = { physician: '', datamanager: '', casemanager: '' };
beforeAll(async () => {
  harness = await startHarness();
  fixtures = patientFixtures(harness, (await harness.signIn('superadmin')).token);
  for (const persona of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[persona] = (await harness.signIn(persona)).token;
});
afterAll(async () => {
  await harness?.close();
});

type UserErrors = { errors: { code: string; message: string; path: string[] }[] };
const ERRORS = 'errors { code message path fieldId }';

/** An operation as a persona; GraphQL errors are returned, not thrown. */
const as = <T>(persona: keyof typeof tokens, query: string, variables: Record<string, unknown>) =>
  harness.request<T>(query, variables, tokens[persona]);
const errorCodes = (answer: { errors?: { extensions?: { code?: string } }[] }) => answer.errors?.map((e) => e.extensions?.code);

async function baselineWithStaging() {
  const studyPatientId = await fixtures.createPatient();
  const visit = (await fixtures.createVisit(studyPatientId, 'baseline', '2025-03-01')).visit;
  if (!visit) throw new Error('no baseline');
  const instrument = await fixtures.createStaging(studyPatientId, visit.id);
  // Adding the instrument saved the visit (its state), so its version is read again.
  const { data } = await fixtures.graph<{ node: { id: string; version: number } }>(
    'query($id: ID!) { node(id: $id) { ... on Visit { id version } } }',
    { id: visit.id },
  );
  return { studyPatientId, visit: data.node, instrument };
}

describe('signing and deleting visits', () => {
  const SIGN = `mutation($input: SignVisitInput!) { signVisit(input: $input) {
    success message visit { id isSigned signature { userName displayName meaning } } ${ERRORS} } }`;
  type Signed = {
    signVisit: UserErrors & {
      success: boolean;
      message: string;
      visit: { isSigned: boolean; signature: { userName: string; displayName: string } | null } | null;
    };
  };

  it("signs only a complete visit, only with the signer's password, and records who signed", async () => {
    const studyPatientId = await fixtures.createPatient();
    const baseline = (await fixtures.createVisit(studyPatientId, 'baseline', '2025-03-01')).visit;
    const incomplete = await as<Signed>('physician', SIGN, { input: { id: baseline?.id, password: 'Demo-Passwort1' } });
    expect(incomplete.data?.signVisit).toMatchObject({ success: false, visit: { isSigned: false } });
    expect(incomplete.data?.signVisit.message).toBe('Die Visite ist unvollständig und kann nicht signiert werden.');
    const visit = await fixtures.createCompleteFollowUp(studyPatientId);
    const wrong = await as<Signed>('physician', SIGN, { input: { id: visit.id, password: 'Falsches-Passwort9' } });
    expect(wrong.data?.signVisit).toMatchObject({ success: false, errors: [], visit: { isSigned: false } });
    expect(wrong.data?.signVisit.message).toMatch(/Passwort/);
    const right = await as<Signed>('physician', SIGN, { input: { id: visit.id, password: 'Demo-Passwort1' } });
    expect(right.data?.signVisit).toMatchObject({
      success: true,
      errors: [],
      visit: { isSigned: true, signature: { userName: 'physician', displayName: 'Dr. Paul Arzt (Arzt)' } },
    });
  });

  it('shows a signature withdrawn by a later change, with who withdrew it, when and why', async () => {
    const studyPatientId = await fixtures.createPatient();
    await fixtures.createVisit(studyPatientId, 'baseline', '2025-03-01');
    const visit = await fixtures.createCompleteFollowUp(studyPatientId);
    expect((await as<Signed>('physician', SIGN, { input: { id: visit.id, password: 'Demo-Passwort1' } })).data?.signVisit.success).toBe(
      true,
    );
    const signed = await fixtures.graph<{ node: { version: number } }>('query($id: ID!) { node(id: $id) { ... on Visit { version } } }', {
      id: visit.id,
    });
    const changed = await as<{
      updateVisit: UserErrors & {
        visit: { isSigned: boolean; signatureWithdrawal: { withdrawnBy: string; reason: string; signature: { userName: string } } | null };
      };
    }>(
      'datamanager',
      `mutation($input: UpdateVisitInput!) { updateVisit(input: $input) {
        visit { isSigned signatureWithdrawal { withdrawnBy reason withdrawnAt signature { userName } } } ${ERRORS} } }`,
      { input: { id: visit.id, version: signed.data.node.version, visitDate: '2025-05-03', reasonForChange: 'Datum korrigiert' } },
    );
    expect(changed.data?.updateVisit).toMatchObject({
      errors: [],
      visit: {
        isSigned: false,
        signatureWithdrawal: { withdrawnBy: 'Dora Daten (Datenmanager)', reason: 'Datum korrigiert', signature: { userName: 'physician' } },
      },
    });
  });

  it('deletes a visit only with a reason, and the patient no longer shows it', async () => {
    const { visit } = await baselineWithStaging();
    const DELETE = `mutation($input: DeleteVisitInput!) { deleteVisit(input: $input) {
      deletedVisitId studyPatient { visits { id } visitOptions { definition { identifier } available } } ${ERRORS} } }`;
    type Deleted = {
      deleteVisit: UserErrors & {
        deletedVisitId: string | null;
        studyPatient: { visits: { id: string }[]; visitOptions: { definition: { identifier: string }; available: boolean }[] } | null;
      };
    };
    const blank = await as<Deleted>('datamanager', DELETE, { input: { id: visit.id, reasonForChange: '  ' } });
    expect(blank.data?.deleteVisit).toMatchObject({
      deletedVisitId: null,
      errors: [{ code: 'REASON_REQUIRED', path: ['reasonForChange'] }],
    });
    const deleted = await as<Deleted>('datamanager', DELETE, { input: { id: visit.id, reasonForChange: 'Doppelt angelegt' } });
    expect(deleted.data?.deleteVisit.deletedVisitId).toBe(visit.id);
    expect(deleted.data?.deleteVisit.studyPatient?.visits.map((v) => v.id)).not.toContain(visit.id);
    // The deleted baseline no longer counts against definition.max.
    expect(deleted.data?.deleteVisit.studyPatient?.visitOptions.find((o) => o.definition.identifier === 'baseline')?.available).toBe(true);
    // The case manager lacks NngmVisitDeleteCmd (viewerCan.deleteVisit is false for them).
    const other = await baselineWithStaging();
    expect(errorCodes(await as('casemanager', DELETE, { input: { id: other.visit.id, reasonForChange: 'Test' } }))).toEqual(['FORBIDDEN']);
  });

  it('deletes an instrument only with a reason', async () => {
    const { studyPatientId, instrument } = await baselineWithStaging();
    const DELETE = `mutation($input: DeleteInstrumentInput!) { deleteInstrument(input: $input) {
      deletedInstrumentId studyPatient { id visits { instruments { id } } } ${ERRORS} } }`;
    type Deleted = {
      deleteInstrument: UserErrors & {
        deletedInstrumentId: string | null;
        studyPatient: { id: string; visits: { instruments: { id: string }[] }[] } | null;
      };
    };
    const blank = await as<Deleted>('casemanager', DELETE, { input: { id: instrument.id, reasonForChange: '' } });
    expect(blank.data?.deleteInstrument.errors.map((e) => e.code)).toEqual(['REASON_REQUIRED']);
    const deleted = await as<Deleted>('casemanager', DELETE, { input: { id: instrument.id, reasonForChange: 'Falsches Formular' } });
    expect(deleted.data?.deleteInstrument).toMatchObject({
      deletedInstrumentId: instrument.id,
      errors: [],
      studyPatient: { id: studyPatientId },
    });
    expect(deleted.data?.deleteInstrument.studyPatient?.visits[0]?.instruments).toEqual([]);
  });
});

describe('the case process', () => {
  it('creates and updates steps from the catalogue, with the stopping and the latest filled step', async () => {
    const catalogue = await fixtures.graph<{
      studyDefinitions: { caseProcessSteps: { identifier: string; order: number; mainStates: string[] }[] }[];
    }>('query { studyDefinitions { caseProcessSteps { identifier order mainStates subStates } } }');
    const [inclusion, sampleReceipt] = catalogue.data.studyDefinitions[0]?.caseProcessSteps ?? [];
    expect(inclusion?.identifier).toBe('inclusion');
    expect(sampleReceipt?.order).toBeGreaterThan(inclusion?.order ?? Infinity);
    const { studyPatientId, visit } = await baselineWithStaging();
    const other = (await fixtures.createVisit(studyPatientId, 'fu', '2025-04-01')).visit;
    const STEPS = 'steps { id definitionIdentifier state } stoppingStep { definitionIdentifier } latestFilledStep { definitionIdentifier }';
    type Steps = {
      steps: { id: string; definitionIdentifier: string }[];
      stoppingStep: { definitionIdentifier: string } | null;
      latestFilledStep: { definitionIdentifier: string } | null;
    };
    const create = (input: Record<string, unknown>) =>
      as<{ createCaseProcessStep: Steps & UserErrors }>(
        'casemanager',
        `mutation($input: CreateCaseProcessStepInput!) { createCaseProcessStep(input: $input) { ${STEPS} ${ERRORS} } }`,
        { input: { visitId: visit.id, ...input } },
      );
    const first = await create({
      definitionIdentifier: inclusion?.identifier,
      order: inclusion?.order,
      state: 'COMPLETE',
      mainStateIdentifier: inclusion?.mainStates[0],
    });
    expect(first.data?.createCaseProcessStep).toMatchObject({
      stoppingStep: null,
      latestFilledStep: { definitionIdentifier: 'inclusion' },
      errors: [],
    });
    const second = await create({ definitionIdentifier: sampleReceipt?.identifier, order: sampleReceipt?.order, state: 'STOP' });
    expect(second.data?.createCaseProcessStep).toMatchObject({
      stoppingStep: { definitionIdentifier: 'sample_receipt' },
      latestFilledStep: { definitionIdentifier: 'inclusion' },
    });
    const stopped = second.data?.createCaseProcessStep.steps.find((s) => s.definitionIdentifier === 'sample_receipt');
    const updated = await as<{ updateCaseProcessStep: Steps & UserErrors }>(
      'casemanager',
      `mutation($input: UpdateCaseProcessStepInput!) { updateCaseProcessStep(input: $input) { ${STEPS} ${ERRORS} } }`,
      { input: { id: stopped?.id, state: 'INCOMPLETE', mainStateIdentifier: 'received', subStates: ['tissue_sample'] } },
    );
    expect(updated.data?.updateCaseProcessStep).toMatchObject({
      stoppingStep: null,
      latestFilledStep: { definitionIdentifier: 'sample_receipt' },
      errors: [],
    });
    // The visit serves its own steps; another visit of the patient has none.
    const visits = await fixtures.graph<{
      node: { visits: ({ id: string } & Steps & { caseProcessSteps: { definitionIdentifier: string; subStates: string[] }[] })[] };
    }>(
      `query($id: ID!) { node(id: $id) { ... on StudyPatient { visits { id caseProcessSteps { definitionIdentifier subStates }
        stoppingStep { definitionIdentifier } latestFilledStep { definitionIdentifier } } } } }`,
      { id: studyPatientId },
    );
    const [withSteps, withoutSteps] = [visit.id, other?.id].map((id) => visits.data.node.visits.find((v) => v.id === id));
    expect(withSteps?.caseProcessSteps).toEqual([
      { definitionIdentifier: 'inclusion', subStates: [] },
      { definitionIdentifier: 'sample_receipt', subStates: ['tissue_sample'] },
    ]);
    expect(withSteps?.latestFilledStep).toEqual({ definitionIdentifier: 'sample_receipt' });
    expect(withoutSteps).toMatchObject({ caseProcessSteps: [], stoppingStep: null, latestFilledStep: null });
  });
});

describe('saving patients and visits', () => {
  it('saves patient fields and the location, and refuses a stale version with STALE_WRITE and the patient as stored', async () => {
    const studyPatientId = await fixtures.createPatient('1001');
    const definitions = await fixtures.graph<{
      studyDefinitions: { currentVersion: { patientFields: { key: string; identifier: string }[] } }[];
    }>('query { studyDefinitions { currentVersion { patientFields { key identifier } } } }');
    const sex = definitions.data.studyDefinitions[0]?.currentVersion.patientFields.find((f) => f.identifier === 'sex')?.key;
    const before = await fixtures.graph<{ node: { version: number } }>(
      'query($id: ID!) { node(id: $id) { ... on StudyPatient { version } } }',
      { id: studyPatientId },
    );
    const SAVE = `mutation($input: UpdateStudyPatientInput!) { updateStudyPatient(input: $input) {
      studyPatient { id version location { identifier } fields { definition { identifier } values { value } } } ${ERRORS} } }`;
    type Saved = {
      updateStudyPatient: UserErrors & {
        studyPatient: {
          id: string;
          version: number;
          location: { identifier: string };
          fields: { definition: { identifier: string }; values: { value: string }[] }[];
        } | null;
      };
    };
    const other = await fixtures.location('2002');
    const saved = await as<Saved>('casemanager', SAVE, {
      input: {
        id: studyPatientId,
        version: before.data.node.version,
        fields: [{ definitionKey: sex, values: [{ value: 'W' }] }],
        locationId: other.id,
      },
    });
    expect(saved.data?.updateStudyPatient.errors).toEqual([]);
    const stored = saved.data?.updateStudyPatient.studyPatient;
    expect(stored?.version).toBeGreaterThan(before.data.node.version);
    expect(stored?.location.identifier).toBe('2002');
    expect(stored?.fields.find((f) => f.definition.identifier === 'sex')?.values).toEqual([{ value: 'W' }]);
    const stale = await as<Saved>('casemanager', SAVE, {
      input: { id: studyPatientId, version: before.data.node.version, fields: [{ definitionKey: sex, values: [{ value: 'M' }] }] },
    });
    expect(stale.data?.updateStudyPatient.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.data?.updateStudyPatient.studyPatient).toMatchObject({ id: studyPatientId, version: stored?.version });
  });

  it('saves the visit date and refuses a stale visit save', async () => {
    const { studyPatientId, visit } = await baselineWithStaging();
    const SAVE = `mutation($input: UpdateVisitInput!) { updateVisit(input: $input) {
      visit { id visitDate version } studyPatient { id visits { visitDate } } ${ERRORS} } }`;
    type Saved = {
      updateVisit: UserErrors & {
        visit: { visitDate: string; version: number } | null;
        studyPatient: { id: string; visits: { visitDate: string }[] } | null;
      };
    };
    const saved = await as<Saved>('casemanager', SAVE, { input: { id: visit.id, version: visit.version, visitDate: '2025-03-05' } });
    expect(saved.data?.updateVisit).toMatchObject({ errors: [], visit: { visitDate: '2025-03-05' } });
    expect(saved.data?.updateVisit.visit?.version).toBeGreaterThan(visit.version);
    const stale = await as<Saved>('casemanager', SAVE, { input: { id: visit.id, version: visit.version, visitDate: '2025-03-09' } });
    // Refused, with the visit as stored (the first save's date and version), so the client shows what is stored.
    expect(stale.data?.updateVisit).toMatchObject({
      visit: { visitDate: '2025-03-05', version: saved.data?.updateVisit.visit?.version },
      errors: [{ code: 'STALE_WRITE' }],
      studyPatient: { id: studyPatientId, visits: [{ visitDate: '2025-03-05' }] },
    });
  });

  it('deletes a study patient: gone from the table, shown read-only when opened', async () => {
    const studyPatientId = await fixtures.createPatient();
    const DELETE = `mutation($input: DeleteStudyPatientInput!) { deleteStudyPatient(input: $input) { deletedStudyPatientId ${ERRORS} } }`;
    const reasonForChange = 'Doppelt angelegt';
    expect(errorCodes(await as('casemanager', DELETE, { input: { id: studyPatientId, reasonForChange } }))).toEqual(['FORBIDDEN']);
    // A blank reason is no reason, as on REST (issue 15).
    const blank = await as<{ deleteStudyPatient: UserErrors }>('datamanager', DELETE, {
      input: { id: studyPatientId, reasonForChange: ' ' },
    });
    expect(blank.data?.deleteStudyPatient.errors.map((e) => e.code)).toEqual(['REASON_REQUIRED']);
    const deleted = await as<{ deleteStudyPatient: UserErrors & { deletedStudyPatientId: string | null } }>('datamanager', DELETE, {
      input: { id: studyPatientId, reasonForChange },
    });
    expect(deleted.data?.deleteStudyPatient).toEqual({ deletedStudyPatientId: studyPatientId, errors: [] });
    const patient = await fixtures.graph<{ node: { pseudonym: string; viewerCan: Record<string, boolean> } }>(
      'query($id: ID!) { node(id: $id) { ... on StudyPatient { pseudonym viewerCan { edit delete document lockFields } } } }',
      { id: studyPatientId },
    );
    expect(patient.data.node.viewerCan).toEqual({ edit: false, delete: false, document: false, lockFields: false });
    const { studyId } = await fixtures.location();
    const TABLE = `query($studyId: ID!, $filter: StudyPatientFilter) { studyPatients(studyId: $studyId, filter: $filter) { edges { node { id } } } }`;
    const listed = async (includeDeleted: boolean) =>
      (
        await fixtures.graph<{ studyPatients: { edges: { node: { id: string } }[] } }>(TABLE, {
          studyId,
          filter: { search: patient.data.node.pseudonym, includeDeleted },
        })
      ).data.studyPatients.edges.map((e) => e.node.id);
    expect(await listed(false)).toEqual([]);
    expect(await listed(true)).toEqual([studyPatientId]);
  });
});

describe('field locks', () => {
  it('locks a field so that a save refuses it with FIELD_LOCKED; only data management may lock', async () => {
    const { studyPatientId, instrument } = await baselineWithStaging();
    type Field = { id: string; lockedManually: boolean; editable: boolean; definition: { identifier: string } };
    const read = async () =>
      (
        await fixtures.graph<{ node: { version: number; fields: (Field & { childFields: Field[] })[] } }>(
          `query($id: ID!) { node(id: $id) { ... on Instrument { version fields { id definition { identifier }
        childFields { id lockedManually editable definition { identifier } } } } } }`,
          { id: instrument.id },
        )
      ).data.node;
    const before = await read();
    const tnmField = before.fields.find((f) => f.definition.identifier === 'tnm');
    const t = tnmField?.childFields.find((f) => f.definition.identifier === 't');
    const LOCK = `mutation($input: SetFieldLockInput!) { setFieldLock(input: $input) { studyPatient { id } ${ERRORS} } }`;
    type Locked = { setFieldLock: UserErrors & { studyPatient: { id: string } | null } };
    const input = { studyPatientId, fieldId: t?.id, ownerVersion: before.version, lockedManually: true };
    expect(errorCodes(await as('casemanager', LOCK, { input }))).toEqual(['FORBIDDEN']);
    const foreign = await as<Locked>('datamanager', LOCK, { input: { ...input, studyPatientId: await fixtures.createPatient() } });
    expect(foreign.data?.setFieldLock.errors).toMatchObject([{ code: 'INVALID_VALUE', path: ['fieldId'] }]);
    const locked = await as<Locked>('datamanager', LOCK, { input });
    expect(locked.data?.setFieldLock).toEqual({ studyPatient: { id: studyPatientId }, errors: [] });
    const after = await read();
    expect(after.fields.flatMap((f) => f.childFields).find((f) => f.id === t?.id)).toMatchObject({
      lockedManually: true,
      editable: false,
    });
    const stale = await as<Locked>('datamanager', LOCK, { input: { ...input, lockedManually: false } });
    expect(stale.data?.setFieldLock).toMatchObject({ errors: [{ code: 'STALE_WRITE' }], studyPatient: { id: studyPatientId } });
    const { tnm, t: tDefinition } = await fixtures.staging();
    const save = await as<{ updateInstrument: UserErrors }>(
      'casemanager',
      `mutation($input: UpdateInstrumentInput!) { updateInstrument(input: $input) { ${ERRORS} } }`,
      {
        input: {
          id: instrument.id,
          version: after.version,
          fields: [
            {
              id: tnmField?.id,
              definitionKey: tnm,
              childFields: [{ id: t?.id, definitionKey: tDefinition, values: [{ value: '3' }] }],
            },
          ],
        },
      },
    );
    expect(save.data?.updateInstrument.errors).toMatchObject([
      { code: 'FIELD_LOCKED', path: ['fields', '0', 'childFields', '0'], fieldId: t?.id },
    ]);
  });
});
