/**
 * The FHIR R4 export through the job runner (issue 28 "Done when"): every resource of the registry validates
 * against FHIR R4 base with 0 errors, every reference resolves within the export, the NDJSON read back holds
 * what the REST API shows, `since` exports only what changed after it, and a role without the right is refused.
 */
import type { Condition, Consent, Encounter, Observation, Patient, Procedure, QuestionnaireResponse, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldInput } from '../../patient-documentation/field-instance.schemas.js';
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
  type Api,
  type DemoRegistry,
} from '../../test-support/documentation-fixtures.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../../test-support/test-backend.js';
import { runExport } from '../export-jobs.test-support.js';
import { documentEveryFieldType } from '../roundtrip-documentation.test-support.js';
import { readFhirZip, referencesOf, validationErrors } from './fhir-validation.test-support.js';

let backend: TestBackend;
let registry: DemoRegistry;
let token: string;
let client: Api;
let everyType: string;
let oncology: {
  studyPatientId: string;
  diagnosis: InstrumentDto;
  performance: InstrumentDto;
  consents: InstrumentDto;
  smoking: InstrumentDto;
};
let exported: Map<string, Resource[]>;

const path = () => `study/${registry.studyId}/fhir-export`;
const all = (resources: Map<string, Resource[]>) => [...resources.values()].flat();
const ofPatient = (resources: Resource[], studyPatientId: string) =>
  resources.filter((r) => (r.resourceType === 'Patient' ? r.id === studyPatientId : referencesOf(r).includes(`Patient/${studyPatientId}`)));

async function documentOncology(): Promise<typeof oncology> {
  const id = (form: string, fieldPath: string) => fieldDefinitionId(registry.index, form, fieldPath);
  const value = (form: string, fieldPath: string, text: string) => valueField(id(form, fieldPath), text);
  const group = (form: string, fieldPath: string, childFields: FieldInput[]): FieldInput => ({
    definitionId: id(form, fieldPath),
    childFields,
  });
  const { studyPatientId, baseline } = await createPatientWithBaseline(client, registry, '2002', '2022-06-01');
  const at = (form: string, fields: FieldInput[]) => createInstrument(client, registry, studyPatientId, baseline.id, form, fields);
  const diagnosis = await at('diagnosis', [
    value('diagnosis', 'diag_date', '2022-05-20'),
    value('diagnosis', 'icd10', 'C34.3'),
    value('diagnosis', 'topography', 'C34.3'),
    value('diagnosis', 'morphology', '8070/3'),
    value('diagnosis', 'laterality', 'R'),
  ]);
  const smoking = await at('smoking_history', [
    value('smoking_history', 'smoking_status', 'former'),
    value('smoking_history', 'pack_years', '37'),
  ]);
  const performance = await at('performance', [value('performance', 'ecog', '1'), value('performance', 'ecog_date', '2022-06-01')]);
  const entry = 'consent_4_1.consent_entry';
  const consents = await at('consents', [
    group('consents', 'consent_4_1', [
      group('consents', entry, [
        value('consents', `${entry}.consent_date`, '2022-05-30'),
        value('consents', `${entry}.policy_processing`, 'yes'),
        value('consents', `${entry}.policy_contact`, 'no'),
      ]),
    ]),
  ]);
  await createCompleteFollowUp(client, registry, studyPatientId, '2022-09-01');
  return { studyPatientId, diagnosis, performance, consents, smoking };
}

beforeAll(async () => {
  backend = await createTestBackend({}, undefined, { exportWorkers: true });
  registry = await demoRegistry(backend.database);
  const manager = await createTestUser(backend.database, { role: 'SuperAdmin' });
  token = (await signIn(backend.app, manager.userName, manager.password)).token;
  // Documentation as clinicians write it; the export by a super administrator (every location).
  const physician = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001', '2002'] });
  client = api(backend.app, (await signIn(backend.app, physician.userName, physician.password)).token);
  everyType = await documentEveryFieldType(client, registry, backend.database);
  oncology = await documentOncology();
  exported = readFhirZip((await runExport(backend, token, path())).file);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe('the FHIR export of the registry', () => {
  it('writes one NDJSON file per resource type, every resource valid FHIR R4 (0 errors)', () => {
    expect([...exported.keys()]).toEqual(
      expect.arrayContaining([
        'Patient',
        'Encounter',
        'Condition',
        'Observation',
        'Procedure',
        'MedicationStatement',
        'Consent',
        'QuestionnaireResponse',
      ]),
    );
    const resources = all(exported);
    expect(resources.length).toBeGreaterThan(20);
    for (const [type, list] of exported) expect(list.every((r) => r.resourceType === type)).toBe(true);
    expect(resources.flatMap(validationErrors)).toEqual([]);
  });

  it('resolves every reference within the export, and no two resources of a type share an id', () => {
    const known = new Set(all(exported).map((r) => `${r.resourceType}/${r.id ?? ''}`));
    expect(known.size).toBe(all(exported).length);
    const dangling = all(exported).flatMap((r) => referencesOf(r).filter((reference) => !known.has(reference)));
    expect(dangling).toEqual([]);
  });

  it('holds what the REST API shows: the pseudonym, the diagnosis, ECOG, smoking, consent and the therapy lines', async () => {
    const resources = ofPatient(all(exported), oncology.studyPatientId);
    const shown = await client.get<{ pseudonym: string; visits: { id: string; visitDate: string | null }[] }>(
      `StudyPatient/${oncology.studyPatientId}/context`,
    );
    const patient = resources.find((r): r is Patient => r.resourceType === 'Patient');
    expect(patient?.identifier?.[0]?.value).toBe(shown.body.pseudonym);
    const encounters = resources.filter((r): r is Encounter => r.resourceType === 'Encounter');
    expect(encounters.map((e) => [e.id, e.period?.start])).toEqual(shown.body.visits.map((v) => [v.id, v.visitDate ?? undefined]));
    const field = (instrument: InstrumentDto, fieldPath: string) => fieldAt(registry.index, instrument.fields, fieldPath)?.values[0]?.value;
    const condition = resources.find((r): r is Condition => r.resourceType === 'Condition');
    expect(condition?.id).toBe(oncology.diagnosis.id);
    expect(condition?.code?.coding?.[0]).toMatchObject({
      system: 'http://fhir.de/CodeSystem/bfarm/icd-10-gm',
      code: field(oncology.diagnosis, 'icd10'),
    });
    expect(condition?.recordedDate).toBe(field(oncology.diagnosis, 'diag_date'));
    const observation = (id: string) => resources.find((r): r is Observation => r.resourceType === 'Observation' && r.id === id);
    expect(observation(`${oncology.diagnosis.id}-histology`)?.valueCodeableConcept?.coding?.[0]?.code).toBe(
      field(oncology.diagnosis, 'morphology'),
    );
    expect(observation(`${oncology.performance.id}-ecog`)?.valueCodeableConcept?.coding?.map((c) => c.code)).toEqual([
      'LA9623-5',
      field(oncology.performance, 'ecog'),
    ]);
    expect(observation(`${oncology.smoking.id}-smoking-status`)?.valueCodeableConcept?.coding?.[0]?.code).toBe('8517006');
    expect(observation(`${oncology.smoking.id}-pack-years`)?.valueQuantity?.value).toBe(Number(field(oncology.smoking, 'pack_years')));
    const consent = resources.find((r): r is Consent => r.resourceType === 'Consent');
    expect(consent?.dateTime).toBe('2022-05-30');
    expect(consent?.provision?.provision?.map((p) => [p.code?.[0]?.coding?.[0]?.code, p.type])).toEqual([
      ['policy_processing', 'permit'],
      ['policy_contact', 'deny'],
    ]);
    // The laterality has no resource of its own: it is in the diagnosis' QuestionnaireResponse.
    const rest = resources.find(
      (r): r is QuestionnaireResponse => r.resourceType === 'QuestionnaireResponse' && r.id === oncology.diagnosis.id,
    );
    expect(rest?.item?.map((i) => [i.linkId, i.answer?.[0]?.valueCoding?.code])).toEqual([['laterality', 'R']]);
  });

  it('keeps every documented value of the patient with a value of every field type', () => {
    const resources = ofPatient(all(exported), everyType);
    const procedures = resources.filter((r): r is Procedure => r.resourceType === 'Procedure');
    expect(procedures.map((p) => [p.status, p.performedPeriod])).toEqual([
      ['completed', { start: '2023-03-01', end: '2023-08' }],
      ['in-progress', { start: '2023-09' }],
    ]);
    const texts = JSON.stringify(resources);
    for (const text of ['Zeile nach Leerzeile', "'=1+1 mit Apostroph", 'Übelkeit', '+C34.1 rechts']) expect(texts).toContain(text);
    // Values the mapping has no element for are in the form's QuestionnaireResponse, list entries numbered.
    const answered = resources.flatMap((r) => (r.resourceType === 'QuestionnaireResponse' ? (r.item ?? []).map((i) => i.linkId) : []));
    expect(answered).toEqual(
      expect.arrayContaining([
        'family_physician',
        'lab',
        'network_partner',
        'treating_physician',
        'therapy_lines.therapy_line[1].line_no',
        'therapy_lines.therapy_line[1].end_reason',
        'therapy_lines.therapy_line[2].line_no',
        'adverse_events.ae_other.ae_term',
      ]),
    );
    const pdl1 = resources.find((r): r is Observation => r.resourceType === 'Observation' && r.id?.endsWith('-pdl1-tps') === true);
    expect(pdl1?.valueQuantity).toMatchObject({ value: 12.5, code: '%' });
  });

  it('with since, exports only the resources whose documentation changed after it', async () => {
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ecog = fieldAt(registry.index, oncology.performance.fields, 'ecog');
    const saved = await client.send<InstrumentDto>('PUT', `Instrument/${oncology.performance.id}`, {
      version: oncology.performance.version,
      fields: [valueField(fieldDefinitionId(registry.index, 'performance', 'ecog'), '2', ecog?.id)],
      reasonForChange: 'Befund nachgetragen',
    });
    expect(saved.status).toBe(200);
    const changed = readFhirZip((await runExport(backend, token, path(), { since: since.toISOString() })).file);
    expect(ofPatient(all(changed), oncology.studyPatientId).map((r) => `${r.resourceType}/${r.id ?? ''}`)).toEqual([
      `Observation/${oncology.performance.id}-ecog`,
    ]);
    expect(all(changed).every((r) => Date.parse(r.meta?.lastUpdated ?? '') > since.getTime())).toBe(true);
    expect(ofPatient(all(changed), everyType)).toEqual([]);
  });

  it('with types, only those resource types; an unknown type is refused naming the field', async () => {
    const { file } = await runExport(backend, token, path(), { types: ['Patient', 'Consent'] });
    expect([...readFhirZip(file).keys()].sort()).toEqual(['Consent', 'Patient']);
    const refused = await backend.app.inject({
      method: 'POST',
      url: `/api/v1.0/${path()}`,
      headers: bearer(token),
      payload: { types: ['Basic'] },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a role without the CSV export right (403)', async () => {
    const physician = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
    const { token: theirs } = await signIn(backend.app, physician.userName, physician.password);
    const refused = await backend.app.inject({ method: 'POST', url: `/api/v1.0/${path()}`, headers: bearer(theirs), payload: {} });
    expect(refused.statusCode).toBe(403);
  });
});
