/**
 * The viewer in one call (issue 14: the app frame of every screen asked three calls for it): the signed-in user,
 * the rights of their role and their locations, as `User/current`, `Right/currentUser` and `StudyInstitute/my`
 * answer them. A part whose right the caller lacks is null, where its own call would answer 403.
 */
import { hasRight, type RightName } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import { findStudyInstitutes, myLocations } from '../institutes/institutes.sql.js';
import { StudyInstitute } from '../institutes/institutes.schemas.js';
import { findRights } from '../roles/roles.sql.js';
import { Right } from '../roles/roles.schemas.js';
import { User } from '../users/users.schemas.js';
import { findUsers } from '../users/users.sql.js';

const PARTS = { user: 'UserGetCurrentCmd', rights: 'RightGetCurrentUserCmd', studyInstitutes: 'StudyInstituteGetMyCmd' } as const;

export function registerViewerRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/Viewer',
    {
      config: { access: { anyRight: Object.values(PARTS) } },
      schema: routeSchema({
        operationId: 'getViewer',
        tags: ['User'],
        summary:
          'The signed-in user, the rights of their role and their locations in one call; a part is null without its right (UserGetCurrentCmd, RightGetCurrentUserCmd, StudyInstituteGetMyCmd)',
        response: {
          200: Type.Object({
            user: Type.Union([User, Type.Null()]),
            rights: Type.Union([Type.Array(Right), Type.Null()]),
            studyInstitutes: Type.Union([Type.Array(StudyInstitute), Type.Null()]),
          }),
        },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const allowed = (right: RightName) => hasRight(caller.rights, right);
      const [user, rights, studyInstitutes] = await Promise.all([
        allowed(PARTS.user) ? findUsers(db, { id: caller.id }).then(([found]) => found ?? null) : null,
        allowed(PARTS.rights) ? findRights(db, { identifiers: [...caller.rights, ''] }) : null,
        allowed(PARTS.studyInstitutes) ? findStudyInstitutes(db, myLocations(caller)) : null,
      ]);
      return { user, rights, studyInstitutes };
    },
  );
}
