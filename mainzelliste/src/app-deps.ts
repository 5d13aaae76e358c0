/** What every route module receives from buildApp: the typed Fastify instance and the services. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { MainzellisteConfig } from './config/config.js';
import type { DB } from './__generated__/database.js';
import type { ServerAuth } from './http/server-auth.js';
import type { PatientService } from './patients/patients.service.js';
import type { RecordMatcher } from './patients/record-matcher.js';
import type { SessionStore } from './sessions/session-store.js';

export type AppDeps = {
  db: Kysely<DB>;
  config: MainzellisteConfig;
  auth: ServerAuth;
  sessions: SessionStore;
  patients: PatientService;
  /** The record-linkage model, for its estimate on /monitoring/linkage. */
  matcher: RecordMatcher;
};

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The base of the uri fields: MAINZELLISTE_PUBLIC_URL, else the address the request came to. */
export const baseUrl = (config: MainzellisteConfig, request: FastifyRequest): string =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;
