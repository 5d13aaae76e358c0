/**
 * Registry patients (ecrf-calls.md §7 "Patient"): a pseudonym and a registration date; identities live in the
 * pseudonymisation service. Creation and soft deletion (of a patient or a study patient) are audited.
 */
import { registryToday } from '@ecrf/rules';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { actorOf, audit } from '../audit/audit.service.js';
import { EcrfError, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { deletedFlagOf, markDeleted } from '../patient-documentation/study-patients.sql.js';
import { insertPatient, patientIdOfPseudonym } from './patients.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

/**
 * A pseudonym for a patient enrolled without one: letters and digits without look-alikes. The registry
 * generator passes seeded bytes.
 */
export function newPseudonym(bytes: Uint8Array = randomBytes(8)): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `P${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export async function createPatient(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: { patientId?: string; registrationDate?: string; isMlPatient?: boolean },
): Promise<string> {
  const pseudonym = input.patientId ?? newPseudonym();
  if (await patientIdOfPseudonym(db, pseudonym)) throw new EcrfError('ECRF_ERR_CONFLICT', CONFLICT_MESSAGES.patientExists(pseudonym));
  return db.transaction().execute(async (trx) => {
    const row = await insertPatient(trx, {
      pseudonym,
      // Registered today in the registry's calendar (Europe/Berlin), not the database session's day.
      registration_date: input.registrationDate ?? registryToday(new Date()),
      is_ml_patient: input.isMlPatient ?? false,
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'patient',
      recordId: row.id,
      operation: 'Create',
      newValue: { pseudonym, registrationDate: row.registration_date, isMlPatient: input.isMlPatient ?? false },
    });
    return row.id;
  });
}

/** Marks a patient or study patient deleted; a study patient's deletion carries its reason of change (issue 15). */
export async function softDelete(
  db: Kysely<DB>,
  caller: CurrentUser,
  table: 'patient' | 'study_patient',
  id: string,
  reason: string | null = null,
): Promise<void> {
  if ((await deletedFlagOf(db, table, id)) !== false) throw notFound(table === 'patient' ? 'patient' : 'study patient');
  await db.transaction().execute(async (trx) => {
    await markDeleted(trx, table, id);
    await audit(trx, {
      actor: actorOf(caller),
      tableName: table,
      recordId: id,
      operation: 'Delete',
      oldValue: { isDeleted: false },
      newValue: { isDeleted: true },
      reason,
    });
  });
}
