/**
 * The study definition in the graph (schema.graphql "Study definitions"): each version once as the rule
 * engine's model (`StudyDefinitionVersion.model`, cached by version in definition-models.ts) and, read from
 * that same model, typed and described parts for integrators. Also the documentation download
 * (ecrf-calls.md "Documentation").
 */
import {
  EXPRESSION_OPERATORS,
  FIELD_DEFINITION_TYPES,
  FIELD_RULE_KINDS,
  NNGM_CASE_PROCESS,
  sortedEnumValues,
  VISIT_DEFINITION_TYPES,
  type ConstraintExpression,
  type DefinitionIndex,
} from '@ecrf/rules';
import { GraphQLError } from 'graphql';
import type {
  DocumentationKind,
  EnumValueSetResolvers,
  ExpressionOperator,
  FieldDefinitionResolvers,
  FieldDefinitionType as GraphFieldDefinitionType,
  FieldRuleResolvers,
  InstrumentDefinitionResolvers,
  LanguageResolvers,
  MutationResolvers,
  QueryResolvers,
  ResolversTypes,
  RuleKind,
  StudyDefinitionResolvers,
  StudyDefinitionVersionResolvers,
  StudyResolvers,
  VisitDefinitionResolvers,
  VisitDefinitionType as GraphVisitDefinitionType,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';
import { parseVersionPath, readableVersion, versionPath, type DefinitionVersion } from './definition-models.js';
import { graphEnum } from './graph-enums.js';
import type {
  FieldDefinition,
  InstrumentDefinition,
  StudyDefinition,
  StudyDefinitionSummary,
  StudyDefinitionVersion,
  VisitDefinition,
} from './models.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

const documentPaths = {
  FUNCTIONAL_DESIGN: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/funcionalDesign',
  ECRF: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/ecrf',
  ECRF_VIEW: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/ecrf-view',
  COMPLETE: '/api/v1.0/Documentation/{studyDefinitionId}/{languageIdentifier}/complete',
} as const satisfies Record<DocumentationKind, string>;

const indexOf = async (version: DefinitionVersion, context: GatewayContext): Promise<DefinitionIndex> =>
  (await readableVersion(context, version)).index;

async function summaryOf(definition: StudyDefinition, context: GatewayContext): Promise<StudyDefinitionSummary> {
  const summary = definition.summary ?? (await context.loaders.studyDefinitionSummaries()).find((s) => s.id === definition.id);
  if (!summary) throw new GraphQLError(GATEWAY_MESSAGES.studyDefinitionNotFound, { extensions: { code: 'NOT_FOUND' } });
  return summary;
}

type ConstraintExpressionNode = ResolversTypes['ConstraintExpressionNode'];

/** The expression tree as a flat list, root first; children by index (schema.graphql FieldRule.expression). */
function flattenExpression(expression: ConstraintExpression | null | undefined, index: DefinitionIndex): ConstraintExpressionNode[] {
  const nodes: ConstraintExpressionNode[] = [];
  const add = (node: ConstraintExpression): number => {
    const position = nodes.length;
    const constraint = node.constraintDefinitionId ? index.constraintById.get(node.constraintDefinitionId) : undefined;
    const flat: ConstraintExpressionNode = {
      operator: graphEnum<ExpressionOperator>(EXPRESSION_OPERATORS, node.operator, 'expression operator'),
      constraint: constraint ?? null,
      children: [],
    };
    nodes.push(flat);
    flat.children = (node.expressions ?? []).map(add);
    return position;
  };
  if (expression) add(expression);
  return nodes;
}

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
      throw new GraphQLError(GATEWAY_MESSAGES.unknownStudyDefinition, { extensions: { code: 'BAD_USER_INPUT' } });
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
  identifier: async (d, _, c) => (await summaryOf(d, c)).identifier,
  displayName: async (d, _, c) => (await summaryOf(d, c)).displayName,
  version: async (d, _, c) => (await summaryOf(d, c)).currentVersion,
  versions: async (d, _, c) => (await summaryOf(d, c)).versions,
  currentVersion: async (d, _, c) => ({ studyDefinitionId: d.id, version: (await summaryOf(d, c)).currentVersion }),
  languages: (d, _, { loaders }) => loaders.languagesOfDefinition.load(d.id),
  // The registry has one case process, the nNGM one; definitions do not carry it (docs/decisions.md "Case process steps").
  caseProcessSteps: () => NNGM_CASE_PROCESS.map((step) => ({ ...step, mainStates: [...step.mainStates], subStates: [...step.subStates] })),
};

export const StudyDefinitionVersionType: StudyDefinitionVersionResolvers = {
  id: (v) => toGlobalId('StudyDefinitionVersion', versionPath(v)),
  studyDefinition: (v) => ({ id: v.studyDefinitionId }),
  version: (v) => v.version,
  model: async (v, _, c) => (await readableVersion(c, v)).model,
  texts: async (v, { languageIdentifier }, c) => {
    const language = (await c.loaders.languagesOfDefinition.load(v.studyDefinitionId)).find((l) => l.identifier === languageIdentifier);
    const texts: Record<string, string> = {};
    for (const entry of language?.entries ?? []) texts[entry.displayKey] ??= entry.displayValue;
    return texts;
  },
  patientFields: async (v, _, c) => (await indexOf(v, c)).study.patient.fields.map((field) => ({ version: v, field })),
  visits: async (v, _, c) =>
    [...(await indexOf(v, c)).study.visits].sort((a, b) => a.order - b.order).map((visit) => ({ version: v, visit })),
  instruments: async (v, _, c) => (await indexOf(v, c)).study.instruments.map((instrument) => ({ version: v, instrument })),
  standaloneInstruments: async (v, _, c) =>
    (await indexOf(v, c)).study.standaloneInstruments.map((instrument) => ({ version: v, instrument })),
  enumValueSets: async (v, _, c) => [...(await indexOf(v, c)).study.enumValueSets],
  constraints: async (v, _, c) => [...(await indexOf(v, c)).study.constraints],
  queryTypes: async (v, _, c) => [...(await indexOf(v, c)).study.queryTypes],
  verificationFlagTypes: async (v, _, c) => [...(await indexOf(v, c)).study.verificationFlagTypes],
};

export const VisitDefinitionType: VisitDefinitionResolvers = {
  id: ({ version, visit }) => toGlobalId('VisitDefinition', versionPath(version, visit.id)),
  key: ({ visit }) => visit.id,
  identifier: ({ visit }) => visit.identifier,
  displayKey: ({ visit }) => visit.displayKey,
  order: ({ visit }) => visit.order,
  type: ({ visit }) => graphEnum<GraphVisitDefinitionType>(VISIT_DEFINITION_TYPES, visit.definition.type, 'visit type'),
  max: ({ visit }) => visit.definition.max ?? null,
  isFollowUpRegistry: ({ visit }) => visit.definition.isFollowUpRegistry === true,
  isDeleted: ({ visit }) => visit.isDeleted === true,
  rules: ({ version, visit }) => visit.rules.map((rule) => ({ version, rule })),
  fields: ({ version, visit }) => visit.fields.map((field) => ({ version, field })),
  instruments: ({ version, visit }) => visit.instruments.map((instrument) => ({ version, instrument, visit })),
};

export const InstrumentDefinitionType: InstrumentDefinitionResolvers = {
  id: ({ version, instrument, visit }) => toGlobalId('InstrumentDefinition', versionPath(version, instrument.id, visit?.id)),
  key: ({ instrument }) => instrument.id,
  identifier: ({ instrument }) => instrument.identifier,
  displayKey: ({ instrument }) => instrument.displayKey,
  order: ({ instrument }) => instrument.order,
  isDeleted: ({ instrument }) => instrument.isDeleted === true,
  rules: ({ version, instrument }) => (instrument.rules ?? []).map((rule) => ({ version, rule })),
  fields: ({ version, instrument }) => instrument.fields.map((field) => ({ version, field })),
};

export const FieldDefinitionType: FieldDefinitionResolvers = {
  id: ({ version, field }) => toGlobalId('FieldDefinition', versionPath(version, field.id)),
  key: ({ field }) => field.id,
  identifier: ({ field }) => field.identifier,
  type: ({ field }) => graphEnum<GraphFieldDefinitionType>(FIELD_DEFINITION_TYPES, field.definitionType, 'field type'),
  displayKey: ({ field }) => field.displayKey,
  order: ({ field }) => field.order,
  parent: async ({ version, field }, _, c) => {
    const parent = field.parentFieldDefinitionId ? (await indexOf(version, c)).fieldById.get(field.parentFieldDefinitionId) : undefined;
    return parent ? { version, field: parent } : null;
  },
  valueType: ({ field }) => field.definition?.valueType ?? null,
  enumValueSetIdentifier: ({ field }) => field.definition?.enumValueSetIdentifier ?? null,
  terminology: ({ field }) => field.definition?.terminology ?? null,
  unit: ({ field }) => field.definition?.unit ?? null,
  therapistRequired: ({ field }) => field.definition?.therapistRequired === true,
  locationRequired: ({ field }) => field.definition?.locationRequired === true,
  isDeleted: ({ field }) => field.isDeleted === true,
  isReadonly: ({ field }) => field.isReadonly === true,
  rules: ({ version, field }) => field.rules.map((rule) => ({ version, rule })),
};

export const FieldRuleType: FieldRuleResolvers = {
  kind: ({ rule }) => graphEnum<RuleKind>(FIELD_RULE_KINDS, rule.definitionType, 'rule kind'),
  displayKey: ({ rule }) => rule.displayKey ?? null,
  value: ({ rule }) => rule.value ?? null,
  isDeleted: ({ rule }) => rule.isDeleted === true,
  expression: async ({ version, rule }, _, c) => flattenExpression(rule.constraintExpression, await indexOf(version, c)),
};

export const EnumValueSetType: EnumValueSetResolvers = {
  values: (set) => sortedEnumValues(set),
};

export const LanguageType: LanguageResolvers = {
  id: (language) => toGlobalId('Language', language.id),
};

/**
 * The instrument definition `key` as seen in the visit definition `visitKey`, or without one in the version's own
 * lists (instruments and standalone instruments): each appearance has its own id, as its order differs.
 */
export function instrumentDefinitionIn(
  version: DefinitionVersion,
  index: DefinitionIndex,
  key: string,
  visitKey?: string,
): InstrumentDefinition | null {
  if (visitKey === undefined) {
    const instrument = [...index.study.instruments, ...index.study.standaloneInstruments].find((i) => i.id === key);
    return instrument ? { version, instrument } : null;
  }
  const visit = index.visitById.get(visitKey);
  const instrument = visit?.instruments.find((i) => i.id === key);
  return visit && instrument ? { version, instrument, visit } : null;
}

type DefinitionNodeType =
  'StudyDefinition' | 'StudyDefinitionVersion' | 'VisitDefinition' | 'InstrumentDefinition' | 'FieldDefinition' | 'Language';

/** `node(id:)` for the study definition types; parts are found in the version their id names. */
export async function loadStudyDefinitionNode(
  type: DefinitionNodeType,
  id: string,
  context: GatewayContext,
): Promise<
  | StudyDefinition
  | StudyDefinitionVersion
  | VisitDefinition
  | InstrumentDefinition
  | FieldDefinition
  | Awaited<ReturnType<GatewayContext['loaders']['languages']['load']>>
  | null
> {
  if (type === 'Language') return context.loaders.languages.load(id);
  if (type === 'StudyDefinition') {
    const summary = (await context.loaders.studyDefinitionSummaries()).find((s) => s.id === id);
    return summary ? { id, summary } : null;
  }
  const parsed = parseVersionPath(id);
  if (!parsed) return null;
  const { version, key, scope } = parsed;
  const index = await indexOf(version, context);
  if (type === 'StudyDefinitionVersion') return version;
  if (type === 'VisitDefinition') {
    const visit = index.visitById.get(key);
    return visit ? { version, visit } : null;
  }
  if (type === 'InstrumentDefinition') return instrumentDefinitionIn(version, index, key, scope);
  const field = index.fieldById.get(key);
  return field ? { version, field } : null;
}

export const StudyType: StudyResolvers = {
  id: (study) => toGlobalId('Study', study.id),
  identifier: async (study, _, { loaders }) => (await nullIfForbidden(loaders.studies.load(study.id)))?.identifier ?? null,
  displayName: async (study, _, { loaders }) => (await nullIfForbidden(loaders.studies.load(study.id)))?.displayName ?? null,
};
