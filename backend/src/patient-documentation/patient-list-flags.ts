/**
 * The flags the patient table filters by (ecrf-calls.md §9: filterHasDropout, filterHasMuripedia), kept on the
 * study patient (migration 0094) and set again by every documentation save in its own transaction
 * (verification-flags/form-saved.ts), so the table reads two columns instead of searching every instrument of
 * the study (issue 14). Dropout: an instrument holds the vital state A (docs/rules.md fixed identifiers);
 * Muripedia: a visit or an instrument carries the tag.
 */
import { VITAL_STATUS_FIELD_IDENTIFIERS } from '@ecrf/rules';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { definitionIndex, fieldDefinitionIds } from './definition-cache.js';
import type { StudyPatientRow } from './study-patients.sql.js';

export const DROPOUT_STATE = 'A';
export const MURIPEDIA_TAG = 'Muripedia';

export async function refreshPatientListFlags(
  trx: Kysely<DB>,
  patient: Pick<StudyPatientRow, 'id' | 'studyDefinitionId' | 'definitionVersion'>,
): Promise<void> {
  const index = await definitionIndex(trx, patient.studyDefinitionId, patient.definitionVersion);
  const vitalStateIds = fieldDefinitionIds(index, VITAL_STATUS_FIELD_IDENTIFIERS.vitalState);
  // Only instruments whose definition has a vital state field are read: field trees are large.
  const vitalForms = [...index.instrumentById.values()].filter((d) => d.fields.some((f) => vitalStateIds.includes(f.id))).map((d) => d.id);
  // Field definition ids are UUIDs (docs/definitions.md), so the path text holds no quotes to escape.
  const dropoutPath = `$.** ? ((${vitalStateIds.map((id) => `@.definitionId == "${id}"`).join(' || ')}) && @.values[*].value == "${DROPOUT_STATE}")`;
  const dropout =
    vitalForms.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from instrument i where i.study_patient_id = ${patient.id} and i.definition_id in (${sql.join(vitalForms)}) and not i.is_deleted and jsonb_path_exists(i.fields, ${dropoutPath}::jsonpath))`;
  const muripedia = sql<boolean>`(exists (select 1 from visit v where v.study_patient_id = ${patient.id} and not v.is_deleted and v.tags ? ${MURIPEDIA_TAG})
    or exists (select 1 from instrument i where i.study_patient_id = ${patient.id} and not i.is_deleted and i.tags ? ${MURIPEDIA_TAG}))`;
  await trx
    .updateTable('study_patient')
    .set({ has_dropout: dropout, has_muripedia: muripedia })
    .where('id', '=', patient.id)
    .where(sql<boolean>`(has_dropout, has_muripedia) is distinct from (${dropout}, ${muripedia})`)
    .execute();
}
