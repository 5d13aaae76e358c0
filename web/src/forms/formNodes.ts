/**
 * The form as the renderer walks it: every live instance with its definition and its state from
 * `evaluateFieldState`, evaluated like the engine's form walk (ecrf-core.md §4; rules form-walk):
 * parents' visibility passes down and rules inside a list entry read the entry's own fields first.
 */
import {
  CONTAINER_FIELD_TYPES,
  ENTRY_FIELD_TYPES,
  evaluateExpression,
  evaluateFieldState,
  hasOwnEntry,
  redirectTarget,
  isNetworkFieldComplete,
  rulesOfKind,
  withinEntry,
  type DataFieldDefinition,
  type DataFieldInstance,
  type EvaluationContext,
  type FieldState,
  type RedirectTarget,
} from '@ecrf/rules';
import { REPEATING_TYPES, childDefinitions } from './formTree';

export type FieldNode = {
  definition: DataFieldDefinition;
  instance: DataFieldInstance;
  state: FieldState;
  /** Required and visible, but nothing entered (for containers: no entry, or no child with a value). */
  missing: boolean;
  /**
   * Something is entered (for containers: an entry, or a child with a value). A hint or redirect speaks about
   * the value of the field it stands at, and its condition often holds on an empty one too (`notInsideList`,
   * a negated `equals`: docs/rules.md), so it is shown only once there is a value.
   */
  entered: boolean;
  /** The redirects that hold, each with the instrument its condition reads (a link), if any. */
  redirects: { displayKey: string; target: RedirectTarget | null }[];
  /** Display keys of the editability rules that do not hold: why the field cannot be edited. */
  editabilityMessages: string[];
  children: FieldNode[];
};

function hasValue(definition: DataFieldDefinition, instance: DataFieldInstance): boolean {
  if (hasOwnEntry(instance)) return true;
  if (!CONTAINER_FIELD_TYPES.includes(definition.definitionType)) return false;
  const live = instance.childFields.filter((c) => c.isDeleted !== true);
  return REPEATING_TYPES.includes(definition.definitionType) ? live.length > 0 : live.some((c) => hasOwnEntry(c));
}

function nodesOf(
  formFields: readonly DataFieldDefinition[],
  parent: DataFieldDefinition | null,
  level: readonly DataFieldInstance[],
  context: EvaluationContext,
  parentVisible: boolean,
): FieldNode[] {
  const definitions = childDefinitions(formFields, parent?.id ?? null);
  const live = level.filter((f) => f.isDeleted !== true);
  // Entries of a list interleave by their own order; fixed fields follow their definitions' order.
  const pairs: [DataFieldDefinition, DataFieldInstance][] =
    parent && REPEATING_TYPES.includes(parent.definitionType)
      ? [...live]
          .sort((a, b) => a.order - b.order)
          .flatMap((f) => {
            const definition = definitions.find((d) => d.id === f.definitionId);
            return definition ? [[definition, f] as [DataFieldDefinition, DataFieldInstance]] : [];
          })
      : definitions.flatMap((d) =>
          live
            .filter((f) => f.definitionId === d.id)
            .sort((a, b) => a.order - b.order)
            .map((f) => [d, f] as [DataFieldDefinition, DataFieldInstance]),
        );
  return pairs.map(([definition, instance]) => {
    const own = ENTRY_FIELD_TYPES.includes(definition.definitionType) ? withinEntry(context, instance) : context;
    const state = evaluateFieldState(definition, instance, own, parentVisible);
    const broken = state.visible
      ? rulesOfKind(definition.rules, 'Editability').filter((rule) => !evaluateExpression(rule.constraintExpression, own))
      : [];
    const entered = hasValue(definition, instance);
    return {
      definition,
      instance,
      state,
      missing: state.visible && ((state.required && !entered) || !isNetworkFieldComplete(definition, instance)),
      entered,
      redirects: state.redirects.map((displayKey) => {
        const rule = rulesOfKind(definition.rules, 'Redirect').find((candidate) => candidate.displayKey === displayKey);
        return { displayKey, target: rule ? redirectTarget(rule, own.constraint) : null };
      }),
      editabilityMessages: broken.map((rule) => rule.displayKey).filter((key): key is string => typeof key === 'string' && key !== ''),
      children: nodesOf(formFields, definition, instance.childFields, own, state.visible),
    };
  });
}

/** The evaluated tree of the form's top-level fields. */
export function fieldNodes(
  formFields: readonly DataFieldDefinition[],
  fields: readonly DataFieldInstance[],
  context: EvaluationContext,
): FieldNode[] {
  return nodesOf(formFields, null, fields, context, true);
}
