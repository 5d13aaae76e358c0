/**
 * The constraint expression evaluator (ecrf-core.md §3, §5). EVAL tests one constraint definition;
 * NOT negates its single sub-expression; AND holds when all sub-expressions hold (empty AND: true); OR
 * when any holds (empty OR: false). An unknown combinator, constraint type or operator, a missing
 * constraint definition or a malformed NOT is reported to the context's logger and evaluates to false.
 * A rule without an expression holds.
 */
import { hasKnownType, type ConstraintDefinition, type ConstraintExpression } from '../definition/constraints.js';
import type { EvaluationContext } from './context.js';
import { applyContextOperator, applyValueOperator } from './operators.js';
import { readSubject } from './subject.js';

/**
 * Evaluates one constraint definition. The type is checked before the operator (ecrf-core.md §5): a
 * misspelt type is false even under a context operator, which would otherwise never read it.
 */
export function evaluateConstraint(definition: ConstraintDefinition, context: EvaluationContext): boolean {
  if (!hasKnownType(definition)) {
    context.logger.warn(`Unknown constraint type '${definition.type}' in constraint ${definition.id}`);
    return false;
  }
  const byContext = applyContextOperator(definition.operator, definition, context);
  if (byContext !== undefined) return byContext;
  const result = applyValueOperator(definition.operator, readSubject(definition, context), definition.value ?? '', context);
  if (result === undefined) {
    context.logger.warn(`Unknown constraint operator '${definition.operator}' in constraint ${definition.id}`);
    return false;
  }
  return result;
}

/** Evaluates an expression tree; null or undefined (no expression) holds. */
export function evaluateExpression(expression: ConstraintExpression | null | undefined, context: EvaluationContext): boolean {
  if (expression === null || expression === undefined) return true;
  const children = expression.expressions ?? [];
  switch (expression.operator) {
    case 'EVAL': {
      const id = expression.constraintDefinitionId ?? '';
      const definition = context.constraint(id);
      if (definition === undefined) {
        context.logger.warn(`Missing constraint definition '${id}'`);
        return false;
      }
      return evaluateConstraint(definition, context);
    }
    case 'NOT': {
      const [only] = children;
      if (children.length !== 1 || only === undefined) {
        context.logger.warn(`NOT needs exactly one sub-expression, got ${children.length}`);
        return false;
      }
      return !evaluateExpression(only, context);
    }
    case 'AND':
      return children.every((child) => evaluateExpression(child, context));
    case 'OR':
      return children.some((child) => evaluateExpression(child, context));
    default:
      context.logger.warn(`Unknown expression operator '${expression.operator}'`);
      return false;
  }
}
