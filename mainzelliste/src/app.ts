/**
 * The pseudonymisation service speaking the Mainzelliste REST API (mainzelliste-api.md §1), built
 * without listening so tests use inject() (STYLE.md "An app factory buildApp(options) separate from
 * listen()").
 */
import formBody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { App, AppDeps } from './app-deps.js';
import { registerAuditTrail } from './audit/audit.js';
import type { MainzellisteConfig } from './config/config.js';
import type { Database } from './db/database.js';
import { registerErrorHandler } from './errors/error-handler.js';
import { requestApiVersion } from './http/api-version.js';
import { registerHealthRoutes } from './http/health.routes.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerMonitoringRoutes } from './http/monitoring.routes.js';
import { registerRootRoutes } from './http/root.routes.js';
import { createServerAuth } from './http/server-auth.js';
import { registerPatientRecordRoutes } from './patients/patient-records.routes.js';
import { registerPatientRoutes } from './patients/patients.routes.js';
import { registerPossibleMatchRoutes } from './patients/possible-matches.routes.js';
import { createPatientService } from './patients/patients.service.js';
import { createRecordMatcher } from './patients/record-matcher.js';
import { backfillBlockingKeys } from './patients/patients.sql.js';
import { blockingKeys } from './matching/blocking.js';
import { registerTokenUse } from './patients/token-use.js';
import { createSessionStore } from './sessions/session-store.js';
import { registerSessionRoutes } from './sessions/sessions.routes.js';
import { registerTokenRoutes } from './tokens/tokens.routes.js';

export type BuildAppOptions = {
  database: Database;
  config: MainzellisteConfig;
  /** Fastify's logger option, best made with loggerOptions() (http/logging.ts); off unless given. */
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    exposeHeadRoutes: false,
    // Mainzelliste (JAX-RS) answers /patients/?tokenId= and POST …/tokens/ like the paths without the slash.
    routerOptions: { ignoreTrailingSlash: true },
    // While draining, http/health.routes.ts refuses new requests itself, so readiness still answers its body.
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const sessions = createSessionStore(config.sessionTimeoutMs);
  const db = options.database.db;
  await backfillBlockingKeys(db, blockingKeys);
  const matcher = await createRecordMatcher(db, config, app.log);
  const deps: AppDeps = {
    db,
    config,
    auth: createServerAuth(config.servers),
    sessions,
    patients: createPatientService(db, matcher),
    matcher,
  };
  app.addHook('onClose', async () => {
    sessions.close();
    matcher.close?.();
  });

  // mainzelliste-api.md §1: the form-urlencoded bodies of POST /patients and checkMatch.
  await app.register(formBody);
  registerJsonBodyParser(app);
  registerErrorHandler(app);
  registerHealthRoutes(app, options.database);
  // A malformed mainzellisteApiVersion is a 400 on every route.
  app.addHook('preHandler', async (request) => {
    requestApiVersion(request);
  });
  registerAuditTrail(app, db);
  registerTokenUse(app, deps);

  registerRootRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerPatientRoutes(app, deps);
  registerPatientRecordRoutes(app, deps);
  registerPossibleMatchRoutes(app, deps);
  registerMonitoringRoutes(app, deps);
  return app;
}
