/** Utility calls (ecrf-calls.md §7 "Utility: GET environment; HEAD connectivity"). */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { routeSchema } from '../http/schemas.js';

/** The version label of ecrf-core.md §9. */
export const ECRF_VERSION = '1.30.6';

export function registerSystemRoutes(app: App, { config }: AppDeps): void {
  app.head(
    '/connectivity',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'checkConnectivity',
        tags: ['System'],
        summary: 'Reachability probe (no body)',
        isPublic: true,
        response: { 200: Type.Null() },
      }),
    },
    async (_request, reply) => reply.status(200).send(null),
  );

  app.get(
    '/environment',
    {
      config: { access: { right: 'EnvironmentGetCmd' } },
      schema: routeSchema({
        operationId: 'getEnvironment',
        tags: ['System'],
        summary: 'Deployment environment and version',
        response: { 200: Type.Object({ environment: Type.String(), version: Type.String() }) },
      }),
    },
    () => ({ environment: config.environment, version: ECRF_VERSION }),
  );
}
