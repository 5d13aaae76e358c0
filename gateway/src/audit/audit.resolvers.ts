/**
 * The audit trail in the graph (ecrf-core.md §7 AuditTrail, AuditLog/Log, AuditLog/Events). Each entry
 * lists its changed fields side by side, old → new, so screens need not diff JSON themselves.
 */
import type { AuditChange, AuditEventResolvers, AuditOperation, QueryResolvers } from '../__generated__/resolvers.js';
import { backendPage, connectionOf, offsetAfter, pageSize } from '../administration/connection.js';
import { backendId } from '../administration/user-errors.js';
import { fromGlobalId, toGlobalId, type NodeType } from '../nodes/global-id.js';
import type { AuditEvent as AuditEventModel } from '../upstream/administration-models.js';
import { UpstreamError } from '../upstream/upstream-error.js';

const operations: Record<AuditOperation, AuditEventModel['operation']> = { CREATE: 'Create', UPDATE: 'Update', DELETE: 'Delete' };

/** The table behind each node type whose history can be read. */
const tables: Partial<Record<NodeType, string>> = {
  User: 'app_user', Role: 'role', Right: 'app_right', Institute: 'institute', StudyInstitute: 'study_institute', Organization: 'organization', Person: 'person',
};

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** Every top-level field that differs between old and new value (all fields on create and delete). */
export function changesOf(oldValue: Record<string, unknown> | null, newValue: Record<string, unknown> | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(oldValue ?? {}), ...Object.keys(newValue ?? {})])];
  return fields
    .map((field) => ({ field, oldValue: json(oldValue?.[field]), newValue: json(newValue?.[field]) }))
    .filter((change) => change.oldValue !== change.newValue);
}

export const auditQueries: Pick<QueryResolvers, 'auditEvents' | 'auditHistory' | 'auditEventsOfDay' | 'recordHistory'> = {
  async auditEvents(_, { first, after, filter }, { backend }) {
    const offset = offsetAfter(after);
    const size = pageSize(first, 50);
    const { page, itemsPerPage, skip } = backendPage(offset, size);
    const answer = await backend.call('get', '/api/v1.0/AuditTrail', {
      query: {
        page, itemsPerPage,
        userId: filter?.userId ? backendId(filter.userId, 'User', 'filter.userId') : undefined,
        tableName: filter?.tableName || undefined,
        recordId: filter?.recordId || undefined,
        operation: filter?.operation ? operations[filter.operation] : undefined,
        from: filter?.from || undefined,
        to: filter?.to || undefined,
      },
    });
    return connectionOf(answer.items.slice(skip, skip + size), offset, answer.totalCount);
  },
  auditHistory: (_, { tableName, recordId }, { backend }) =>
    backend.call('post', '/api/v1.0/AuditLog/Log', { body: { tableName, keyValue: recordId } }),
  auditEventsOfDay: (_, { date }, { backend }) => backend.call('post', '/api/v1.0/AuditLog/Events', { body: { date } }),
  async recordHistory(_, { id }, context) {
    const decoded = fromGlobalId(id);
    const tableName = decoded ? tables[decoded.type] : undefined;
    if (!decoded || !tableName) {
      await context.loaders.currentUser();
      return [];
    }
    return context.backend.call('post', '/api/v1.0/AuditLog/Log', { body: { tableName, keyValue: decoded.id } });
  },
};

export const AuditEvent: AuditEventResolvers = {
  id: (event) => toGlobalId('AuditEvent', event.id),
  operation: (event) => (event.operation === 'Create' ? 'CREATE' : event.operation === 'Update' ? 'UPDATE' : 'DELETE'),
  changes: (event) => changesOf(event.oldValue, event.newValue),
  user: async (event, _, { loaders }) => {
    if (!event.userId) return null;
    try {
      return await loaders.users.load(event.userId);
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 403) return null;
      throw error;
    }
  },
};
