/**
 * The eCRF REST API under /api/v1.0 (ecrf-calls.md §7), built without listening so tests use inject()
 * (STYLE.md "An app factory buildApp(options) separate from listen()").
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { App, AppDeps } from './app-deps.js';
import type { BackendConfig } from './config/config.js';
import type { Database } from './db/database.js';
import { registerErrorHandler } from './errors/error-handler.js';
import { registerRouteAccess, type RouteAccess } from './http/route-access.js';
import { registerReasonForChange } from './http/reason-for-change.js';
import { registerStorableText } from './http/storable-text.js';
import { registerIdempotency } from './http/idempotency.js';
import { ErrorResponseSchema } from './http/schemas.js';
import { finishDocument } from './openapi/finish-document.js';
import type { Mailer } from './mail/mailer.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerInstituteRoutes } from './institutes/institutes.routes.js';
import { registerRoleRoutes } from './roles/roles.routes.js';
import { ECRF_VERSION, registerSystemRoutes } from './system/system.routes.js';
import { registerPasswordRoutes } from './auth/password.routes.js';
import { registerUserRoutes } from './users/users.routes.js';
import { registerViewerRoutes } from './viewer/viewer.routes.js';
import { registerStudyRoutes } from './studies/studies.routes.js';
import { registerStudyDefinitionRoutes } from './study-definitions/study-definitions.routes.js';
import { registerLanguageRoutes } from './languages/languages.routes.js';
import { registerDocumentationRoutes } from './definition-documentation/documentation.routes.js';
import { registerUserAdminRoutes } from './users/users-admin.routes.js';
import { registerRoleAdminRoutes } from './roles/roles-admin.routes.js';
import { registerInstituteAdminRoutes } from './institutes/institutes-admin.routes.js';
import { registerNetworkRoutes } from './network/network.routes.js';
import { registerEcrfUserRoutes } from './network/ecrf-user.routes.js';
import { registerAuditRoutes } from './audit/audit.routes.js';
import { registerFormHistoryRoutes } from './form-history/form-history.routes.js';
import { registerPatientRoutes } from './patients/patients.routes.js';
import { registerStudyPatientRoutes } from './study-patients/study-patients.routes.js';
import { registerFollowUpCalendarRoutes } from './follow-up-calendar/follow-up-calendar.routes.js';
import { registerNngmStudyPatientRoutes } from './study-patients/nngm-study-patients.routes.js';
import { registerVisitRoutes } from './visits/visits.routes.js';
import { registerInstrumentRoutes } from './instruments/instruments.routes.js';
import { registerCaseProcessRoutes } from './case-process/case-process.routes.js';
import { registerIdentityRoutes } from './identity/identity.routes.js';
import { registerRegistrationRoutes } from './study-patients/registration.routes.js';
import { registerPossibleMatchRoutes } from './identity/possible-match.routes.js';
import { registerIdentityReadRoutes } from './identity/identity-read.routes.js';
import { createEventHub, registerEventRoutes } from './events/events.routes.js';
import { WireEventSchema } from './events/events.schemas.js';
import { DataQuerySchema } from './data-queries/data-queries.schemas.js';
import { registerDataQueryReadRoutes } from './data-queries/data-query-reads.routes.js';
import { registerDataQueryWriteRoutes } from './data-queries/data-query-writes.routes.js';
import { registerQueryTemplateRoutes } from './data-queries/query-templates.routes.js';
import { registerVerificationFlagRoutes } from './verification-flags/verification-flags.routes.js';
import { registerProjectRoutes } from './projects/projects.routes.js';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.js';
import { createExportRuntime, type ExportRuntime } from './exports/export-runtime.js';
import type { ExportSources } from './exports/export-sources.js';
import { registrySources } from './exports/registry-sources.js';
import { registerExportRoutes } from './exports/exports.routes.js';
import { registerFhirBulkRoutes } from './exports/fhir/fhir-bulk.routes.js';
import { ExportJobSchema } from './exports/exports.schemas.js';
import { registerGenericExportRoutes } from './generic-exports/generic-exports.routes.js';
import { registerOnkozertRoutes } from './onkozert/onkozert.routes.js';
import { registerObdsImportRoutes } from './obds-import/obds-import.routes.js';
import { admitObdsJobCredential } from './obds-import/obds-job-credential.js';
import { registerSafetyRoutes } from './safety/safety.routes.js';
import { registerTerminologyRoutes } from './terminology/terminology.routes.js';
import { registerElearningRoutes } from './elearning/elearning.routes.js';
import { registerNewsDocumentRoutes } from './news-documents/news-documents.routes.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { registerQuestionnaireRoutes } from './questionnaires/questionnaires.routes.js';

export const API_BASE = '/api/v1.0';

export type BuildAppOptions = {
  db: Database;
  config: BackendConfig;
  mailer: Mailer;
  /** Fastify's logger option; off unless given (tests stay quiet). */
  logger?: FastifyServerOptions['logger'];
  /** What export jobs write; the registry's sources unless a test gives its own. */
  exportSources?: ExportSources;
  /** Fastify's schema compilers; Fastify's defaults unless tests share theirs between apps (test-support). */
  schemaCompilers?: NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
};

/** A registered API route, for the route-coverage tests and the rights documentation. */
export type RouteSummary = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteSummary[];
    /** The export jobs of this app; the server starts its workers (exportRuntime.startWorkers). */
    exportRuntime: ExportRuntime;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    exposeHeadRoutes: false,
    // The contract's original server matches paths case-insensitively and clients rely on it (`PUT User/Password`, issue 15).
    routerOptions: { caseSensitive: false },
    trustProxy: options.config.trustProxy,
    // While draining, health/health.routes.ts refuses new requests itself, so readiness still answers its body.
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
    ...(options.schemaCompilers && { schemaController: { compilersFactory: options.schemaCompilers } }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const routes: RouteSummary[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) return;
    const access = route.config?.access;
    // Every API route states who may call it; a route without it is a programming error.
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access (public or right)`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });

  // Mails are sent after the answer (see requestPasswordRecovery); closing the app waits for them.
  const pendingMail = new Set<Promise<void>>();
  const deliverLater = (send: () => Promise<void>): void => {
    const delivery = send()
      .catch((error: unknown) => app.log.error({ err: error }, 'mail delivery failed'))
      .finally(() => pendingMail.delete(delivery));
    pendingMail.add(delivery);
  };
  app.addHook('onClose', async () => {
    await Promise.all([...pendingMail]);
  });

  app.addSchema(ErrorResponseSchema);
  app.addSchema(WireEventSchema);
  app.addSchema(DataQuerySchema);
  app.addSchema(ExportJobSchema);
  await app.register(swagger, {
    // Shared schemas become components named by their $id (ErrorResponse), not def-0.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'eCRF registry REST API',
        version: ECRF_VERSION,
        description: 'The call catalogue of ecrf-calls.md §7 under /api/v1.0',
      },
      // Relative: the API answers where the document is served from.
      servers: [{ url: '/', description: 'this backend' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transformObject: (document) => ('openapiObject' in document ? finishDocument(document.openapiObject) : document.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerHealthRoutes(app, options.db);
  registerRouteAccess(app, options.db.db, options.config, (credential, step, params) =>
    admitObdsJobCredential(options.db.db, credential, step, params, options.config.clock()),
  );
  registerStorableText(app);
  registerReasonForChange(app);
  registerIdempotency(app, options.db.db);
  const eventHub = await createEventHub(app, options.db);
  const exportRuntime = createExportRuntime({
    database: options.db,
    settings: options.config.exports,
    sources: options.exportSources ?? registrySources,
    clock: options.config.clock,
    onEvent: () => eventHub.notifier.wake(),
    log: app.log,
    // Worker threads write with the registry's sources; a test's own sources run in this thread.
    thread:
      !options.exportSources && 'connectionString' in options.db.jobQueue ? { databaseUrl: options.db.jobQueue.connectionString } : null,
  });
  app.decorate('exportRuntime', exportRuntime);
  // From the start of the drain the workers take no more jobs and running ones get their time; the database
  // closes only after they finished or went back to the queue.
  let exportsClosed: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    exportsClosed = exportRuntime.close();
    // Awaited in onClose; until then a failure must not count as unhandled.
    exportsClosed.catch(() => undefined);
  });
  app.addHook('onClose', () => exportsClosed ?? exportRuntime.close());
  const deps: AppDeps = { db: options.db.db, config: options.config, mailer: options.mailer, exportJobs: exportRuntime };

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<TypeBoxTypeProvider>();
      registerAuthRoutes(typed, deps);
      registerUserRoutes(typed, deps);
      registerViewerRoutes(typed, deps);
      registerPasswordRoutes(typed, deps, deliverLater);
      registerRoleRoutes(typed, deps);
      registerInstituteRoutes(typed, deps);
      registerSystemRoutes(typed, deps);
      registerStudyRoutes(typed, deps);
      registerStudyDefinitionRoutes(typed, deps);
      registerLanguageRoutes(typed, deps);
      registerDocumentationRoutes(typed, deps);
      registerUserAdminRoutes(typed, deps);
      registerRoleAdminRoutes(typed, deps);
      registerInstituteAdminRoutes(typed, deps);
      registerNetworkRoutes(typed, deps);
      registerEcrfUserRoutes(typed, deps);
      registerAuditRoutes(typed, deps);
      registerPatientRoutes(typed, deps);
      registerStudyPatientRoutes(typed, deps);
      registerFollowUpCalendarRoutes(typed, deps);
      registerNngmStudyPatientRoutes(typed, deps);
      registerVisitRoutes(typed, deps);
      registerInstrumentRoutes(typed, deps);
      registerFormHistoryRoutes(typed, deps);
      registerCaseProcessRoutes(typed, deps);
      registerIdentityRoutes(typed, deps);
      registerRegistrationRoutes(typed, deps);
      registerIdentityReadRoutes(typed, deps);
      registerPossibleMatchRoutes(typed, deps);
      registerEventRoutes(typed, deps, eventHub);
      registerDataQueryReadRoutes(typed, deps);
      registerDataQueryWriteRoutes(typed, deps);
      registerQueryTemplateRoutes(typed, deps);
      registerVerificationFlagRoutes(typed, deps);
      registerDashboardRoutes(typed, deps);
      registerExportRoutes(typed, deps, exportRuntime);
      // Its own scope: the FHIR routes answer failures as OperationOutcome (their error handler).
      void api.register(async (fhir) => registerFhirBulkRoutes(fhir.withTypeProvider<TypeBoxTypeProvider>(), deps, exportRuntime));
      registerGenericExportRoutes(typed, deps);
      registerOnkozertRoutes(typed, deps);
      registerObdsImportRoutes(typed, deps);
      registerSafetyRoutes(typed, deps);
      registerProjectRoutes(typed, deps);
      registerTerminologyRoutes(typed);
      registerElearningRoutes(typed, deps);
      registerNewsDocumentRoutes(typed, deps);
      registerQuestionnaireRoutes(typed, deps);
    },
    { prefix: API_BASE },
  );

  return app;
}
