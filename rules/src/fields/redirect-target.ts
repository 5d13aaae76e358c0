/**
 * Where a redirect sends the user (ecrf-core.md §3 rule kinds): the instrument its condition reads, so a
 * client can show the redirect as a link to that instrument. A condition that reads no instrument has no
 * target; its text stays a plain note.
 */
import type { ConstraintDefinition, ConstraintExpression } from '../definition/constraints.js';
import type { FieldRule } from '../definition/fields.js';

export type RedirectTarget = {
  /** Identifier of the instrument definition. */
  instrument: string;
  /** Identifier of the visit definition; null: the instrument wherever it is documented. */
  visit: string | null;
};

function firstInstrument(
  expression: ConstraintExpression | null | undefined,
  constraint: (id: string) => ConstraintDefinition | undefined,
): RedirectTarget | null {
  if (!expression) return null;
  const read = expression.constraintDefinitionId ? constraint(expression.constraintDefinitionId) : undefined;
  if (read?.type === 'InstrumentDataValue' && read.instrument) return { instrument: read.instrument, visit: read.visit ?? null };
  for (const inner of expression.expressions ?? []) {
    const found = firstInstrument(inner, constraint);
    if (found) return found;
  }
  return null;
}

/** The instrument the first InstrumentDataValue constraint of the rule's condition reads, or null. */
export const redirectTarget = (rule: FieldRule, constraint: (id: string) => ConstraintDefinition | undefined): RedirectTarget | null =>
  firstInstrument(rule.constraintExpression, constraint);
