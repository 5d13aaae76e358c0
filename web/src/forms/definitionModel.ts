/**
 * The study definition as the graph serves it (schema.graphql "Study definitions (issue 4)") turned into
 * the model of @ecrf/rules, so the browser evaluates the same rules with the same engine as the gateway
 * and the backend (ecrf-core.md §3–§5). The Graph* types mirror the schema's field names; a Relay
 * query's data fits them structurally.
 */
import type {
  ConstraintDefinition,
  ConstraintExpression,
  DataFieldDefinition,
  EnumValueSet,
  FieldDefinitionType,
  FieldRule,
  FieldRuleKind,
  InstrumentDefinition,
  QueryType,
  StudyDefinition,
  VisitDefinition,
} from '@ecrf/rules';

/** Relay types every enum with this extra member, so the structural types accept it too. */
type FutureValue = '%future added value';

export type GraphFieldDefinitionType =
  | 'TABLE_ENTRY'
  | 'LIST_ENTRY'
  | 'EVENT_REPORT_LIST_ENTRY'
  | 'TABLE'
  | 'LIST'
  | 'EVENT_REPORT_LIST'
  | 'FIELD_GROUP'
  | 'DISPLAY_VALUE'
  | 'NETWORK_PARTNER'
  | 'NETWORK_LOCATION';
export type GraphRuleKind = 'VISIBILITY' | 'EDITABILITY' | 'HINT' | 'REDIRECT' | 'REQUIRED_FIELD' | 'POPULATION';
export type GraphExpressionOperator = 'EVAL' | 'NOT' | 'AND' | 'OR';
export type GraphVisitDefinitionType = 'GENERIC_VISIT' | 'INTERMEDIATE_VISIT';

export type GraphConstraintExpressionNode = {
  readonly operator: GraphExpressionOperator | FutureValue;
  readonly constraintDefinitionId?: string | null;
  readonly children: readonly number[];
};

export type GraphFieldRule = {
  readonly kind: GraphRuleKind | FutureValue;
  readonly displayKey?: string | null;
  readonly value?: string | null;
  readonly isDeleted: boolean;
  readonly expression: readonly GraphConstraintExpressionNode[];
};

export type GraphFieldDefinition = {
  readonly definitionId: string;
  readonly identifier: string;
  readonly type: GraphFieldDefinitionType | FutureValue;
  readonly displayKey: string;
  readonly order: number;
  readonly parentDefinitionId?: string | null;
  readonly valueType?: string | null;
  readonly enumValueSetIdentifier?: string | null;
  readonly unit?: string | null;
  readonly therapistRequired: boolean;
  readonly locationRequired: boolean;
  readonly isDeleted: boolean;
  readonly isReadonly: boolean;
  readonly rules: readonly GraphFieldRule[];
};

export type GraphInstrumentDefinition = {
  readonly definitionId: string;
  readonly identifier: string;
  readonly displayKey: string;
  readonly order: number;
  readonly isDeleted: boolean;
  readonly rules: readonly GraphFieldRule[];
  readonly fields: readonly GraphFieldDefinition[];
};

export type GraphVisitDefinition = {
  readonly definitionId: string;
  readonly identifier: string;
  readonly displayKey: string;
  readonly order: number;
  readonly type: GraphVisitDefinitionType | FutureValue;
  readonly max?: number | null;
  readonly isFollowUpRegistry: boolean;
  readonly isDeleted: boolean;
  readonly rules: readonly GraphFieldRule[];
  readonly fields: readonly GraphFieldDefinition[];
  readonly instruments: readonly GraphInstrumentDefinition[];
};

export type GraphConstraintDefinition = {
  readonly definitionId: string;
  readonly identifier?: string | null;
  readonly type: string;
  readonly operator: string;
  readonly value?: string | null;
  readonly property?: string | null;
  readonly fieldPath?: string | null;
  readonly fieldType?: string | null;
  readonly visit?: string | null;
  readonly instrument?: string | null;
};

export type GraphEnumValueSet = {
  readonly identifier: string;
  readonly values: readonly { readonly code: string; readonly displayKey: string; readonly order: number }[];
};

/** The roles per query action are the rules' own type; the graph names the type by identifier only. */
export type GraphQueryType = Omit<QueryType, 'id' | 'displayKey'> & { readonly displayKey?: string | null };

export type GraphLanguage = {
  readonly identifier: string;
  readonly entries: readonly { readonly scope: string; readonly displayKey: string; readonly displayValue: string }[];
};

export type GraphStudyDefinition = {
  readonly definitionId: string;
  readonly identifier: string;
  readonly patientFields: readonly GraphFieldDefinition[];
  readonly visits: readonly GraphVisitDefinition[];
  readonly instruments: readonly GraphInstrumentDefinition[];
  readonly standaloneInstruments: readonly GraphInstrumentDefinition[];
  readonly enumValueSets: readonly GraphEnumValueSet[];
  readonly constraints: readonly GraphConstraintDefinition[];
  readonly queryTypes: readonly GraphQueryType[];
  readonly verificationFlagTypes: readonly { readonly identifier: string; readonly displayKey: string }[];
  readonly languages: readonly GraphLanguage[];
};

const fieldTypes: Record<GraphFieldDefinitionType, FieldDefinitionType> = {
  TABLE_ENTRY: 'TableEntry',
  LIST_ENTRY: 'ListEntry',
  EVENT_REPORT_LIST_ENTRY: 'EventReportListEntry',
  TABLE: 'Table',
  LIST: 'List',
  EVENT_REPORT_LIST: 'EventReportList',
  FIELD_GROUP: 'FieldGroup',
  DISPLAY_VALUE: 'DisplayValue',
  NETWORK_PARTNER: 'NngmNetworkPartner',
  NETWORK_LOCATION: 'NngmNetworkLocation',
};
const ruleKinds: Record<GraphRuleKind, FieldRuleKind> = {
  VISIBILITY: 'Visibility',
  EDITABILITY: 'Editability',
  HINT: 'Hint',
  REDIRECT: 'Redirect',
  REQUIRED_FIELD: 'RequiredField',
  POPULATION: 'Population',
};

const isKey = <K extends string>(table: Record<K, unknown>, key: string): key is K => Object.hasOwn(table, key);

/**
 * The flat node list (root first, children by index) as a tree. A rule kind or operator this client does
 * not know is passed on as is: the engine logs it and evaluates it to false (ecrf-core.md §5).
 */
export function expressionTree(nodes: readonly GraphConstraintExpressionNode[]): ConstraintExpression | null {
  const build = (index: number, path: ReadonlySet<number>): ConstraintExpression => {
    const node = nodes[index];
    // A broken list (dangling index or cycle) becomes an operator the engine refuses, never a loop.
    if (node === undefined || path.has(index)) return { operator: 'INVALID' };
    const inner = new Set(path).add(index);
    return {
      operator: node.operator,
      constraintDefinitionId: node.constraintDefinitionId ?? null,
      expressions: node.children.map((child) => build(child, inner)),
    };
  };
  return nodes.length === 0 ? null : build(0, new Set());
}

function toRule(rule: GraphFieldRule): FieldRule {
  return {
    definitionType: isKey(ruleKinds, rule.kind) ? ruleKinds[rule.kind] : rule.kind,
    constraintExpression: expressionTree(rule.expression),
    displayKey: rule.displayKey ?? null,
    value: rule.value ?? null,
    isDeleted: rule.isDeleted,
  };
}

function toField(field: GraphFieldDefinition): DataFieldDefinition {
  if (!isKey(fieldTypes, field.type)) {
    // The form cannot render a field it does not know (ecrf-core.md §8: missing data field definition).
    throw new Error(`Unbekannter Feldtyp ${field.type} (${field.identifier})`);
  }
  return {
    id: field.definitionId,
    identifier: field.identifier,
    definitionType: fieldTypes[field.type],
    displayKey: field.displayKey,
    order: field.order,
    parentFieldDefinitionId: field.parentDefinitionId ?? null,
    rules: field.rules.map(toRule),
    definition: {
      valueType: field.valueType ?? null,
      enumValueSetIdentifier: field.enumValueSetIdentifier ?? null,
      unit: field.unit ?? null,
      therapistRequired: field.therapistRequired,
      locationRequired: field.locationRequired,
    },
    isDeleted: field.isDeleted,
    isReadonly: field.isReadonly,
  };
}

function toInstrument(instrument: GraphInstrumentDefinition): InstrumentDefinition {
  return {
    id: instrument.definitionId,
    identifier: instrument.identifier,
    displayKey: instrument.displayKey,
    order: instrument.order,
    rules: instrument.rules.map(toRule),
    fields: instrument.fields.map(toField),
    isDeleted: instrument.isDeleted,
  };
}

function toVisit(visit: GraphVisitDefinition): VisitDefinition {
  return {
    id: visit.definitionId,
    identifier: visit.identifier,
    displayKey: visit.displayKey,
    order: visit.order,
    rules: visit.rules.map(toRule),
    instruments: visit.instruments.map(toInstrument),
    fields: visit.fields.map(toField),
    definition: {
      type: visit.type === 'INTERMEDIATE_VISIT' ? 'IntermediateVisit' : 'GenericVisit',
      max: visit.max ?? null,
      isFollowUpRegistry: visit.isFollowUpRegistry,
    },
    isDeleted: visit.isDeleted,
  };
}

function toConstraint(constraint: GraphConstraintDefinition): ConstraintDefinition {
  return {
    id: constraint.definitionId,
    identifier: constraint.identifier ?? null,
    type: constraint.type,
    operator: constraint.operator,
    value: constraint.value ?? null,
    property: constraint.property ?? null,
    fieldPath: constraint.fieldPath ?? null,
    fieldType: constraint.fieldType ?? null,
    visit: constraint.visit ?? null,
    instrument: constraint.instrument ?? null,
  };
}

// Enum sets, query types and flag types have no id in the graph; their identifier is unique in a definition.
const toEnumValueSet = (set: GraphEnumValueSet): EnumValueSet => ({
  id: set.identifier,
  identifier: set.identifier,
  values: [...set.values].sort((a, b) => a.order - b.order).map((v) => ({ code: v.code, displayKey: v.displayKey, order: v.order })),
});

const toQueryType = (q: GraphQueryType): QueryType => ({
  id: q.identifier,
  identifier: q.identifier,
  ...(q.displayKey ? { displayKey: q.displayKey } : {}),
  canView: [...q.canView],
  canCreate: [...q.canCreate],
  canEdit: [...q.canEdit],
  canAccept: [...q.canAccept],
  canAnswer: [...q.canAnswer],
  canRevoke: [...q.canRevoke],
  canSolve: [...q.canSolve],
  canDefer: [...q.canDefer],
});

/** The @ecrf/rules model of a study definition; its ids are the graph's `definitionId`s. */
export function toRulesDefinition(graph: GraphStudyDefinition): StudyDefinition {
  return {
    id: graph.definitionId,
    identifier: graph.identifier,
    // The graph has no patient definition node; nothing in the engine reads its id.
    patient: { id: `${graph.definitionId}/patient`, identifier: 'patient', fields: graph.patientFields.map(toField) },
    visits: graph.visits.map(toVisit),
    instruments: graph.instruments.map(toInstrument),
    standaloneInstruments: graph.standaloneInstruments.map(toInstrument),
    enumValueSets: graph.enumValueSets.map(toEnumValueSet),
    constraints: graph.constraints.map(toConstraint),
    queryTypes: graph.queryTypes.map(toQueryType),
    verificationFlagTypes: graph.verificationFlagTypes.map((f) => ({
      id: f.identifier,
      identifier: f.identifier,
      displayKey: f.displayKey,
    })),
  };
}

/** Display values of one language; an unknown key (or language) shows as the key itself. */
export function textLookup(graph: Pick<GraphStudyDefinition, 'languages'>, languageIdentifier = 'de'): (displayKey: string) => string {
  const language = graph.languages.find((l) => l.identifier === languageIdentifier);
  const values = new Map<string, string>();
  for (const entry of language?.entries ?? []) if (!values.has(entry.displayKey)) values.set(entry.displayKey, entry.displayValue);
  return (displayKey) => values.get(displayKey) ?? displayKey;
}
