/**
 * Saving the patient fields of a study patient (the patient definition's form, ecrf-core.md §3) with
 * the same rules, version check and audit as instruments (issue 5).
 */
import { isPatientComplete } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { audit } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { staleWrite } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import type { FieldInput } from '../instruments/field-instance.schemas.js';
import { saveForm } from '../instruments/form-save.js';
import { actorOf, fieldDiff } from '../instruments/instruments.service.js';
import { documentationWrite, openWorkspaceForWrite, type Workspace } from './patient-workspace.js';
import { saveStudyPatientFields } from './study-patients.sql.js';
import { moveQueriesWithPatient } from '../data-queries/data-queries.service.js';
import { onFormSaved } from '../verification-flags/form-saved.js';

export type PatientFieldsSave = { version: number; fields: FieldInput[]; reasonForChange?: string };

export async function savePatientFields(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyPatientId: string,
  input: PatientFieldsSave,
  extra: { studyInstituteId?: string } = {},
): Promise<{ changedDefinitionIds: string[]; ws: Workspace }> {
  const ws = await openWorkspaceForWrite(db, studyPatientId, caller);
  const { patient } = ws;
  if (patient.version !== input.version) throw staleWrite({ id: patient.id, version: patient.version, fields: patient.fields });
  const place = { kind: 'patient' } as const;
  const saved = saveForm({
    definitions: ws.index.study.patient.fields,
    original: patient.fields,
    incoming: input.fields,
    contextFor: (fields) => ws.contextFor(place, fields),
    userName: caller.userName,
    now: ws.now,
  });
  const location = extra.studyInstituteId ?? patient.studyInstituteId;
  const moved = location !== patient.studyInstituteId;
  if (saved.changedFieldIds.length === 0 && !moved) return { changedDefinitionIds: [], ws };
  await documentationWrite(db, ws.patient.id, 'study patient', async (trx) => {
    const version = await saveStudyPatientFields(trx, {
      id: patient.id,
      readVersion: input.version,
      fields: saved.fields,
      studyInstituteId: location,
      changedAt: ws.now,
    });
    if (version === undefined) throw staleWrite({ id: patient.id, version: patient.version + 1 });
    const diff = fieldDiff(patient.fields, saved.fields, saved.changedFieldIds);
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'study_patient',
      recordId: patient.id,
      operation: 'Update',
      reason: input.reasonForChange ?? null,
      oldValue: { ...diff.oldValue, studyInstituteId: patient.studyInstituteId, version: patient.version },
      newValue: {
        ...diff.newValue,
        studyInstituteId: location,
        version,
        complete: isPatientComplete(ws.index.study.patient.fields, saved.fields, ws.contextFor(place, saved.fields)),
      },
    });
    if (moved)
      await moveQueriesWithPatient(trx, {
        studyPatientId: patient.id,
        studyInstituteId: location,
        actor: actorOf(caller),
        now: ws.now,
      });
    await onFormSaved(trx, {
      patient: { ...patient, studyInstituteId: location },
      actor: actorOf(caller),
      now: ws.now,
      visitId: null,
      instrumentId: null,
      fields: saved.fields,
    });
  });
  const definitionIds = new Set<string>();
  const collect = (fields: readonly FieldInput[]) =>
    fields.forEach((f) => {
      definitionIds.add(f.definitionId);
      collect(f.childFields ?? []);
    });
  collect(input.fields);
  return { changedDefinitionIds: [...definitionIds], ws };
}
