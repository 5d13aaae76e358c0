/**
 * A verification flag's change as every writer records it (ecrf-calls.md §3 "Data verification flag"): the audit row
 * and the VerificationFlagChanged event, in the change's transaction. Flag routes and documentation saves (which
 * break or obsolete flags, form-saved.ts) both change flags, so this lives with the documentation.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { recordEvent } from '../events/domain-events.js';
import type { StudyPatientRow } from './study-patients.sql.js';
import type { VerificationFlagRow } from './verification-flags.sql.js';
import type { VerificationFlagDto } from './verification-flags.schemas.js';

export function flagDto(row: VerificationFlagRow): VerificationFlagDto {
  return {
    id: row.id,
    studyPatientId: row.study_patient_id,
    dataFieldId: row.data_field_id,
    typeIdentifier: row.type_identifier,
    state: row.state,
    changedBy: row.changed_by,
    changedAt: row.changed_at.toISOString(),
    version: row.version,
  };
}

/** Audit row and event of a flag change, in the change's transaction. */
export async function recordFlagChange(
  trx: Kysely<DB>,
  patient: Pick<StudyPatientRow, 'studyId' | 'studyInstituteId' | 'id'>,
  actor: AuditActor,
  before: VerificationFlagRow | null,
  after: VerificationFlagRow,
): Promise<void> {
  const snapshot = (row: VerificationFlagRow) => ({
    dataFieldId: row.data_field_id,
    typeIdentifier: row.type_identifier,
    state: row.state,
    version: row.version,
  });
  await audit(trx, {
    actor,
    tableName: 'data_verification_flag',
    recordId: after.id,
    operation: before ? 'Update' : 'Create',
    oldValue: before ? snapshot(before) : null,
    newValue: snapshot(after),
  });
  await recordEvent(trx, {
    type: 'VerificationFlagChanged',
    studyId: patient.studyId,
    studyPatientId: patient.id,
    studyInstituteId: patient.studyInstituteId,
    payload: { flagId: after.id, dataFieldId: after.data_field_id, typeIdentifier: after.type_identifier, state: after.state },
  });
}
