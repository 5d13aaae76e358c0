/**
 * Demo study patients (issue 5): three per demo location, two with a baseline visit and one registered
 * but not yet documented, so the patient screens have data on a fresh start and a baseline can be begun. Pseudonyms only, never names: identities belong to the
 * pseudonymisation service (ARCHITECTURE.md). Audited as 'system' with reason 'seed'.
 */
import { randomUUID } from 'node:crypto';
import type { DataFieldInstance } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { insertPatient } from '../patients/patients.sql.js';
import { studyIdOf } from '../studies/studies.sql.js';
import { insertStudyPatient } from '../patient-documentation/study-patients.sql.js';
import { insertVisit } from '../patient-documentation/visits.sql.js';
import { DEMO_INSTITUTES, DEMO_STUDY } from './demo-data.js';
import { findLocationByInstitute } from './seed.sql.js';

/**
 * Registration (and baseline) dates of the demo patients per location: one long enough ago for the DigiNet
 * follow-up, one recent, and one without a baseline yet.
 */
const DEMO_PATIENTS = [
  { registered: '2022-03-15', withBaseline: true },
  { registered: '2025-02-03', withBaseline: true },
  { registered: '2026-09-01', withBaseline: false },
] as const;

const valueInstance = (definitionId: string, value: string, order: number): DataFieldInstance => ({
  id: randomUUID(),
  definitionId,
  values: [{ value }],
  tags: [],
  order,
  isDeleted: false,
  isVisible: true,
  lockedManually: false,
  lockedAutomatically: false,
  lockDate: null,
  creationDate: new Date().toISOString(),
  creatingUser: SYSTEM_ACTOR.userName,
  changeDate: null,
  changingUser: null,
  childFields: [],
});

export async function seedDemoPatients(db: Kysely<DB>): Promise<void> {
  const studyId = await studyIdOf(db, DEMO_STUDY.identifier, { includeDeleted: true });
  const definition = studyId ? await currentDefinitionOf(db, studyId) : undefined;
  if (!studyId || !definition) return;
  const index = await definitionIndex(db, definition.id, definition.version);
  const baseline = index.visitByIdentifier.get('baseline');
  const dateField = baseline?.fields.find((f) => f.identifier === 'baseline_date');
  if (!baseline || !dateField) return;
  await db.transaction().execute(async (trx) => {
    for (const institute of DEMO_INSTITUTES) {
      const locationId = await findLocationByInstitute(trx, studyId, institute.identifier);
      for (const [n, { registered: date, withBaseline }] of DEMO_PATIENTS.entries()) {
        const pseudonym = `DEMO-${institute.identifier}-${n + 1}`;
        const patient = await insertPatient(trx, { pseudonym, registration_date: date });
        const studyPatientId = await insertStudyPatient(trx, {
          patient_id: patient.id,
          study_id: studyId,
          study_institute_id: locationId,
          study_definition_id: definition.id,
          definition_version: definition.version,
          fields: '[]',
        });
        await audit(trx, {
          actor: SYSTEM_ACTOR,
          tableName: 'patient',
          recordId: patient.id,
          operation: 'Create',
          newValue: { pseudonym, registrationDate: date },
          reason: 'seed',
        });
        await audit(trx, {
          actor: SYSTEM_ACTOR,
          tableName: 'study_patient',
          recordId: studyPatientId,
          operation: 'Create',
          newValue: { patientId: patient.id, studyInstituteId: locationId },
          reason: 'seed',
        });
        if (!withBaseline) continue;
        const visit = await insertVisit(trx, {
          study_patient_id: studyPatientId,
          definition_id: baseline.id,
          sort_order: baseline.order,
          visit_date: date,
          state: 'missing_data',
          fields: JSON.stringify([valueInstance(dateField.id, date, dateField.order)]),
          created_by: SYSTEM_ACTOR.userName,
          changed_by: SYSTEM_ACTOR.userName,
        });
        await audit(trx, {
          actor: SYSTEM_ACTOR,
          tableName: 'visit',
          recordId: visit.id,
          operation: 'Create',
          newValue: { definition: 'baseline', visitDate: date },
          reason: 'seed',
        });
      }
    }
  });
}
