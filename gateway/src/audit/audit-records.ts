/**
 * Audited records in the graph's terms (docs/gateway.md "Conventions": no table names, no backend ids).
 * The backend's audit trail names a record by table and id; the graph names it by kind and global id.
 */
import type { AuditRecordKind } from '../__generated__/resolvers.js';
import { fromGlobalId, toGlobalId, type NodeType } from '../graph/global-id.js';

/** The audited tables of the backend (ecrf-core.md §7) and the kind each stands for. */
const kinds: Record<string, AuditRecordKind> = {
  app_user: 'USER',
  role: 'ROLE',
  app_right: 'RIGHT',
  institute: 'INSTITUTE',
  study_institute: 'LOCATION',
  organization: 'ORGANIZATION',
  person: 'PERSON',
  study: 'STUDY',
  study_definition: 'STUDY_DEFINITION',
  language: 'LANGUAGE',
  patient: 'PATIENT',
  study_patient: 'STUDY_PATIENT',
  visit: 'VISIT',
  instrument: 'INSTRUMENT',
  case_process_step: 'CASE_PROCESS_STEP',
  patient_identity_link: 'IDENTITY_LINK',
  refresh_token: 'SESSION',
};

/** Tables whose records are nodes of the graph: their history is read with the node's own global id. */
const nodeTypes: Partial<Record<string, NodeType>> = {
  app_user: 'User',
  role: 'Role',
  app_right: 'Right',
  institute: 'Institute',
  study_institute: 'StudyInstitute',
  organization: 'Organization',
  person: 'Person',
  study: 'Study',
  study_patient: 'StudyPatient',
};

export const recordKindOf = (tableName: string): AuditRecordKind => kinds[tableName] ?? 'OTHER';

export const tableOfKind = (kind: AuditRecordKind): string | undefined =>
  Object.entries(kinds).find(([, candidate]) => candidate === kind)?.[0];

/** The global id of an audited record: the node's id, or an `AuditRecord` id for records that are no nodes. */
export function recordGlobalId(tableName: string, recordId: string): string {
  const type = nodeTypes[tableName];
  return type ? toGlobalId(type, recordId) : toGlobalId('AuditRecord', `${tableName}/${recordId}`);
}

/** The table and backend id behind a record's global id; null for anything else. */
export function auditedRecord(globalId: string): { tableName: string; recordId: string } | null {
  const decoded = fromGlobalId(globalId);
  if (!decoded) return null;
  if (decoded.type === 'AuditRecord') {
    const separator = decoded.id.indexOf('/');
    return separator > 0 ? { tableName: decoded.id.slice(0, separator), recordId: decoded.id.slice(separator + 1) } : null;
  }
  const tableName = Object.entries(nodeTypes).find(([, type]) => type === decoded.type)?.[0];
  return tableName ? { tableName, recordId: decoded.id } : null;
}
