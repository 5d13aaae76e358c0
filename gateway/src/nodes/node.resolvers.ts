/** `node`/`nodes` and the object types behind global ids (Relay server conventions). */
import type {
  QueryResolvers,
  ResolversInterfaceTypes,
  RoleResolvers,
  StudyInstituteResolvers,
  UserResolvers,
} from '../__generated__/resolvers.js';
import { roleById, type GatewayContext } from '../context.js';
import { fromGlobalId, toGlobalId, type NodeType } from '../graph/global-id.js';
import { UpstreamError, nullIfForbidden } from '../upstream/upstream-error.js';
import { loadStudyDefinitionNode } from '../study-definitions/study-definitions.resolvers.js';
import { loadPatientNode } from '../patients/patient-nodes.js';
import type { Instrument, Visit } from '../patients/models.js';
import { loadVerificationFlagNode } from '../verification-flags/verification-flags.resolvers.js';
import { loadGenericExportDefinitionNode } from '../generic-exports/generic-exports.resolvers.js';
import { loadProjectAssignmentNode, loadProjectNode } from '../projects/projects.resolvers.js';
import { loadNewsDocumentNode, loadNewsDocumentVersionNode } from '../news-documents/news-documents.resolvers.js';
import { loadInterviewNode, loadQuestionnaireNode } from '../questionnaires/questionnaires.resolvers.js';

type NodeModel = ResolversInterfaceTypes<Record<string, never>>['Node'];
// AuditRecord ids name records that are no nodes: `node` answers null for them.
type TypedNode = { typename: Exclude<NodeType, 'AuditRecord' | 'ObdsImport' | 'ObdsMessage'>; model: NodeModel };

const typenames = new WeakMap<object, TypedNode['typename']>();

function tag(typename: TypedNode['typename'], model: NodeModel | null): NodeModel | null {
  if (model) typenames.set(model, typename);
  return model;
}

async function loadNode(globalId: string, context: GatewayContext): Promise<NodeModel | null> {
  const decoded = fromGlobalId(globalId);
  if (!decoded) return null;
  const { loaders } = context;
  switch (decoded.type) {
    case 'Viewer': {
      const user = await loaders.currentUser();
      return user.id === decoded.id ? tag('Viewer', { user }) : null;
    }
    case 'User':
      return tag('User', await loaders.users.load(decoded.id));
    case 'Role':
      return tag('Role', await roleById(context, decoded.id));
    case 'StudyInstitute':
      return tag('StudyInstitute', await loaders.studyInstitutes.load(decoded.id));
    // administration (issue 3)
    case 'Right':
      return tag('Right', await loaders.rightById(decoded.id));
    case 'Institute':
      return tag('Institute', await loaders.institutes.load(decoded.id));
    case 'Organization':
      return tag('Organization', await loaders.organizations.load(decoded.id));
    case 'Person':
      return tag('Person', await loaders.persons.load(decoded.id));
    case 'AuditEvent':
      return tag('AuditEvent', /^\d+$/.test(decoded.id) ? await loaders.auditEvents.load(decoded.id) : null);
    // study definitions (issue 4)
    case 'StudyDefinition':
    case 'StudyDefinitionVersion':
    case 'VisitDefinition':
    case 'InstrumentDefinition':
    case 'FieldDefinition':
    case 'Language':
      return tag(decoded.type, await loadStudyDefinitionNode(decoded.type, decoded.id, context));
    // patient documentation (issue 5)
    case 'StudyPatient':
    case 'Visit':
    case 'Instrument':
    case 'DataField':
    case 'CaseProcessStep':
      return tag(decoded.type, await loadPatientNode(decoded.type, decoded.id, context));
    case 'Study':
      return tag('Study', (await nullIfForbidden(loaders.studies.load(decoded.id))) ? { id: decoded.id } : null);
    // queries and verification flags (issue 11)
    case 'DataQuery':
      return tag('DataQuery', await loaders.dataQueries.load(decoded.id));
    case 'DataQueryTemplate':
      return tag('DataQueryTemplate', (await loaders.dataQueryTemplates()).find((template) => template.id === decoded.id) ?? null);
    case 'VerificationFlag':
      return tag('VerificationFlag', await loadVerificationFlagNode(decoded.id, context));
    case 'ExportJob':
      return tag('ExportJob', await loaders.exportJobs.load(decoded.id));
    case 'OnkozertImport':
      return tag('OnkozertImport', (await loaders.onkozertImports()).find((entry) => entry.id === decoded.id) ?? null);
    // generic exports (issue 12)
    case 'GenericExportDefinition':
      return tag('GenericExportDefinition', await loadGenericExportDefinitionNode(decoded.id, context));
    // research projects (issue 13)
    case 'Project':
      return tag('Project', await loadProjectNode(decoded.id, context));
    case 'ProjectAssignment':
      return tag('ProjectAssignment', await loadProjectAssignmentNode(decoded.id, context));
    // news documents (issue 13)
    case 'NewsDocument':
      return tag('NewsDocument', await loadNewsDocumentNode(decoded.id, context));
    case 'NewsDocumentVersion':
      return tag('NewsDocumentVersion', await loadNewsDocumentVersionNode(decoded.id, context));
    // the questionnaire system (issue 13)
    case 'Questionnaire':
      return tag('Questionnaire', await loadQuestionnaireNode(decoded.id, context));
    case 'QuestionnaireInterview':
      return tag('QuestionnaireInterview', await loadInterviewNode(decoded.id, context));
    // audited records, oBDS imports and their messages are no nodes: read with recordHistory and obdsImport
    case 'AuditRecord':
    case 'ObdsImport':
    case 'ObdsMessage':
      return null;
  }
}

/** A node the viewer may not see is null, like a missing one; other failures stay errors. */
async function loadVisibleNode(globalId: string, context: GatewayContext): Promise<NodeModel | null> {
  try {
    return await loadNode(globalId, context);
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

/** A node of one type; ids of another type answer null, like unknown ones. */
async function loadTypedNode<T>(globalId: string, typename: NodeType, context: GatewayContext): Promise<T | null> {
  await context.loaders.currentUser();
  if (fromGlobalId(globalId)?.type !== typename) return null;
  return (await loadVisibleNode(globalId, context)) as T | null;
}

export const nodeQueries: Pick<QueryResolvers, 'node' | 'nodes' | 'visit' | 'instrument'> = {
  node: (_, { id }, context) => loadVisibleNode(id, context),
  nodes: (_, { ids }, context) => Promise.all(ids.map((id) => loadVisibleNode(id, context))),
  visit: (_, { id }, context) => loadTypedNode<Visit>(id, 'Visit', context),
  instrument: (_, { id }, context) => loadTypedNode<Instrument>(id, 'Instrument', context),
};

export const Node = {
  __resolveType(model: NodeModel): TypedNode['typename'] {
    const typename = typenames.get(model);
    if (!typename) throw new Error('node without a known type');
    return typename;
  },
};

export const User: UserResolvers = {
  id: (user) => toGlobalId('User', user.id),
  emailAddress: (user) => user.emailAddress ?? null,
};

export const Role: RoleResolvers = {
  id: (role) => toGlobalId('Role', role.id),
};

export const StudyInstitute: StudyInstituteResolvers = {
  id: (institute) => toGlobalId('StudyInstitute', institute.id),
  isDigiNet: (institute) => institute.additionalInfo.isDigiNet === true,
};
