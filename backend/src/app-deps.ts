/** What every area module receives from buildApp: the typed Fastify instance and the services. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Kysely } from 'kysely';
import type { BackendConfig } from './config/config.js';
import type { DB } from './__generated__/database.js';
import type { Mailer } from './mail/mailer.js';
import type { ExportJobStarter } from './export-content/export-job-starter.js';

export type AppDeps = {
  db: Kysely<DB>;
  config: BackendConfig;
  mailer: Mailer;
  /** Starts export jobs (the generic export's schedule). */
  exportJobs: ExportJobStarter;
};

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
