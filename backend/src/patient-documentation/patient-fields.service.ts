/**
 * Saving the patient fields of a study patient (the patient definition's form, ecrf-core.md §3), and moving it to
 * another location of its study, through the one documentation path like every other documentation write. The
 * patient's queries move with it (queries-follow-patient.ts).
 */
import { isPatientComplete } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { studyOfLocation } from '../institutes/institutes.sql.js';
import { writeDocumentation } from './documentation-write.js';
import type { FieldInput } from './field-instance.schemas.js';
import { saveForm } from './form-save.js';
import type { Workspace } from './patient-workspace.js';
import { moveQueriesWithPatient } from './queries-follow-patient.js';
import { saveStudyPatientFields } from './study-patients.sql.js';

export type PatientFieldsSave = { version: number; fields: FieldInput[]; reasonForChange?: string };

export async function savePatientFields(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyPatientId: string,
  input: PatientFieldsSave,
  extra: { studyInstituteId?: string } = {},
): Promise<{ changedDefinitionIds: string[]; ws: Workspace }> {
  return writeDocumentation(db, caller, { studyPatientId, hiddenAs: 'study patient' }, async (unit) => {
    const { ws } = unit;
    const { patient } = ws;
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
    if (moved && (await studyOfLocation(unit.trx, location)) !== patient.studyId)
      throw new EcrfError('ECRF_ERR_VALIDATION', 'Der Standort nimmt nicht an dieser Studie teil.', {
        fieldErrors: [{ field: 'studyInstituteId', message: 'Der Standort nimmt nicht an dieser Studie teil.' }],
      });
    if (patient.version === input.version && saved.changedFieldIds.length === 0 && !moved) return { changedDefinitionIds: [], ws };
    await unit.apply({
      table: 'study_patient',
      operation: 'Update',
      read: { id: patient.id, version: input.version },
      form: { definitions: ws.index.study.patient.fields, before: patient.fields, after: saved.fields, inputPaths: saved.inputPaths },
      before: { studyInstituteId: patient.studyInstituteId },
      after: {
        studyInstituteId: location,
        complete: isPatientComplete(ws.index.study.patient.fields, saved.fields, ws.contextFor(place, saved.fields)),
      },
      visitId: null,
      concerns: 'documentation',
      reason: input.reasonForChange ?? null,
      write: async (trx, stamp) => {
        const version = await saveStudyPatientFields(trx, {
          id: patient.id,
          readVersion: input.version,
          fields: saved.fields,
          studyInstituteId: location,
          changedAt: stamp.changedAt,
        });
        return version === undefined ? undefined : { id: patient.id, version };
      },
      current: () => Promise.resolve({ id: patient.id, version: patient.version, fields: patient.fields }),
    });
    if (moved)
      await moveQueriesWithPatient(unit.trx, { studyPatientId: patient.id, studyInstituteId: location, actor: unit.actor, now: ws.now });
    const definitionIds = new Set<string>();
    const collect = (fields: readonly FieldInput[]) =>
      fields.forEach((f) => {
        definitionIds.add(f.definitionId);
        collect(f.childFields ?? []);
      });
    collect(input.fields);
    return { changedDefinitionIds: [...definitionIds], ws };
  });
}
