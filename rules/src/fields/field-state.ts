/**
 * Field state from the field's rules and instance (ecrf-core.md §4; ecrf-calls.md §5): visibility,
 * editability, required, hints, redirects and population (onUpdate) values.
 * - Visible when its parent is visible and all visibility rules hold (no rules: visible).
 * - Editable only if not locked, not deleted, not a DisplayValue, not readonly, and all editability rules hold.
 * - Required only when visible and a RequiredField rule holds.
 * - An invisible field yields empty values.
 */
import type { EvaluationContext } from '../constraints/context.js';
import { evaluateExpression } from '../constraints/evaluate.js';
import { comparePartialDates, parsePartialDate } from '../dates/partial-date.js';
import type { DataFieldDefinition, FieldRule, FieldRuleKind } from '../definition/fields.js';
import type { DataFieldInstance, FieldValue } from '../definition/instances.js';

/** Non-deleted rules of one kind. */
export function rulesOfKind(rules: readonly FieldRule[] | undefined, kind: FieldRuleKind): FieldRule[] {
  return (rules ?? []).filter((rule) => rule.definitionType === kind && rule.isDeleted !== true);
}

/** Whether every rule of the kind holds (true when there is none). */
export function allRulesHold(rules: readonly FieldRule[] | undefined, kind: FieldRuleKind, context: EvaluationContext): boolean {
  return rulesOfKind(rules, kind).every((rule) => evaluateExpression(rule.constraintExpression, context));
}

/** The rules of the kind that hold. */
export function holdingRules(rules: readonly FieldRule[] | undefined, kind: FieldRuleKind, context: EvaluationContext): FieldRule[] {
  return rulesOfKind(rules, kind).filter((rule) => evaluateExpression(rule.constraintExpression, context));
}

/**
 * Locked manually; or locked automatically unless its lock date still lies ahead; or its lock date
 * (yyyy-MM-dd) has been reached.
 */
export function isFieldLocked(instance: DataFieldInstance, today: string): boolean {
  if (instance.lockedManually === true) return true;
  const lockDate = parsePartialDate(instance.lockDate);
  const todayDate = parsePartialDate(today);
  const comparison = lockDate && todayDate ? comparePartialDates(todayDate, lockDate) : 'neutral';
  if (instance.lockedAutomatically === true) return comparison !== 'before';
  return comparison === 'after' || comparison === 'same';
}

export function isFieldVisible(definition: DataFieldDefinition, context: EvaluationContext, parentVisible = true): boolean {
  return parentVisible && definition.isDeleted !== true && allRulesHold(definition.rules, 'Visibility', context);
}

export function isFieldEditable(
  definition: DataFieldDefinition,
  instance: DataFieldInstance | null | undefined,
  context: EvaluationContext,
): boolean {
  if (instance && (instance.isDeleted === true || isFieldLocked(instance, context.today))) return false;
  if (definition.isDeleted === true || definition.definitionType === 'DisplayValue' || definition.isReadonly === true) return false;
  return allRulesHold(definition.rules, 'Editability', context);
}

export function isFieldRequired(definition: DataFieldDefinition, context: EvaluationContext, visible: boolean): boolean {
  return visible && holdingRules(definition.rules, 'RequiredField', context).length > 0;
}

const displayKeys = (rules: readonly FieldRule[]): string[] =>
  rules.map((rule) => rule.displayKey).filter((key): key is string => typeof key === 'string' && key !== '');

/** Display keys of the hint rules that hold. */
export function fieldHints(definition: DataFieldDefinition, context: EvaluationContext): string[] {
  return displayKeys(holdingRules(definition.rules, 'Hint', context));
}

/** Display keys of the redirect rules that hold. */
export function fieldRedirects(definition: DataFieldDefinition, context: EvaluationContext): string[] {
  return displayKeys(holdingRules(definition.rules, 'Redirect', context));
}

/** The value of the first population (onUpdate) rule that holds; undefined when none holds. */
export function populatedValue(definition: DataFieldDefinition, context: EvaluationContext): string | null | undefined {
  const [first] = holdingRules(definition.rules, 'Population', context);
  return first === undefined ? undefined : (first.value ?? null);
}

/** The values a field contributes: none while it is invisible. */
export function effectiveValues(instance: DataFieldInstance, visible: boolean): readonly FieldValue[] {
  return visible ? instance.values : [];
}

export type FieldState = {
  visible: boolean;
  editable: boolean;
  required: boolean;
  hints: string[];
  redirects: string[];
  /** Value from a holding population rule; undefined when no population rule holds. */
  populatedValue: string | null | undefined;
  values: readonly FieldValue[];
};

/** All of a field's state at once. */
export function evaluateFieldState(
  definition: DataFieldDefinition,
  instance: DataFieldInstance | null | undefined,
  context: EvaluationContext,
  parentVisible = true,
): FieldState {
  const visible = isFieldVisible(definition, context, parentVisible) && instance?.isDeleted !== true;
  return {
    visible,
    editable: visible && isFieldEditable(definition, instance, context),
    required: isFieldRequired(definition, context, visible),
    hints: visible ? fieldHints(definition, context) : [],
    redirects: visible ? fieldRedirects(definition, context) : [],
    populatedValue: populatedValue(definition, context),
    values: instance ? effectiveValues(instance, visible) : [],
  };
}
