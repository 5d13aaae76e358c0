import { readFile } from 'node:fs/promises';
import { EXPRESSION_OPERATORS, FIELD_DEFINITION_TYPES, FIELD_RULE_KINDS, VISIT_DEFINITION_TYPES } from '@ecrf/rules';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphEnum, graphEnumValue } from './graph-enums.js';

const schema = buildSchema(await readFile(new URL('../../../schema.graphql', import.meta.url), 'utf8'));
const valuesOf = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues().map((value) => value.name);

describe('the study definition enums of the graph', () => {
  it("are the rule engine's lists in GraphQL spelling, nothing more and nothing less", () => {
    expect(valuesOf('FieldDefinitionType')).toEqual(FIELD_DEFINITION_TYPES.map(graphEnumValue));
    expect(valuesOf('RuleKind')).toEqual(FIELD_RULE_KINDS.map(graphEnumValue));
    expect(valuesOf('VisitDefinitionType')).toEqual(VISIT_DEFINITION_TYPES.map(graphEnumValue));
    expect(valuesOf('ExpressionOperator')).toEqual(EXPRESSION_OPERATORS.map(graphEnumValue));
  });

  it('spell each word of a rules name apart', () => {
    expect(graphEnumValue('NngmNetworkPartner')).toBe('NNGM_NETWORK_PARTNER');
    expect(graphEnumValue('RequiredField')).toBe('REQUIRED_FIELD');
    expect(graphEnumValue('EVAL')).toBe('EVAL');
  });

  it('refuse a name the rules do not know', () => {
    expect(() => graphEnum(FIELD_DEFINITION_TYPES, 'Slider', 'field type')).toThrow("unknown field type 'Slider'");
  });
});
