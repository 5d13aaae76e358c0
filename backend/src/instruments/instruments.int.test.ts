import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentDto } from '../patient-documentation/patient-documents.js';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  fieldAt,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let dataManager: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const doctor = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  const manager = await createTestUser(backend.database, { role: 'DataManager', institutes: ['1001'] });
  physician = api(backend.app, (await signIn(backend.app, doctor.userName, doctor.password)).token);
  dataManager = api(backend.app, (await signIn(backend.app, manager.userName, manager.password)).token);
});
afterAll(() => backend.close());

const diag = (path: string) => fieldDefinitionId(registry.index, 'diagnosis', path);
const stag = (path: string) => fieldDefinitionId(registry.index, 'staging', path);
type Error409 = { code: string; message: string; current?: InstrumentDto; fieldId?: string };

/** A complete diagnosis. */
const completeDiagnosis = () => [
  valueField(diag('diag_date'), '2023-01-20'),
  valueField(diag('icd10'), 'C34.1'),
  valueField(diag('morphology'), '8140/3'),
];

/** Complete staging with M1c (UICC IVB is populated by the rules). */
const completeStaging = () => [
  valueField(stag('tnm_version'), '8'),
  {
    definitionId: stag('tnm'),
    childFields: [valueField(stag('tnm.t'), '2a'), valueField(stag('tnm.n'), '1'), valueField(stag('tnm.m'), '1c')],
  },
];

describe('instruments with the rules of @ecrf/rules', () => {
  it('moves an instrument from new over missing_data to complete and populates display values', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const created = await createInstrument(physician, registry, studyPatientId, baseline.id, 'diagnosis');
    expect(created.state).toBe('new');
    expect(created.version).toBe(1);

    const partial = await physician.send<InstrumentDto>('PUT', `Instrument/${created.id}`, {
      version: 1,
      fields: [valueField(diag('diag_date'), '2023-01-20')],
    });
    expect(partial.status).toBe(200);
    expect(partial.body.state).toBe('missing_data');
    expect(partial.body.version).toBe(2);

    const complete = await physician.send<InstrumentDto>('PUT', `Instrument/${created.id}`, {
      version: 2,
      fields: completeDiagnosis().slice(1),
    });
    expect(complete.status).toBe(200);
    expect(complete.body.state).toBe('complete');

    const staging = await createInstrument(physician, registry, studyPatientId, baseline.id, 'staging', completeStaging());
    expect(staging.state).toBe('complete');
    expect(fieldAt(registry.index, staging.fields, 'uicc')?.values).toEqual([{ value: 'IVB' }]);
    expect(fieldAt(registry.index, staging.fields, 'met_sites')?.isVisible ?? true).toBe(true);

    const visit = await physician.get<{ state: string }>(`Visit/${baseline.id}`);
    expect(visit.body.state).toBe('missing_data');
  });

  it('shows a field by its visibility rule and empties it when it turns invisible', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const instrument = await createInstrument(physician, registry, studyPatientId, baseline.id, 'diagnosis', [
      valueField(diag('morphology'), 'other'),
      valueField(diag('morphology_code'), '8250/3'),
    ]);
    const code = fieldAt(registry.index, instrument.fields, 'morphology_code');
    expect(code?.isVisible).toBe(true);
    expect(code?.values).toEqual([{ value: '8250/3' }]);
    const morphology = fieldAt(registry.index, instrument.fields, 'morphology');

    const saved = await physician.send<InstrumentDto>('PUT', `Instrument/${instrument.id}`, {
      version: 1,
      fields: [valueField(diag('morphology'), '8070/3', morphology?.id)],
    });
    expect(saved.status).toBe(200);
    const hidden = fieldAt(registry.index, saved.body.fields, 'morphology_code');
    expect(hidden?.isVisible).toBe(false);
    expect(hidden?.values).toEqual([]);
  });

  it('refuses a stale save with 409 and the newer state, losing nothing of the first save', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const instrument = await createInstrument(physician, registry, studyPatientId, baseline.id, 'diagnosis');
    const first = await physician.send<InstrumentDto>('PUT', `Instrument/${instrument.id}`, {
      version: 1,
      fields: [valueField(diag('icd10'), 'C34.1')],
    });
    expect(first.status).toBe(200);
    const second = await dataManager.send<Error409>('PUT', `Instrument/${instrument.id}`, {
      version: 1,
      fields: [valueField(diag('icd10'), 'C34.3')],
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('ECRF_ERR_STALE_WRITE');
    expect(second.body.message).toContain('inzwischen von einer anderen Person geändert');
    expect(second.body.current?.version).toBe(2);
    expect(fieldAt(registry.index, second.body.current?.fields ?? [], 'icd10')?.values).toEqual([{ value: 'C34.1' }]);
    const stored = await physician.get<InstrumentDto>(`Instrument/${instrument.id}`);
    expect(fieldAt(registry.index, stored.body.fields, 'icd10')?.values).toEqual([{ value: 'C34.1' }]);
  });

  it('refuses writes to locked fields and display values, and needs a reason once complete', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const empty = await createInstrument(physician, registry, studyPatientId, baseline.id, 'diagnosis');
    const done = await physician.send<InstrumentDto>('PUT', `Instrument/${empty.id}`, { version: 1, fields: completeDiagnosis() });
    expect(done.body.state).toBe('complete');

    const icd = fieldAt(registry.index, done.body.fields, 'icd10');
    const noReason = await physician.send<Error409>('PUT', `Instrument/${empty.id}`, {
      version: 2,
      fields: [valueField(diag('icd10'), 'C34.2', icd?.id)],
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.code).toBe('ECRF_ERR_REASON_REQUIRED');
    const withReason = await physician.send<InstrumentDto>('PUT', `Instrument/${empty.id}`, {
      version: 2,
      reasonForChange: 'Korrektur nach Arztbrief',
      fields: [valueField(diag('icd10'), 'C34.2', icd?.id)],
    });
    expect(withReason.status).toBe(200);
    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['reason', 'old_value', 'new_value'])
      .where('record_id', '=', empty.id)
      .where('operation', '=', 'Update')
      .orderBy('occurred_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(trail.reason).toBe('Korrektur nach Arztbrief');
    expect(JSON.stringify(trail.old_value)).toContain('C34.1');
    expect(JSON.stringify(trail.new_value)).toContain('C34.2');

    const staging = await createInstrument(physician, registry, studyPatientId, baseline.id, 'staging', completeStaging());
    const uicc = fieldAt(registry.index, staging.fields, 'uicc');
    const display = await physician.send<Error409>('PUT', `Instrument/${staging.id}`, {
      version: 1,
      reasonForChange: 'x',
      fields: [valueField(stag('uicc'), 'IVA', uicc?.id)],
    });
    expect(display.status).toBe(422);
    expect(display.body).toMatchObject({ code: 'ECRF_ERR_FIELD_NOT_EDITABLE', fieldId: uicc?.id });

    const denied = await physician.send<Error409>('PUT', `DataField/${icd?.id ?? ''}`, { version: 3, lockedManually: true });
    expect(denied.status).toBe(403);
    const locked = await dataManager.send<{ owner: { version: number }; field: { lockedManually: boolean } }>(
      'PUT',
      `DataField/${icd?.id ?? ''}`,
      { version: 3, lockedManually: true, reasonForChange: 'Monitoring abgeschlossen' },
    );
    expect(locked.status).toBe(200);
    expect(locked.body.field.lockedManually).toBe(true);
    const refused = await physician.send<Error409>('PUT', `Instrument/${empty.id}`, {
      version: 4,
      reasonForChange: 'x',
      fields: [valueField(diag('icd10'), 'C34.9', icd?.id)],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ECRF_ERR_FIELD_LOCKED', message: 'Das Feld ist gesperrt und kann nicht geändert werden.' });

    const future = await dataManager.send('PUT', `DataField/${icd?.id ?? ''}`, {
      version: 4,
      lockedManually: false,
      lockedAutomatically: true,
      lockDate: '2999-01-01',
    });
    expect(future.status).toBe(200);
    const beforeLockDate = await physician.send<InstrumentDto>('PUT', `Instrument/${empty.id}`, {
      version: 5,
      reasonForChange: 'Sperre erst ab 2999',
      fields: [valueField(diag('icd10'), 'C34.9', icd?.id)],
    });
    expect(beforeLockDate.status).toBe(200);
  });

  it('applies the consent 4.1 entry rules: the withdrawal date appears and is emptied by its rule', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const c = (path: string) => fieldDefinitionId(registry.index, 'consents', path);
    const entry = (reason: string, withdrawal: string | null) => [
      {
        definitionId: c('consent_4_1'),
        childFields: [
          {
            definitionId: c('consent_4_1.consent_entry'),
            childFields: [
              valueField(c('consent_4_1.consent_entry.consent_date'), '2023-02-01'),
              ...['policy_processing', 'policy_contact', 'policy_retro_health_insurance', 'policy_health_insurance'].map((p) =>
                valueField(c(`consent_4_1.consent_entry.${p}`), 'yes'),
              ),
              valueField(c('consent_4_1.consent_entry.change_reason'), reason),
              ...(withdrawal ? [valueField(c('consent_4_1.consent_entry.withdrawal_date'), withdrawal)] : []),
            ],
          },
        ],
      },
    ];
    const withdrawn = await createInstrument(
      physician,
      registry,
      studyPatientId,
      baseline.id,
      'consents',
      entry('patientWithdrawal', null),
    );
    expect(withdrawn.state).toBe('missing_data');
    const list = fieldAt(registry.index, withdrawn.fields, 'consent_4_1');
    expect(list?.childFields[0]?.order).toBe(10);

    const corrected = await createInstrument(
      physician,
      registry,
      (await createPatientWithBaseline(physician, registry)).studyPatientId,
      null,
      'tumour_board',
    );
    expect(corrected.visitId).toBeNull();
    const other = await createPatientWithBaseline(physician, registry);
    const correction = await createInstrument(
      physician,
      registry,
      other.studyPatientId,
      other.baseline.id,
      'consents',
      entry('correction', '2023-05-01'),
    );
    const date = fieldAt(registry.index, correction.fields, 'consent_4_1.consent_entry.withdrawal_date');
    expect(date?.isVisible).toBe(false);
    expect(date?.values).toEqual([]);
    expect(correction.state).toBe('complete');
  });
});

describe('consent 4 in the same save', () => {
  it('derives consent4_given from the state the save gives the consents instrument', async () => {
    const { studyPatientId, baseline } = await createPatientWithBaseline(physician, registry);
    const c = (path: string) => fieldDefinitionId(registry.index, 'consents', path);
    const consents = await createInstrument(physician, registry, studyPatientId, baseline.id, 'consents', [
      {
        definitionId: c('consent_4_1'),
        childFields: [
          {
            definitionId: c('consent_4_1.consent_entry'),
            childFields: [
              valueField(c('consent_4_1.consent_entry.consent_date'), '2023-02-01'),
              ...['policy_processing', 'policy_contact', 'policy_retro_health_insurance', 'policy_health_insurance'].map((p) =>
                valueField(c(`consent_4_1.consent_entry.${p}`), 'yes'),
              ),
            ],
          },
        ],
      },
    ]);
    expect(consents.state).toBe('complete');
    expect(fieldAt(registry.index, consents.fields, 'consent4_given')?.values).toEqual([{ value: 'yes' }]);
  });
});
