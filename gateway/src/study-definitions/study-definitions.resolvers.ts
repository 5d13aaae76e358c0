/**
 * The study definition as typed nodes (schema.graphql "Study definitions"): visits, instruments, fields,
 * rules as structured data, constraints, enum sets and languages, so the web renders and evaluates forms
 * from one query. Also the documentation download (ecrf-calls.md "Documentation").
 */
import { NNGM_CASE_PROCESS, type ConstraintExpression } from '@ecrf/rules';
import { GraphQLError } from 'graphql';
import type {
  StudyResolvers,
  ConstraintExpressionNode,
  DocumentationKind,
  ExpressionOperator,
  FieldDefinitionResolvers,
  FieldDefinitionType as FieldTypeName,
  FieldRuleResolvers,
  InstrumentDefinitionResolvers,
  LanguageResolvers,
  MutationResolvers,
  QueryResolvers,
  RuleKind,
  StudyDefinitionResolvers,
  VisitDefinitionResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import type { FieldDefinition, InstrumentDefinition, StudyDefinition, StudyDefinitionFull, VisitDefinition } from './models.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';

const fieldTypes: Record<string, FieldTypeName> = {
  TableEntry: 'TABLE_ENTRY',
  ListEntry: 'LIST_ENTRY',
  EventReportListEntry: 'EVENT_REPORT_LIST_ENTRY',
  Table: 'TABLE',
  List: 'LIST',
  EventReportList: 'EVENT_REPORT_LIST',
  FieldGroup: 'FIELD_GROUP',
  DisplayValue: 'DISPLAY_VALUE',
  NngmNetworkPartner: 'NETWORK_PARTNER',
  NngmNetworkLocation: 'NETWORK_LOCATION',
};
const ruleKinds: Record<string, RuleKind> = {
  Visibility: 'VISIBILITY',
  Editability: 'EDITABILITY',
  Hint: 'HINT',
  Redirect: 'REDIRECT',
  RequiredField: 'REQUIRED_FIELD',
  Population: 'POPULATION',
};
const operators: readonly ExpressionOperator[] = ['EVAL', 'NOT', 'AND', 'OR'];
const documentPaths = {
  FUNCTIONAL_DESIGN: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/funcionalDesign',
  ECRF: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/ecrf',
  ECRF_VIEW: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/ecrf-view',
  COMPLETE: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/complete',
} as const satisfies Record<DocumentationKind, string>;

/** Known by the loader: every value is a type of the model (the backend refuses others on load). */
function known<T>(table: Record<string, T>, value: string, what: string): T {
  const mapped = table[value];
  if (mapped === undefined) throw new GraphQLError(`unknown ${what} '${value}' in the study definition`);
  return mapped;
}

/** The expression tree as a flat list, root first; children by index (schema.graphql FieldRule.expression). */
export function flattenExpression(expression: ConstraintExpression | null | undefined): ConstraintExpressionNode[] {
  const nodes: ConstraintExpressionNode[] = [];
  const add = (node: ConstraintExpression): number => {
    const index = nodes.length;
    const operator = operators.find((o) => o === node.operator);
    if (!operator) throw new GraphQLError(`unknown expression operator '${node.operator}' in the study definition`);
    const flat: ConstraintExpressionNode = { operator, constraintDefinitionId: node.constraintDefinitionId ?? null, children: [] };
    nodes.push(flat);
    flat.children = (node.expressions ?? []).map(add);
    return index;
  };
  if (expression) add(expression);
  return nodes;
}

const full = (definition: StudyDefinition, context: GatewayContext): Promise<StudyDefinitionFull> =>
  context.loaders.studyDefinitions.load(definition.id);

export const studyDefinitionQueries: Pick<QueryResolvers, 'studyDefinitions'> = {
  studyDefinitions: async (_, __, { loaders }) =>
    (await loaders.studyDefinitionSummaries()).map((summary) => ({ id: summary.id, summary })),
};

export const documentationMutations: Pick<MutationResolvers, 'generateDocumentation'> = {
  async generateDocumentation(_, { input }, context) {
    // Authenticate first: without a valid token the answer is UNAUTHENTICATED whatever the input.
    await context.loaders.currentUser();
    const decoded = fromGlobalId(input.studyDefinitionId);
    if (decoded?.type !== 'StudyDefinition')
      throw new GraphQLError('unknown study definition id', { extensions: { code: 'BAD_USER_INPUT' } });
    const file = await context.backend.download('post', documentPaths[input.kind], {
      path: { studyDefinitionId: decoded.id, languageIdentifier: input.languageIdentifier },
    });
    return {
      document: {
        fileName: file.fileName ?? 'dokumentation.pdf',
        contentType: file.contentType,
        contentBase64: file.body.toString('base64'),
        byteSize: file.body.length,
      },
    };
  },
};

export const StudyDefinitionType: StudyDefinitionResolvers = {
  id: (d) => toGlobalId('StudyDefinition', d.id),
  definitionId: (d) => d.id,
  identifier: async (d, _, context) => d.summary?.identifier ?? (await full(d, context)).identifier,
  displayName: async (d, _, context) => d.summary?.displayName ?? (await full(d, context)).displayName,
  version: async (d, _, context) => d.summary?.currentVersion ?? (await full(d, context)).version,
  versions: async (d, _, context) => d.summary?.versions ?? (await full(d, context)).versions,
  patientFields: async (d, _, context) => (await full(d, context)).patient.fields.map((field) => ({ studyDefinitionId: d.id, field })),
  visits: async (d, _, context) => (await full(d, context)).visits.map((visit) => ({ studyDefinitionId: d.id, visit })),
  instruments: async (d, _, context) => (await full(d, context)).instruments.map((instrument) => ({ studyDefinitionId: d.id, instrument })),
  standaloneInstruments: async (d, _, context) =>
    (await full(d, context)).standaloneInstruments.map((instrument) => ({ studyDefinitionId: d.id, instrument })),
  enumValueSets: async (d, _, context) => (await full(d, context)).enumValueSets,
  constraints: async (d, _, context) =>
    (await full(d, context)).constraints.map((c) => ({
      definitionId: c.id,
      identifier: c.identifier ?? null,
      type: c.type,
      operator: c.operator,
      value: c.value ?? null,
      property: c.property ?? null,
      fieldPath: c.fieldPath ?? null,
      fieldType: c.fieldType ?? null,
      visit: c.visit ?? null,
      instrument: c.instrument ?? null,
    })),
  queryTypes: async (d, _, context) => (await full(d, context)).queryTypes.map((q) => ({ ...q, displayKey: q.displayKey ?? null })),
  verificationFlagTypes: async (d, _, context) => (await full(d, context)).verificationFlagTypes,
  languages: (d, _, { loaders }) => loaders.languagesOfDefinition.load(d.id),
  // The registry has one case process, the nNGM one; definitions do not carry it (docs/decisions.md "Case process steps").
  caseProcessSteps: () => NNGM_CASE_PROCESS.map((step) => ({ ...step, mainStates: [...step.mainStates], subStates: [...step.subStates] })),
};

export const VisitDefinitionType: VisitDefinitionResolvers = {
  id: ({ studyDefinitionId, visit }) => toGlobalId('VisitDefinition', `${studyDefinitionId}/${visit.id}`),
  definitionId: ({ visit }) => visit.id,
  identifier: ({ visit }) => visit.identifier,
  displayKey: ({ visit }) => visit.displayKey,
  order: ({ visit }) => visit.order,
  type: ({ visit }) => (visit.definition.type === 'IntermediateVisit' ? 'INTERMEDIATE_VISIT' : 'GENERIC_VISIT'),
  max: ({ visit }) => visit.definition.max ?? null,
  isFollowUpRegistry: ({ visit }) => visit.definition.isFollowUpRegistry === true,
  isDeleted: ({ visit }) => visit.isDeleted === true,
  rules: ({ visit }) => visit.rules,
  fields: ({ studyDefinitionId, visit }) => visit.fields.map((field) => ({ studyDefinitionId, field })),
  instruments: ({ studyDefinitionId, visit }) => visit.instruments.map((instrument) => ({ studyDefinitionId, instrument })),
};

export const InstrumentDefinitionType: InstrumentDefinitionResolvers = {
  id: ({ studyDefinitionId, instrument }) => toGlobalId('InstrumentDefinition', `${studyDefinitionId}/${instrument.id}`),
  definitionId: ({ instrument }) => instrument.id,
  identifier: ({ instrument }) => instrument.identifier,
  displayKey: ({ instrument }) => instrument.displayKey,
  order: ({ instrument }) => instrument.order,
  isDeleted: ({ instrument }) => instrument.isDeleted === true,
  rules: ({ instrument }) => instrument.rules ?? [],
  fields: ({ studyDefinitionId, instrument }) => instrument.fields.map((field) => ({ studyDefinitionId, field })),
};

export const FieldDefinitionType: FieldDefinitionResolvers = {
  id: ({ studyDefinitionId, field }) => toGlobalId('FieldDefinition', `${studyDefinitionId}/${field.id}`),
  definitionId: ({ field }) => field.id,
  identifier: ({ field }) => field.identifier,
  type: ({ field }) => known(fieldTypes, field.definitionType, 'field type'),
  displayKey: ({ field }) => field.displayKey,
  order: ({ field }) => field.order,
  parentDefinitionId: ({ field }) => field.parentFieldDefinitionId ?? null,
  valueType: ({ field }) => field.definition?.valueType ?? null,
  enumValueSetIdentifier: ({ field }) => field.definition?.enumValueSetIdentifier ?? null,
  unit: ({ field }) => field.definition?.unit ?? null,
  therapistRequired: ({ field }) => field.definition?.therapistRequired === true,
  locationRequired: ({ field }) => field.definition?.locationRequired === true,
  isDeleted: ({ field }) => field.isDeleted === true,
  isReadonly: ({ field }) => field.isReadonly === true,
  rules: ({ field }) => field.rules,
};

export const FieldRuleType: FieldRuleResolvers = {
  kind: (rule) => known(ruleKinds, rule.definitionType, 'rule kind'),
  displayKey: (rule) => rule.displayKey ?? null,
  value: (rule) => rule.value ?? null,
  isDeleted: (rule) => rule.isDeleted === true,
  expression: (rule) => flattenExpression(rule.constraintExpression as ConstraintExpression | null | undefined),
};

export const LanguageType: LanguageResolvers = {
  id: (language) => toGlobalId('Language', language.id),
};

/** `node(id:)` for the study definition types; parts are found in the definition their id names. */
export async function loadStudyDefinitionNode(
  type: 'StudyDefinition' | 'VisitDefinition' | 'InstrumentDefinition' | 'FieldDefinition' | 'Language',
  id: string,
  context: GatewayContext,
): Promise<
  | StudyDefinition
  | VisitDefinition
  | InstrumentDefinition
  | FieldDefinition
  | Awaited<ReturnType<GatewayContext['loaders']['languages']['load']>>
  | null
> {
  if (type === 'Language') return context.loaders.languages.load(id);
  const [studyDefinitionId = '', partId] = id.split('/');
  const definition = await context.loaders.studyDefinitions.load(studyDefinitionId);
  if (type === 'StudyDefinition') return { id: definition.id };
  const instruments = [...definition.instruments, ...definition.standaloneInstruments, ...definition.visits.flatMap((v) => v.instruments)];
  if (type === 'VisitDefinition') {
    const visit = definition.visits.find((v) => v.id === partId);
    return visit ? { studyDefinitionId, visit } : null;
  }
  if (type === 'InstrumentDefinition') {
    const instrument = instruments.find((i) => i.id === partId);
    return instrument ? { studyDefinitionId, instrument } : null;
  }
  const field = [...definition.patient.fields, ...definition.visits.flatMap((v) => v.fields), ...instruments.flatMap((i) => i.fields)].find(
    (f) => f.id === partId,
  );
  return field ? { studyDefinitionId, field } : null;
}

export const StudyType: StudyResolvers = {
  id: (study) => toGlobalId('Study', study.id),
  identifier: async (study, _, { loaders }) => (await nullIfForbidden(loaders.studies.load(study.id)))?.identifier ?? null,
  displayName: async (study, _, { loaders }) => (await nullIfForbidden(loaders.studies.load(study.id)))?.displayName ?? null,
};
