/**
 * Visit visibility and editing (ecrf-calls.md §3, §4): a visit is visible only if it is not deleted and
 * its visibility rules hold; it is editable only if all editability rules hold, otherwise the message
 * (displayKey) of the first broken rule says why. definition.max limits how many visits of one
 * definition a patient may have.
 */
import type { EvaluationContext } from '../constraints/context.js';
import { evaluateExpression } from '../constraints/evaluate.js';
import type { VisitDefinition } from '../definition/study.js';
import type { Visit } from '../definition/instances.js';
import { allRulesHold, rulesOfKind } from '../fields/field-state.js';

export function isVisitVisible(definition: VisitDefinition, visit: Visit | null | undefined, context: EvaluationContext): boolean {
  if (visit?.isDeleted === true || definition.isDeleted === true) return false;
  return allRulesHold(definition.rules, 'Visibility', context);
}

export type VisitEditability = { editable: true } | { editable: false; message: string };

export function visitEditability(definition: VisitDefinition, context: EvaluationContext): VisitEditability {
  const broken = rulesOfKind(definition.rules, 'Editability').find((rule) => !evaluateExpression(rule.constraintExpression, context));
  return broken === undefined ? { editable: true } : { editable: false, message: broken.displayKey ?? '' };
}

/** Whether another visit of the definition may be added: fewer non-deleted visits than definition.max. */
export function canAddVisit(definition: VisitDefinition, existing: readonly Visit[]): boolean {
  const max = definition.definition.max;
  if (max === null || max === undefined) return true;
  return existing.filter((v) => v.definitionId === definition.id && v.isDeleted !== true).length < max;
}
