/**
 * What every documentation save does besides storing the form (ecrf-calls.md §3 "Data verification flag"):
 * a flagged field whose value changed breaks a SET flag, a deleted field (or a field of a deleted entry,
 * instrument or visit) makes its flag OBSOLETE (verificationFlagAfterFieldChange of @ecrf/rules); the patient
 * table's flags of the patient are set again (patient-list-flags.ts); and the save is announced as
 * DocumentationSaved for the dashboard. Runs in the save's transaction.
 */
import { verificationFlagAfterFieldChange, verifiedValueKey, type DataFieldInstance, type FlaggedFieldChange } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { AuditActor } from '../audit/audit.service.js';
import { recordEvent } from '../events/domain-events.js';
import { refreshPatientListFlags } from './patient-list-flags.js';
import type { StudyPatientRow } from './study-patients.sql.js';
import { recordFlagChange } from './verification-flag-changes.js';
import { lockFlagsOnFields, setFlagState } from './verification-flags.sql.js';

export type FormSaved = {
  patient: Pick<StudyPatientRow, 'studyId' | 'studyInstituteId' | 'id' | 'studyDefinitionId' | 'definitionVersion'>;
  actor: AuditActor;
  now: Date;
  visitId: string | null;
  instrumentId: string | null;
  /** The form's fields as saved. */
  fields: readonly DataFieldInstance[];
  /** The whole form was deleted (an instrument or a visit). */
  formDeleted?: boolean;
};

/** Each field of the tree with whether it or a container above it is deleted. */
function fieldsWithDeletion(fields: readonly DataFieldInstance[], deletedAbove: boolean): { field: DataFieldInstance; deleted: boolean }[] {
  return fields.flatMap((field) => {
    const deleted = deletedAbove || field.isDeleted === true;
    return [{ field, deleted }, ...fieldsWithDeletion(field.childFields, deleted)];
  });
}

export async function onFormSaved(trx: Kysely<DB>, saved: FormSaved): Promise<void> {
  const fields = fieldsWithDeletion(saved.fields, saved.formDeleted === true);
  const byId = new Map(fields.map((f) => [f.field.id, f]));
  const flags = await lockFlagsOnFields(trx, saved.patient.id, [...byId.keys()]);
  for (const flag of flags) {
    const entry = byId.get(flag.data_field_id);
    if (!entry) continue;
    const change: FlaggedFieldChange | null = entry.deleted
      ? 'deleted'
      : flag.verified_value !== null && verifiedValueKey(entry.field.values) !== flag.verified_value
        ? 'valueChanged'
        : null;
    if (!change) continue;
    const state = verificationFlagAfterFieldChange(flag.state, change);
    if (state === flag.state) continue;
    const updated = await setFlagState(trx, flag, { state, changed_by: saved.actor.userName, changed_at: saved.now });
    await recordFlagChange(trx, saved.patient, saved.actor, flag, updated);
  }
  await refreshPatientListFlags(trx, saved.patient);
  await recordEvent(trx, {
    type: 'DocumentationSaved',
    studyId: saved.patient.studyId,
    studyPatientId: saved.patient.id,
    studyInstituteId: saved.patient.studyInstituteId,
    payload: { visitId: saved.visitId, instrumentId: saved.instrumentId },
  });
}
