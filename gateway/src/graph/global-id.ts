/** Opaque global ids (Relay): the type name and the backend id, base64url-encoded. */
export type NodeType =
  | 'Viewer'
  | 'User'
  | 'Role'
  | 'StudyInstitute'
  // administration (issue 3)
  | 'Right'
  | 'Institute'
  | 'Organization'
  | 'Person'
  | 'AuditEvent'
  // an audited record that is no node (docs/gateway.md "Audit"): `<table>/<id>`
  | 'AuditRecord'
  // study definitions; a version carries `<definitionId>/<version>`, its parts `<definitionId>/<version>/<key>`
  | 'Study'
  | 'StudyDefinition'
  | 'StudyDefinitionVersion'
  | 'VisitDefinition'
  | 'InstrumentDefinition'
  | 'FieldDefinition'
  | 'Language'
  // patient documentation (issue 5); visits, instruments, data fields and case process steps carry `<studyPatientId>/<id>`
  | 'StudyPatient'
  | 'Visit'
  | 'Instrument'
  | 'DataField'
  | 'CaseProcessStep'
  // queries and verification flags (issue 11); a flag carries `<studyPatientId>/<flagId>`
  | 'DataQuery'
  | 'DataQueryTemplate'
  | 'VerificationFlag'
  // exports, OncoBox imports (issue 12)
  | 'ExportJob'
  | 'OnkozertImport'
  | 'GenericExportDefinition'
  // oBDS imports (issue 28); a message carries `<importId>/<messageId>` and is no node
  | 'ObdsImport'
  | 'ObdsMessage'
  // research projects (issue 13); an assignment carries `<studyPatientId>/<assignmentId>`
  | 'Project'
  | 'ProjectAssignment'
  // news documents (issue 13); a version carries `<documentId>/<docVersion>`
  | 'NewsDocument'
  | 'NewsDocumentVersion'
  // the questionnaire system (issue 13); an interview carries `<studyPatientId>/<interviewId>`
  | 'Questionnaire'
  | 'QuestionnaireInterview';

const nodeTypes: readonly NodeType[] = [
  'Viewer',
  'User',
  'Role',
  'StudyInstitute',
  'Right',
  'Institute',
  'Organization',
  'Person',
  'AuditEvent',
  'AuditRecord',
  'Study',
  'StudyDefinition',
  'StudyDefinitionVersion',
  'VisitDefinition',
  'InstrumentDefinition',
  'FieldDefinition',
  'Language',
  'StudyPatient',
  'Visit',
  'Instrument',
  'DataField',
  'CaseProcessStep',
  'DataQuery',
  'DataQueryTemplate',
  'VerificationFlag',
  'ExportJob',
  'OnkozertImport',
  'GenericExportDefinition',
  'ObdsImport',
  'ObdsMessage',
  'Project',
  'ProjectAssignment',
  'NewsDocument',
  'NewsDocumentVersion',
  'Questionnaire',
  'QuestionnaireInterview',
];

export function toGlobalId(type: NodeType, id: string): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
}

/** The type and backend id behind a global id; null for anything that is not one of ours. */
export function fromGlobalId(globalId: string): { type: NodeType; id: string } | null {
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 1) return null;
  const type = decoded.slice(0, separator);
  const id = decoded.slice(separator + 1);
  const nodeType = nodeTypes.find((candidate) => candidate === type);
  return nodeType && id ? { type: nodeType, id } : null;
}
