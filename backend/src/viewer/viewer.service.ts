/**
 * The viewer in one read (issue 14: the app frame of every screen asked three calls for it): the signed-in user, the
 * rights of their role and their locations, as `User/current`, `Right/currentUser` and `StudyInstitute/my` answer them.
 * A part whose right the caller lacks is null, where its own call would answer 403. GET Viewer answers it, and the
 * patient context carries it when asked (study-patients/context-includes.ts).
 */
import { hasRight, type RightName } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { DB } from '../__generated__/database.js';
import type { CurrentUser } from '../http/route-access.js';
import { findStudyInstitutes, myLocations } from '../institutes/institutes.sql.js';
import { StudyInstitute } from '../institutes/institutes.schemas.js';
import { findRights } from '../roles/roles.sql.js';
import { Right } from '../roles/roles.schemas.js';
import { User } from '../users/users.schemas.js';
import { findUsers } from '../users/users.sql.js';

export const VIEWER_PARTS = {
  user: 'UserGetCurrentCmd',
  rights: 'RightGetCurrentUserCmd',
  studyInstitutes: 'StudyInstituteGetMyCmd',
} as const;

/** The rights of which the caller needs one to read the viewer. */
export const VIEWER_RIGHTS: readonly RightName[] = Object.values(VIEWER_PARTS);

export const ViewerSchema = Type.Object({
  user: Type.Union([User, Type.Null()]),
  rights: Type.Union([Type.Array(Right), Type.Null()]),
  studyInstitutes: Type.Union([Type.Array(StudyInstitute), Type.Null()]),
});

/** The viewer as GET Viewer answers it, or null where that route answers 403 (none of VIEWER_RIGHTS). */
export async function viewerIfAllowed(db: Kysely<DB>, caller: CurrentUser) {
  return VIEWER_RIGHTS.some((right) => hasRight(caller.rights, right)) ? viewerOf(db, caller) : null;
}

export async function viewerOf(db: Kysely<DB>, caller: CurrentUser) {
  const allowed = (right: RightName) => hasRight(caller.rights, right);
  const [user, rights, studyInstitutes] = await Promise.all([
    allowed(VIEWER_PARTS.user) ? findUsers(db, { id: caller.id }).then(([found]) => found ?? null) : null,
    allowed(VIEWER_PARTS.rights) ? findRights(db, { identifiers: [...caller.rights, ''] }) : null,
    allowed(VIEWER_PARTS.studyInstitutes) ? findStudyInstitutes(db, myLocations(caller)) : null,
  ]);
  return { user, rights, studyInstitutes };
}
