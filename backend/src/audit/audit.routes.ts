/**
 * Reading the audit trail (ecrf-core.md §7: GET AuditTrail, POST AuditLog/Log {tableName, keyValue},
 * POST AuditLog/Events {date}). There is deliberately no call that changes or removes an entry; the
 * database refuses it too (migration 0002).
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { PageQuery, Uuid, routeSchema } from '../http/schemas.js';
import { AuditEntry, findAuditEntries } from './audit.sql.js';

const tags = ['Audit'];
const Operation = Type.Union([Type.Literal('Create'), Type.Literal('Update'), Type.Literal('Delete')]);
const DAY_MS = 24 * 60 * 60 * 1000;

export function registerAuditRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/AuditTrail',
    {
      config: { access: { right: 'AuditTrailGetCmd' } },
      schema: routeSchema({
        operationId: 'getAuditTrail',
        tags,
        summary: 'Audit entries filtered by user, table, record, operation and time range; paged, newest first',
        querystring: Type.Object({
          ids: Type.Optional(Type.String({ pattern: '^[0-9]+(,[0-9]+)*$', description: 'comma-separated entry ids (batch read)' })),
          userId: Type.Optional(Uuid),
          tableName: Type.Optional(Type.String({ minLength: 1 })),
          recordId: Type.Optional(Type.String({ minLength: 1 })),
          operation: Type.Optional(Operation),
          from: Type.Optional(Type.String({ format: 'date-time', description: 'inclusive' })),
          to: Type.Optional(Type.String({ format: 'date-time', description: 'exclusive' })),
          ...PageQuery,
          sortDesc: Type.Optional(Type.Boolean({ default: true, description: 'newest first unless false' })),
        }),
        response: { 200: Type.Object({ items: Type.Array(AuditEntry), totalCount: Type.Integer({ minimum: 0 }) }) },
      }),
    },
    async (request) => {
      const { page = 1, itemsPerPage = 50, sortDesc, ids, ...filter } = request.query;
      return findAuditEntries(db, { ...filter, ids: ids?.split(',') }, { page, itemsPerPage, newestFirst: sortDesc !== false });
    },
  );

  app.post(
    '/AuditLog/Log',
    {
      config: { access: { right: 'AuditLogLogCmd' } },
      schema: routeSchema({
        operationId: 'getAuditLogOfRecord',
        tags,
        summary: 'The whole history of one record, oldest first',
        body: Type.Object({
          tableName: Type.String({ minLength: 1 }),
          keyValue: Type.String({ minLength: 1, description: 'the record id' }),
        }),
        response: { 200: Type.Array(AuditEntry) },
      }),
    },
    async (request) =>
      (await findAuditEntries(db, { tableName: request.body.tableName, recordId: request.body.keyValue }, { newestFirst: false })).items,
  );

  app.post(
    '/AuditLog/Events',
    {
      config: { access: { right: 'AuditEventsGetCmd' } },
      schema: routeSchema({
        operationId: 'getAuditEvents',
        tags,
        summary: 'The audit entries of the 24 hours from the given instant (a local midnight gives that day), newest first',
        body: Type.Object({ date: Type.String({ format: 'date-time' }) }),
        response: { 200: Type.Array(AuditEntry) },
      }),
    },
    async (request) => {
      const from = new Date(request.body.date);
      const to = new Date(from.getTime() + DAY_MS);
      return (await findAuditEntries(db, { from: from.toISOString(), to: to.toISOString() }, { newestFirst: true })).items;
    },
  );
}
