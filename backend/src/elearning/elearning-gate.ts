/**
 * The e-learning gate (issue 13): a user whose role must pass the e-learning of a study definition and
 * has not passed it documents nothing in that study. Every documentation write (patients, visits,
 * instruments, fields) calls this one check, so the server enforces it whatever the client does.
 */
import { ELEARNING_MESSAGES } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { hasPassed, isRequired } from './elearning.sql.js';

/** Whether the caller must pass the e-learning of the study definition, whether they have, and so whether it is pending. */
export async function elearningRequirement(db: Kysely<DB>, caller: CurrentUser, studyDefinitionId: string) {
  const [required, passed] = await Promise.all([
    isRequired(db, studyDefinitionId, caller.roleId),
    hasPassed(db, studyDefinitionId, caller.id),
  ]);
  return { required, passed, pending: required && !passed };
}

/** Whether the caller still has to pass the e-learning of the study definition. */
export async function elearningPending(db: Kysely<DB>, caller: CurrentUser, studyDefinitionId: string): Promise<boolean> {
  return (await elearningRequirement(db, caller, studyDefinitionId)).pending;
}

export async function assertElearningPassed(db: Kysely<DB>, caller: CurrentUser, studyDefinitionId: string): Promise<void> {
  if (await elearningPending(db, caller, studyDefinitionId)) {
    throw new EcrfError('ECRF_ERR_ELEARNING_REQUIRED', ELEARNING_MESSAGES.required);
  }
}

/** The same check for a write that names the study only (enrolling a patient): its current study definition. */
export async function assertElearningPassedInStudy(db: Kysely<DB>, caller: CurrentUser, studyId: string): Promise<void> {
  const definition = await currentDefinitionOf(db, studyId);
  if (definition) await assertElearningPassed(db, caller, definition.id);
}
