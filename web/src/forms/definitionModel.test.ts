import { describe, expect, it } from 'vitest';
import {
  createEvaluationContext,
  indexStudyDefinition,
  walkForm,
  type ConstraintExpression,
  type DataFieldDefinition,
  type DataFieldInstance,
  type FieldRule,
  type InstrumentDefinition,
  type StudyDefinition,
} from '@ecrf/rules';
import { erikaContext, erikaData, institutes, kitchenSinkDefinition, personas } from '@ecrf/rules/test-utils';
import {
  expressionTree,
  textLookup,
  toRulesDefinition,
  type GraphConstraintExpressionNode,
  type GraphFieldDefinition,
  type GraphFieldRule,
  type GraphInstrumentDefinition,
  type GraphStudyDefinition,
} from './definitionModel';
import { defined } from './formTestKit';

// The inverse, written the way the gateway serves the definition (gateway study-definitions.resolvers).
const graphTypes: Record<string, GraphFieldDefinition['type']> = {
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
const graphKinds: Record<string, GraphFieldRule['kind']> = {
  Visibility: 'VISIBILITY',
  Editability: 'EDITABILITY',
  Hint: 'HINT',
  Redirect: 'REDIRECT',
  RequiredField: 'REQUIRED_FIELD',
  Population: 'POPULATION',
};

function flatten(expression: ConstraintExpression | null | undefined): GraphConstraintExpressionNode[] {
  const nodes: { operator: GraphConstraintExpressionNode['operator']; constraintDefinitionId: string | null; children: number[] }[] = [];
  const add = (node: ConstraintExpression): number => {
    const index = nodes.length;
    const flat = {
      operator: node.operator as GraphConstraintExpressionNode['operator'],
      constraintDefinitionId: node.constraintDefinitionId ?? null,
      children: [] as number[],
    };
    nodes.push(flat);
    flat.children = (node.expressions ?? []).map(add);
    return index;
  };
  if (expression) add(expression);
  return nodes;
}

const graphRule = (rule: FieldRule): GraphFieldRule => ({
  kind: graphKinds[rule.definitionType] ?? 'VISIBILITY',
  displayKey: rule.displayKey ?? null,
  value: rule.value ?? null,
  isDeleted: rule.isDeleted === true,
  expression: flatten(rule.constraintExpression),
});
const graphField = (f: DataFieldDefinition): GraphFieldDefinition => ({
  definitionId: f.id,
  identifier: f.identifier,
  type: graphTypes[f.definitionType] ?? 'TABLE_ENTRY',
  displayKey: f.displayKey,
  order: f.order,
  parentDefinitionId: f.parentFieldDefinitionId ?? null,
  valueType: f.definition?.valueType ?? null,
  enumValueSetIdentifier: f.definition?.enumValueSetIdentifier ?? null,
  unit: f.definition?.unit ?? null,
  therapistRequired: f.definition?.therapistRequired === true,
  locationRequired: f.definition?.locationRequired === true,
  isDeleted: f.isDeleted === true,
  isReadonly: f.isReadonly === true,
  rules: f.rules.map(graphRule),
});
const graphInstrument = (i: InstrumentDefinition): GraphInstrumentDefinition => ({
  definitionId: i.id,
  identifier: i.identifier,
  displayKey: i.displayKey,
  order: i.order,
  isDeleted: i.isDeleted === true,
  rules: (i.rules ?? []).map(graphRule),
  fields: i.fields.map(graphField),
});

function toGraph(d: StudyDefinition): GraphStudyDefinition {
  return {
    definitionId: d.id,
    identifier: d.identifier,
    patientFields: d.patient.fields.map(graphField),
    visits: d.visits.map((v) => ({
      definitionId: v.id,
      identifier: v.identifier,
      displayKey: v.displayKey,
      order: v.order,
      type: v.definition.type === 'IntermediateVisit' ? 'INTERMEDIATE_VISIT' : 'GENERIC_VISIT',
      max: v.definition.max ?? null,
      isFollowUpRegistry: v.definition.isFollowUpRegistry === true,
      isDeleted: v.isDeleted === true,
      rules: v.rules.map(graphRule),
      fields: v.fields.map(graphField),
      instruments: v.instruments.map(graphInstrument),
    })),
    instruments: d.instruments.map(graphInstrument),
    standaloneInstruments: d.standaloneInstruments.map(graphInstrument),
    enumValueSets: d.enumValueSets.map((s) => ({ identifier: s.identifier, values: s.values })),
    constraints: d.constraints.map((c) => ({
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
    queryTypes: d.queryTypes.map(({ id: _id, displayKey, ...q }) => ({ ...q, displayKey: displayKey ?? null })),
    verificationFlagTypes: d.verificationFlagTypes.map((f) => ({ identifier: f.identifier, displayKey: f.displayKey })),
    languages: [
      { identifier: 'en', entries: [{ scope: 'Field', displayKey: 'field.sex', displayValue: 'Sex' }] },
      { identifier: 'de', entries: [{ scope: 'Field', displayKey: 'field.sex', displayValue: 'Geschlecht' }] },
    ],
  };
}

/** Every form of the definition with the state of every field, for Erika as the physician at a DigiNet centre. */
function evaluateAll(definition: StudyDefinition) {
  const index = indexStudyDefinition(definition);
  const patientContext = erikaContext();
  const forms: (readonly [string, readonly DataFieldDefinition[], readonly DataFieldInstance[]])[] = [
    ['patient', definition.patient.fields, patientContext.fields] as const,
    ...definition.visits.flatMap((v) =>
      v.instruments.map(
        (i) =>
          [
            i.identifier,
            i.fields,
            patientContext.visits.flatMap((pv) => pv.instruments).find((pi) => pi.definitionId === i.id)?.fields ?? [],
          ] as const,
      ),
    ),
    ...definition.standaloneInstruments.map((i) => [i.identifier, i.fields, []] as const),
  ];
  return forms.map(([name, fields, instances]) => {
    const context = createEvaluationContext({
      index,
      patientContext,
      patient: erikaData,
      user: personas.digiNetPhysician,
      selectedInstitute: institutes.cologne,
      today: '2025-06-01',
      current: instances,
    });
    return [
      name,
      walkForm(fields, instances, context).map((w) => ({
        id: w.definition.id,
        visible: w.visible,
        required: w.required,
        hasValue: w.hasValue,
      })),
    ];
  });
}

describe('toRulesDefinition', () => {
  const converted = toRulesDefinition(toGraph(kitchenSinkDefinition));

  it('evaluates every form of the kitchen-sink study exactly like the original definition', () => {
    expect(evaluateAll(converted)).toEqual(evaluateAll(kitchenSinkDefinition));
  });

  it('maps the graph enums to the rules model and rebuilds the expression trees', () => {
    const therapy = converted.visits[0]?.instruments.find((i) => i.identifier === 'systemic_therapy');
    expect(therapy?.fields.find((f) => f.identifier === 'adverse_events')?.definitionType).toBe('EventReportList');
    const care = converted.visits[2]?.instruments[0]?.fields ?? [];
    expect(care.find((f) => f.identifier === 'care_partner')).toMatchObject({
      definitionType: 'NngmNetworkPartner',
      definition: { therapistRequired: true },
    });
    expect(care.find((f) => f.identifier === 'treating_location')?.rules[0]).toMatchObject({
      definitionType: 'Visibility',
      constraintExpression: {
        operator: 'OR',
        expressions: [
          { operator: 'EVAL', constraintDefinitionId: 'c-institute-diginet' },
          { operator: 'EVAL', constraintDefinitionId: 'c-assigned-diginet-visit' },
        ],
      },
    });
    expect(converted.visits.map((v) => v.definition)).toEqual([
      { type: 'GenericVisit', max: 1, isFollowUpRegistry: false },
      { type: 'IntermediateVisit', max: null, isFollowUpRegistry: false },
      { type: 'GenericVisit', max: 1, isFollowUpRegistry: true },
    ]);
  });

  it('keeps every rule of every field with its whole expression', () => {
    type Norm = { operator: string; id: string | null; children: Norm[] } | null;
    const norm = (e: ConstraintExpression | null | undefined): Norm =>
      e ? { operator: e.operator, id: e.constraintDefinitionId ?? null, children: (e.expressions ?? []).map(norm) } : null;
    const rulesOf = (d: StudyDefinition) =>
      [d.patient, ...d.visits, ...d.visits.flatMap((v) => v.instruments), ...d.standaloneInstruments]
        .flatMap((form) => form.fields)
        .map((f) => [
          f.id,
          f.rules.map((r) => [r.definitionType, r.displayKey ?? null, r.value ?? null, r.isDeleted === true, norm(r.constraintExpression)]),
        ]);
    expect(rulesOf(converted)).toEqual(rulesOf(kitchenSinkDefinition));
  });

  it('sorts enum values by order', () => {
    expect(converted.enumValueSets.find((s) => s.identifier === 'sex')?.values.map((v) => v.code)).toEqual(['M', 'W', 'D', 'X', 'U']);
  });

  it('refuses a field type it does not know', () => {
    const graph = toGraph(kitchenSinkDefinition);
    const broken = { ...graph, patientFields: [{ ...defined(graph.patientFields[0]), type: '%future added value' as const }] };
    expect(() => toRulesDefinition(broken)).toThrow(/Unbekannter Feldtyp/);
  });
});

describe('expressionTree', () => {
  it('is null without nodes and survives a cycle', () => {
    expect(expressionTree([])).toBeNull();
    expect(expressionTree([{ operator: 'NOT', children: [0] }])).toEqual({
      operator: 'NOT',
      constraintDefinitionId: null,
      expressions: [{ operator: 'INVALID' }],
    });
  });
});

describe('textLookup', () => {
  it('reads the chosen language and falls back to the key', () => {
    const graph = toGraph(kitchenSinkDefinition);
    expect(textLookup(graph)('field.sex')).toBe('Geschlecht');
    expect(textLookup(graph, 'en')('field.sex')).toBe('Sex');
    expect(textLookup(graph)('field.unknown')).toBe('field.unknown');
    expect(textLookup(graph, 'fr')('field.sex')).toBe('field.sex');
  });
});
