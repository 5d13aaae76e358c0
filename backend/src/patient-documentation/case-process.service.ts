/**
 * Case process steps (ecrf-core.md §4 "Case process step"): created and updated through the one documentation path,
 * so a step of a deleted or merged patient, of a deleted visit, without the e-learning, or over a stale version is
 * refused like any other documentation write. Steps are the visit's workflow, not its data: they neither need an
 * editable visit nor withdraw its signature.
 */
import type { Static } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import type { CaseProcessCreateSchema, CaseProcessUpdateSchema } from './case-process.schemas.js';
import { findStep, insertStep, updateStep } from './case-process.sql.js';
import { writeDocumentation } from './documentation-write.js';
import { stepDto } from './patient-documents.js';

export async function createCaseProcessStep(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyPatientId: string,
  body: Static<typeof CaseProcessCreateSchema>,
): Promise<void> {
  await writeDocumentation(db, caller, { studyPatientId, hiddenAs: 'visit' }, async (unit) => {
    if (unit.visit(body.visitId).isDeleted) throw notFound('visit');
    const step = {
      visitId: body.visitId,
      definitionIdentifier: body.definitionIdentifier,
      state: body.state,
      order: body.order,
      mainStateIdentifier: body.mainStateIdentifier ?? null,
      subStates: body.subStates ?? [],
    };
    await unit.apply({
      table: 'case_process_step',
      operation: 'Create',
      read: null,
      after: step,
      visitId: body.visitId,
      concerns: 'workflow',
      reason: null,
      write: (trx) =>
        insertStep(trx, {
          study_patient_id: studyPatientId,
          visit_id: step.visitId,
          definition_identifier: step.definitionIdentifier,
          state: step.state,
          step_order: step.order,
          main_state_identifier: step.mainStateIdentifier,
          sub_states: JSON.stringify(step.subStates),
        }),
    });
  });
}

/** Updates a step's states over the version read (the client's, or the one read here). */
export async function updateCaseProcessStep(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  body: Static<typeof CaseProcessUpdateSchema>,
): Promise<string> {
  const before = await findStep(db, id);
  if (!before) throw notFound('case process step');
  const version = body.version ?? before.version;
  await writeDocumentation(db, caller, { studyPatientId: before.study_patient_id, hiddenAs: 'case process step' }, (unit) =>
    unit.apply({
      table: 'case_process_step',
      operation: 'Update',
      read: { id, version },
      before: { ...stepDto(before) },
      after: {
        ...stepDto(before),
        state: body.state,
        mainStateIdentifier: body.mainStateIdentifier ?? null,
        subStates: body.subStates ?? [],
      },
      visitId: before.visit_id,
      concerns: 'workflow',
      reason: null,
      write: (trx, stamp) =>
        updateStep(trx, id, version, {
          state: body.state,
          main_state_identifier: body.mainStateIdentifier ?? null,
          sub_states: JSON.stringify(body.subStates ?? []),
          version: stamp.version,
          changed_at: stamp.changedAt,
        }),
      current: async (trx) => {
        const newer = await findStep(trx, id);
        return newer ? stepDto(newer) : null;
      },
    }),
  );
  return before.visit_id;
}
