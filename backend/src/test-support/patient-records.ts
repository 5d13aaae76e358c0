/**
 * One documented study patient at a location with a record of every kind a route can address by id
 * (issue 15 item 10): visit, instrument, data field, case process step, query and verification flag, and
 * which path parameter names which kind. The rights matrix fills path parameters from here.
 */
import type { Database } from '../db/database.js';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  fieldAt,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from './documentation-fixtures.js';
import { createTestUser, signIn, type TestBackend } from './test-backend.js';

export type RecordKind =
  'studyPatient' | 'patient' | 'visit' | 'instrument' | 'dataField' | 'caseProcess' | 'query' | 'verificationFlag' | 'location';

export type PatientRecords = Record<RecordKind, string>;

/**
 * Body properties naming the records, for routes that also take them in the body (a field's query names its
 * patient, a location's query its study); the query type is one the demo study defines.
 */
export const bodyValuesOf = (records: PatientRecords, studyId: string): Record<string, string> => ({
  studyPatientId: records.studyPatient,
  studyId,
  queryTypeIdentifier: 'plausibility',
});

/** Record kinds by parameter name; `id` takes the kind of the path's first segment. */
const kindOfParameter: Record<string, RecordKind> = {
  studyPatientId: 'studyPatient',
  patientId: 'patient',
  visitId: 'visit',
  instrumentId: 'instrument',
  dataFieldId: 'dataField',
  studyInstituteId: 'location',
};
const kindOfId: Record<string, RecordKind> = {
  StudyPatient: 'studyPatient',
  Patient: 'patient',
  Visit: 'visit',
  Instrument: 'instrument',
  DataField: 'dataField',
  CaseProcess: 'caseProcess',
  Query: 'query',
  DataVerificationFlag: 'verificationFlag',
};

/** The record kind a path parameter of `/api/v1.0/...` names, or undefined when it names none of a patient. */
export function recordKindOf(url: string, parameter: string): RecordKind | undefined {
  const [first, second] = url.replace(/^\/api\/v1\.0\//, '').split('/');
  if (parameter !== 'id') return kindOfParameter[parameter];
  // StudyPatient/patient/{id} addresses the patient behind the study patients.
  if (first === 'StudyPatient' && second === 'patient') return 'patient';
  return first ? kindOfId[first] : undefined;
}

/**
 * Makes fresh records at `location` (institute identifier) on each call, as a physician and a data manager
 * working there (signed in once).
 */
export async function patientRecordsAt(
  backend: TestBackend,
  registry: DemoRegistry,
  location: string,
): Promise<() => Promise<PatientRecords>> {
  const physician = await signedIn(backend, 'Physician', location);
  const dataManager = await signedIn(backend, 'DataManager', location);
  return () => createPatientRecords({ backend, registry, location, physician, dataManager });
}

type Makers = { backend: TestBackend; registry: DemoRegistry; location: string; physician: Api; dataManager: Api };

async function createPatientRecords({ backend, registry, location, physician, dataManager }: Makers): Promise<PatientRecords> {
  const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry, location);
  const ecog = fieldDefinitionId(registry.index, 'performance', 'ecog');
  const instrument = await createInstrument(physician, registry, studyPatientId, baseline.id, 'performance', [valueField(ecog, '1')]);
  const dataField = fieldAt(registry.index, instrument.fields, 'ecog')?.id ?? '';
  const step = await created<{ steps: { id: string }[] }>(physician, 'CaseProcess', {
    visitId: baseline.id,
    definitionIdentifier: 'step_10',
    order: 10,
    state: 'complete',
    mainStateIdentifier: 'diagnostics',
    subStates: [],
  });
  const query = await created<{ id: string }>(dataManager, `Query/field/${dataField}`, {
    title: 'ECOG prüfen',
    text: 'Bitte ECOG prüfen.',
    queryTypeIdentifier: 'plausibility',
    studyPatientId,
  });
  const flag = await created<{ id: string }>(dataManager, 'DataVerificationFlag', {
    typeIdentifier: 'sdv',
    verified: true,
    studyPatientId,
    dataFieldId: dataField,
  });
  return {
    studyPatient: studyPatientId,
    patient: await patientOf(backend.database, studyPatientId),
    visit: baseline.id,
    instrument: instrument.id,
    dataField,
    caseProcess: step.steps[0]?.id ?? '',
    query: query.id,
    verificationFlag: flag.id,
    location: registry.locationOf(location),
  };
}

async function signedIn(backend: TestBackend, role: 'Physician' | 'DataManager', location: string): Promise<Api> {
  const user = await createTestUser(backend.database, { role, institutes: [location] });
  return api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
}

async function created<T>(client: Api, url: string, body: unknown): Promise<T> {
  const answer = await client.send<T>('POST', url, body);
  if (answer.status !== 201) throw new Error(`POST ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function patientOf(database: Database, studyPatientId: string): Promise<string> {
  const row = await database.db.selectFrom('study_patient').select('patient_id').where('id', '=', studyPatientId).executeTakeFirstOrThrow();
  return row.patient_id;
}
