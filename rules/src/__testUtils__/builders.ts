/**
 * Small builders for study definitions and instances, used by the kitchen-sink fixture and by tests of
 * every tier (STYLE.md: shared fixtures).
 */
import type { ConstraintDefinition, ConstraintExpression } from '../definition/constraints.js';
import type { DataFieldDefinition, FieldDefinitionSettings, FieldDefinitionType, FieldRule, FieldRuleKind } from '../definition/fields.js';
import type { DataFieldInstance, FieldValue } from '../definition/instances.js';

export const evalOf = (constraintDefinitionId: string): ConstraintExpression => ({ operator: 'EVAL', constraintDefinitionId });
export const notOf = (expression: ConstraintExpression): ConstraintExpression => ({ operator: 'NOT', expressions: [expression] });
export const andOf = (...expressions: ConstraintExpression[]): ConstraintExpression => ({ operator: 'AND', expressions });
export const orOf = (...expressions: ConstraintExpression[]): ConstraintExpression => ({ operator: 'OR', expressions });

/** A rule; a string expression is the id of one constraint definition. */
export function ruleOf(
  kind: FieldRuleKind,
  expression: ConstraintExpression | string | null,
  extra: { displayKey?: string; value?: string; isDeleted?: boolean } = {},
): FieldRule {
  const constraintExpression = typeof expression === 'string' ? evalOf(expression) : expression;
  return { definitionType: kind, constraintExpression, ...extra };
}

export type FieldDefinitionOptions = {
  parent?: string;
  rules?: FieldRule[];
  settings?: FieldDefinitionSettings;
  isReadonly?: boolean;
  isDeleted?: boolean;
};

/** A field definition with id `f-<key>`, where key defaults to the identifier. */
export function fieldDef(
  identifier: string,
  definitionType: FieldDefinitionType,
  order: number,
  options: FieldDefinitionOptions & { key?: string } = {},
): DataFieldDefinition {
  return {
    id: `f-${options.key ?? identifier}`,
    identifier,
    definitionType,
    displayKey: `field.${identifier}`,
    order,
    parentFieldDefinitionId: options.parent ? `f-${options.parent}` : null,
    rules: options.rules ?? [],
    definition: options.settings ?? null,
    isDeleted: options.isDeleted ?? false,
    isReadonly: options.isReadonly ?? false,
  };
}

export function constraintOf(
  id: string,
  type: string,
  operator: string,
  extra: Omit<ConstraintDefinition, 'id' | 'type' | 'operator'> = {},
): ConstraintDefinition {
  return { id, type, operator, ...extra };
}

let sequence = 0;

/** A field instance of definition `f-<key>`; a string value becomes one value. */
export function fieldOf(
  key: string,
  value: string | FieldValue[] | null = null,
  childFields: DataFieldInstance[] = [],
  extra: Partial<DataFieldInstance> = {},
): DataFieldInstance {
  sequence += 1;
  const values = value === null ? [] : typeof value === 'string' ? [{ value }] : value;
  return { id: `i-${key}-${sequence}`, definitionId: `f-${key}`, values, order: 10, childFields, ...extra };
}

/** List entries with orders 10, 20, 30, ... */
export function entriesOf(key: string, entries: DataFieldInstance[][]): DataFieldInstance[] {
  return entries.map((children, i) => fieldOf(key, null, children, { order: (i + 1) * 10 }));
}
