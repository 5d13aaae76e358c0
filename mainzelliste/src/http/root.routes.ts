/** GET / and GET /configuration/fieldKeys (mainzelliste-api.md §1 "Other endpoints"). */
import type { App, AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { FIELD_KEYS } from '../patients/fields.js';

/** The Mainzelliste release whose API this service speaks; clients read it to pick features. */
export const DISTNAME = 'Mainzelliste';
export const EMULATED_VERSION = '1.9.0';

export function registerRootRoutes(app: App, deps: AppDeps): void {
  app.get('/', async () => ({ distname: DISTNAME, version: EMULATED_VERSION }));

  app.get('/configuration/fieldKeys', async (request) => {
    const access = recordAccess(request, 'configuration.read');
    access.serverName = deps.auth.authenticate(request, 'readConfiguration').name;
    return [...FIELD_KEYS];
  });
}
