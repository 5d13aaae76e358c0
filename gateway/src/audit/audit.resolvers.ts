/**
 * The audit trail in the graph (ecrf-core.md §7 AuditTrail, AuditLog/Log, AuditLog/Events). Each entry
 * lists its changed fields side by side, old → new, so screens need not diff JSON themselves.
 */
import type { AuditChange, AuditEventResolvers, AuditOperation, QueryResolvers } from '../__generated__/resolvers.js';
import {
  backendPage,
  pageRequest,
  connectionFromList,
  connectionOf,
  needsTotal,
  pageWindow,
  type PageWindow,
} from '../graph/connection.js';
import { InvalidIdError, argumentId } from '../graph/user-errors.js';
import { toGlobalId } from '../graph/global-id.js';
import { auditedRecord, recordGlobalId, recordKindOf, tableOfKind } from './audit-records.js';
import { registryDayStart } from '@ecrf/rules';
import type { AuditEvent as AuditEventModel } from '../upstream/administration-models.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';

const operations: Record<AuditOperation, AuditEventModel['operation']> = { CREATE: 'Create', UPDATE: 'Update', DELETE: 'Delete' };

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** Every top-level field that differs between old and new value (all fields on create and delete). */
export function changesOf(oldValue: Record<string, unknown> | null, newValue: Record<string, unknown> | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(oldValue ?? {}), ...Object.keys(newValue ?? {})])];
  return fields
    .map((field) => ({ field, oldValue: json(oldValue?.[field]), newValue: json(newValue?.[field]) }))
    .filter((change) => change.oldValue !== change.newValue);
}

export const auditQueries: Pick<QueryResolvers, 'auditEvents' | 'auditEventsOfDay' | 'recordHistory'> = {
  async auditEvents(_, { filter, ...paging }, context) {
    const { backend } = context;
    const record = filter?.recordId ? auditedRecord(filter.recordId) : null;
    if (filter?.recordId && !record) {
      await context.loaders.currentUser();
      throw new InvalidIdError('filter.recordId');
    }
    const query = {
      userId: filter?.userId ? await argumentId(filter.userId, 'User', 'filter.userId', context) : undefined,
      tableName: record?.tableName ?? (filter?.recordKind ? tableOfKind(filter.recordKind) : undefined),
      recordId: record?.recordId,
      operation: filter?.operation ? operations[filter.operation] : undefined,
      from: filter?.from ?? undefined,
      to: filter?.to ?? undefined,
    };
    const page = (window: PageWindow) => backend.call('get', '/api/v1.0/AuditTrail', { query: { ...query, ...pageRequest(window) } });
    const total = needsTotal(paging) ? (await page({ offset: 0, size: 1 })).totalCount : undefined;
    const window = pageWindow(paging, 50, total);
    const { skip } = backendPage(window);
    const answer = await page(window);
    return connectionOf(answer.items.slice(skip, skip + window.size), window.offset, answer.totalCount);
  },
  async auditEventsOfDay(_, { date, ...paging }, { backend }) {
    const events = await backend.call('post', '/api/v1.0/AuditLog/Events', { body: { date: registryDayStart(date) } });
    return connectionFromList(events, paging, events.length);
  },
  async recordHistory(_, { id, ...paging }, context) {
    const record = auditedRecord(id);
    if (!record) {
      await context.loaders.currentUser();
      return connectionFromList([], paging, 0);
    }
    const events = await context.backend.call('post', '/api/v1.0/AuditLog/Log', {
      body: { tableName: record.tableName, keyValue: record.recordId },
    });
    return connectionFromList(events, paging, events.length);
  },
};

export const AuditEvent: AuditEventResolvers = {
  id: (event) => toGlobalId('AuditEvent', event.id),
  recordKind: (event) => recordKindOf(event.tableName),
  recordId: (event) => (event.recordId ? recordGlobalId(event.tableName, event.recordId) : null),
  reasonForChange: (event) => event.reason,
  operation: (event) => (event.operation === 'Create' ? 'CREATE' : event.operation === 'Update' ? 'UPDATE' : 'DELETE'),
  changes: (event) => changesOf(event.oldValue, event.newValue),
  user: (event, _, { loaders }) => (event.userId ? nullIfForbidden(loaders.users.load(event.userId)) : null),
};
