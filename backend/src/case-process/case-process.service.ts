/** Creating a case process step (ecrf-core.md §4 "Case process step"): stored and audited in one transaction. */
import type { Static } from 'typebox';
import type { Kysely } from 'kysely';
import { audit } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import type { CurrentUser } from '../http/route-access.js';
import { actorOf } from '../instruments/instruments.service.js';
import { stepDto } from '../study-patients/patient-documents.js';
import type { CaseProcessCreateSchema } from './case-process.schemas.js';
import { insertStep } from './case-process.sql.js';

export async function createCaseProcessStep(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyPatientId: string,
  body: Static<typeof CaseProcessCreateSchema>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await insertStep(trx, {
      study_patient_id: studyPatientId,
      visit_id: body.visitId,
      definition_identifier: body.definitionIdentifier,
      state: body.state,
      step_order: body.order,
      main_state_identifier: body.mainStateIdentifier ?? null,
      sub_states: JSON.stringify(body.subStates ?? []),
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'case_process_step',
      recordId: row.id,
      operation: 'Create',
      newValue: { ...stepDto(row) },
    });
  });
}
