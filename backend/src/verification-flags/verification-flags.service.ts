/**
 * Data verification flags (ecrf-calls.md §3, §7; docs/decisions.md "Verification flags"): a monitor sets
 * a flag of a type of the patient's definition on a field instance; the flag keeps the verified value
 * (verifiedValueKey of @ecrf/rules) so a later save that changes it breaks the flag (form-saved.ts).
 * Every change is audited and announced by a VerificationFlagChanged event in its transaction.
 */
import { verificationFlagAfterToggle, verifiedValueKey, type VerificationFlagState } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { actorOf } from '../audit/audit.service.js';
import { EcrfError, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { loadPatientDocuments, loadStudyPatient, locateField } from '../patient-documentation/patient-documents.js';
import { assertPatientAccess } from '../patient-documentation/patient-workspace.js';
import {
  findFlag,
  findFlagOfType,
  insertFlag,
  updateFlag,
  type VerificationFlagRow,
} from '../patient-documentation/verification-flags.sql.js';
import { flagDto, recordFlagChange } from '../patient-documentation/verification-flag-changes.js';
import type { VerificationFlagDto } from '../patient-documentation/verification-flags.schemas.js';
import { VERIFICATION_FLAG_MESSAGES } from '../errors/messages.js';

async function patientAndField(db: Kysely<DB>, caller: CurrentUser, studyPatientId: string, dataFieldId: string) {
  const patient = await loadStudyPatient(db, studyPatientId);
  if (patient.isDeleted) throw notFound('study patient');
  await assertPatientAccess(db, caller, patient);
  const index = await definitionIndex(db, patient.studyDefinitionId, patient.definitionVersion);
  const identifierOf = (id: string) => index.visitById.get(id)?.identifier ?? index.instrumentById.get(id)?.identifier ?? '';
  const located = locateField(patient.fields, await loadPatientDocuments(db, patient.id, identifierOf), dataFieldId);
  return { patient, index, located };
}

/** A flag the caller may see (its patient at the caller's locations, or all patients). */
export async function readableFlag(db: Kysely<DB>, caller: CurrentUser, id: string): Promise<VerificationFlagRow> {
  const flag = await findFlag(db, id);
  if (!flag) throw notFound('verification flag');
  await assertPatientAccess(db, caller, await loadStudyPatient(db, flag.study_patient_id), 'verification flag');
  return flag;
}

export async function setFlag(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: { studyPatientId: string; dataFieldId: string; typeIdentifier: string; verified: boolean },
  now: Date,
): Promise<VerificationFlagDto> {
  const { patient, index, located } = await patientAndField(db, caller, input.studyPatientId, input.dataFieldId);
  if (!index.study.verificationFlagTypes.some((t) => t.identifier === input.typeIdentifier))
    throw new EcrfError('ECRF_ERR_VALIDATION', VERIFICATION_FLAG_MESSAGES.unknownType(input.typeIdentifier));
  if (!located || located.path.some((f) => f.isDeleted === true)) throw notFound('data field');
  const existing = await findFlagOfType(db, input.dataFieldId, input.typeIdentifier);
  const alreadyExists = (flag: VerificationFlagRow) =>
    new EcrfError('ALREADY_EXISTS', VERIFICATION_FLAG_MESSAGES.exists, { current: flagDto(flag) });
  if (existing) throw alreadyExists(existing);
  const state = verificationFlagAfterToggle('NOT_SET', input.verified) ?? 'NOT_SET';
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertFlag(trx, {
      study_patient_id: patient.id,
      data_field_id: input.dataFieldId,
      type_identifier: input.typeIdentifier,
      state,
      verified_value: state === 'SET' ? verifiedValueKey(located.field.values) : null,
      changed_by: caller.userName,
      changed_at: now,
    });
    if (!inserted) {
      const raced = await findFlagOfType(trx, input.dataFieldId, input.typeIdentifier);
      throw raced ? alreadyExists(raced) : notFound('verification flag');
    }
    await recordFlagChange(trx, patient, actorOf(caller), null, inserted);
    return inserted;
  });
  return flagDto(row);
}

export async function toggleFlag(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: { version: number; verified: boolean },
  now: Date,
): Promise<VerificationFlagDto> {
  const before = await readableFlag(db, caller, id);
  const stale = (row: VerificationFlagRow) => new EcrfError('STALE_WRITE', VERIFICATION_FLAG_MESSAGES.stale, { current: flagDto(row) });
  if (before.version !== input.version) throw stale(before);
  const next: VerificationFlagState | null = verificationFlagAfterToggle(before.state, input.verified);
  if (!next) throw new EcrfError('ECRF_ERR_CONFLICT', VERIFICATION_FLAG_MESSAGES.obsolete);
  const { patient, located } = await patientAndField(db, caller, before.study_patient_id, before.data_field_id);
  if (next === 'SET' && (!located || located.path.some((f) => f.isDeleted === true))) throw notFound('data field');
  const row = await db.transaction().execute(async (trx) => {
    const updated = await updateFlag(trx, id, input.version, {
      state: next,
      verified_value: next === 'SET' && located ? verifiedValueKey(located.field.values) : null,
      changed_by: caller.userName,
      changed_at: now,
    });
    if (!updated) throw stale((await findFlag(trx, id)) ?? before);
    await recordFlagChange(trx, patient, actorOf(caller), before, updated);
    return updated;
  });
  return flagDto(row);
}
