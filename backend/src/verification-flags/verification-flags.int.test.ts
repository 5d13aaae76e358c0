/**
 * Data verification flags on the real database: setting, the existing flag (409 ALREADY_EXISTS), toggling
 * with the version read, a changed value breaking a SET flag and a deleted field making it OBSOLETE inside
 * the documentation save (with audit rows and events), and the flags in the patient context.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentDto } from '../patient-documentation/patient-documents.js';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  fieldAt,
  fieldDefinitionId,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { VerificationFlagDto } from '../patient-documentation/verification-flags.schemas.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let dataManager: Api;
let elsewhere: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const sign = async (role: 'Physician' | 'DataManager', location: string) => {
    const user = await createTestUser(backend.database, { role, institutes: [location] });
    return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
  };
  physician = await sign('Physician', '1001');
  dataManager = await sign('DataManager', '1001');
  elsewhere = await sign('Physician', '2002');
});
afterAll(() => backend.close());

type Problem = { code: string; message: string; current?: VerificationFlagDto };

async function flaggedInstrument() {
  const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
  const ecog = fieldDefinitionId(registry.index, 'performance', 'ecog');
  const ecogDate = fieldDefinitionId(registry.index, 'performance', 'ecog_date');
  const instrument = await createInstrument(physician, registry, studyPatientId, baseline.id, 'performance', [
    { definitionId: ecog, values: [{ value: '1' }] },
    { definitionId: ecogDate, values: [{ value: '2023-02-01' }] },
  ]);
  const field = (path: string) => {
    const found = fieldAt(registry.index, instrument.fields, path);
    if (!found) throw new Error(`no field ${path}`);
    return found;
  };
  return { studyPatientId, instrument, ecog: field('ecog'), ecogDate: field('ecog_date') };
}

const setFlag = (client: Api, body: Record<string, unknown>) =>
  client.send<VerificationFlagDto & Problem>('POST', 'DataVerificationFlag', { typeIdentifier: 'sdv', verified: true, ...body });

describe('verification flags', () => {
  it('sets a flag once per type and field, toggles it with the version read, and shows it in the context', async () => {
    const { studyPatientId, ecog } = await flaggedInstrument();
    const set = await setFlag(dataManager, { studyPatientId, dataFieldId: ecog.id });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({ studyPatientId, dataFieldId: ecog.id, typeIdentifier: 'sdv', state: 'SET', version: 1 });
    const again = await setFlag(dataManager, { studyPatientId, dataFieldId: ecog.id, verified: false });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_EXISTS', current: { id: set.body.id, state: 'SET' } });
    const review = await setFlag(dataManager, { studyPatientId, dataFieldId: ecog.id, typeIdentifier: 'medical_review', verified: false });
    expect(review.body.state).toBe('NOT_SET');

    const cleared = await dataManager.send<VerificationFlagDto>('PUT', `DataVerificationFlag/${set.body.id}`, {
      version: 1,
      verified: false,
    });
    expect(cleared.body).toMatchObject({ state: 'NOT_SET', version: 2 });
    const stale = await dataManager.send<Problem>('PUT', `DataVerificationFlag/${set.body.id}`, { version: 1, verified: true });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STALE_WRITE', current: { state: 'NOT_SET', version: 2 } });

    expect((await physician.get<VerificationFlagDto>(`DataVerificationFlag/${set.body.id}`)).body.state).toBe('NOT_SET');
    const ofPatient = await physician.get<VerificationFlagDto[]>(`DataVerificationFlag/studyPatient/${studyPatientId}`);
    expect(ofPatient.body.map((f) => f.typeIdentifier).sort()).toEqual(['medical_review', 'sdv']);
    const context = await physician.get<{ dataVerificationFlags: VerificationFlagDto[] }>(`StudyPatient/${studyPatientId}/context`);
    expect(context.body.dataVerificationFlags.map((f) => f.id).sort()).toEqual([set.body.id, review.body.id].sort());
    expect((await elsewhere.get(`DataVerificationFlag/${set.body.id}`)).status).toBe(404);
    expect((await elsewhere.get(`DataVerificationFlag/studyPatient/${studyPatientId}`)).status).toBe(404);
  });

  it('refuses an unknown type, an unknown field and callers without the right', async () => {
    const { studyPatientId, ecog, instrument } = await flaggedInstrument();
    const unknown = await setFlag(dataManager, { studyPatientId, dataFieldId: ecog.id, typeIdentifier: 'gibt_es_nicht' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unbekannter Verifizierungstyp 'gibt_es_nicht'.");
    expect((await setFlag(dataManager, { studyPatientId, dataFieldId: instrument.id })).status).toBe(404);
    expect((await setFlag(physician, { studyPatientId, dataFieldId: ecog.id })).status).toBe(403);
  });

  it('breaks a verified flag when a save changes the value, and makes it obsolete when the field is deleted', async () => {
    const { studyPatientId, instrument, ecog, ecogDate } = await flaggedInstrument();
    const onValue = (await setFlag(dataManager, { studyPatientId, dataFieldId: ecog.id })).body;
    const onDate = (await setFlag(dataManager, { studyPatientId, dataFieldId: ecogDate.id })).body;
    const unchanged = await physician.send<InstrumentDto>('PUT', `Instrument/${instrument.id}`, {
      version: instrument.version,
      fields: [{ id: ecog.id, definitionId: ecog.definitionId, values: [{ value: '1' }] }],
    });
    expect(unchanged.status).toBe(200);
    const changed = await physician.send<InstrumentDto>('PUT', `Instrument/${instrument.id}`, {
      version: unchanged.body.version,
      fields: [{ id: ecog.id, definitionId: ecog.definitionId, values: [{ value: '2' }] }],
      reasonForChange: 'Übertragungsfehler',
    });
    expect(changed.status).toBe(200);
    const broken = await dataManager.get<VerificationFlagDto>(`DataVerificationFlag/${onValue.id}`);
    expect(broken.body).toMatchObject({ state: 'BROKEN', version: 2 });
    expect((await dataManager.get<VerificationFlagDto>(`DataVerificationFlag/${onDate.id}`)).body.state).toBe('SET');

    const verifiedAgain = await dataManager.send<VerificationFlagDto>('PUT', `DataVerificationFlag/${onValue.id}`, {
      version: 2,
      verified: true,
    });
    expect(verifiedAgain.body.state).toBe('SET');

    const deleted = await physician.send<InstrumentDto>('PUT', `Instrument/${instrument.id}`, {
      version: changed.body.version,
      fields: [{ id: ecogDate.id, definitionId: ecogDate.definitionId, isDeleted: true }],
      reasonForChange: 'Falsch erfasst',
    });
    expect(deleted.status).toBe(200);
    expect((await dataManager.get<VerificationFlagDto>(`DataVerificationFlag/${onDate.id}`)).body.state).toBe('OBSOLETE');
    expect((await dataManager.get<VerificationFlagDto>(`DataVerificationFlag/${onValue.id}`)).body.state).toBe('SET');
    const obsolete = await dataManager.send<Problem>('PUT', `DataVerificationFlag/${onDate.id}`, { version: 2, verified: true });
    expect(obsolete.status).toBe(409);
    expect(obsolete.body.message).toBe('Das Feld dieses Flags wurde gelöscht; das Flag kann nicht mehr gesetzt werden.');

    const { db } = backend.database;
    const audits = await db
      .selectFrom('audit_trail')
      .select(['user_name', 'old_value', 'new_value'])
      .where('table_name', '=', 'data_verification_flag')
      .where('record_id', '=', onValue.id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.old_value?.state ?? null, a.new_value?.state])).toEqual([
      [null, 'SET'],
      ['SET', 'BROKEN'],
      ['BROKEN', 'SET'],
    ]);
    const events = await db
      .selectFrom('domain_event')
      .select(['type', 'payload'])
      .where('study_patient_id', '=', studyPatientId)
      .where('type', 'in', ['VerificationFlagChanged', 'DocumentationSaved'])
      .orderBy('id')
      .execute();
    const flagEvents = events.filter((e) => e.type === 'VerificationFlagChanged').map((e) => [e.payload.flagId, e.payload.state]);
    expect(flagEvents).toEqual([
      [onValue.id, 'SET'],
      [onDate.id, 'SET'],
      [onValue.id, 'BROKEN'],
      [onValue.id, 'SET'],
      [onDate.id, 'OBSOLETE'],
    ]);
    // Creation, the value change and the deletion; the save that changed nothing wrote nothing.
    expect(events.filter((e) => e.type === 'DocumentationSaved' && e.payload.instrumentId === instrument.id)).toHaveLength(3);
  });

  it('makes the flags of a deleted instrument obsolete', async () => {
    const { studyPatientId, instrument, ecog } = await flaggedInstrument();
    const flag = (await setFlag(dataManager, { studyPatientId, dataFieldId: ecog.id })).body;
    expect((await physician.send('DELETE', `Instrument/${instrument.id}?reasonOfChange=Doppelt`)).status).toBe(204);
    expect((await dataManager.get<VerificationFlagDto>(`DataVerificationFlag/${flag.id}`)).body.state).toBe('OBSOLETE');
  });
});
