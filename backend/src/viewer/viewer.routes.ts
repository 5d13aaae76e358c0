/** GET Viewer: the signed-in user, the rights of their role and their locations in one call (viewer.service.ts). */
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import { VIEWER_RIGHTS, ViewerSchema, viewerOf } from './viewer.service.js';

export function registerViewerRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/Viewer',
    {
      config: { access: { anyRight: VIEWER_RIGHTS } },
      schema: routeSchema({
        operationId: 'getViewer',
        tags: ['User'],
        summary:
          'The signed-in user, the rights of their role and their locations in one call; a part is null without its right (UserGetCurrentCmd, RightGetCurrentUserCmd, StudyInstituteGetMyCmd)',
        response: { 200: ViewerSchema },
      }),
    },
    (request) => viewerOf(db, callerOf(request)),
  );
}
