/**
 * Walks a form (patient, visit or instrument fields) together with its field definitions and yields the
 * state of every field that is not deleted (ecrf-core.md §4; ecrf-calls.md §4, §5). A definition without
 * an instance counts as an empty field, so a required field never created is still missing. Rules inside
 * a list entry are evaluated within that entry.
 */
import type { EvaluationContext } from '../constraints/context.js';
import { withinEntry } from '../constraints/create-context.js';
import { CONTAINER_FIELD_TYPES, ENTRY_FIELD_TYPES } from '../definition/fields.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import { isBlank, liveChildren } from '../definition/instances.js';
import type { DataFieldInstance } from '../definition/instances.js';
import { isFieldRequired, isFieldVisible } from '../fields/field-state.js';
import { isNetworkFieldComplete } from '../fields/network.js';

export type WalkedField = {
  definition: DataFieldDefinition;
  instance: DataFieldInstance | null;
  visible: boolean;
  required: boolean;
  /** A value, a chosen organization or person, or (containers) an entry. */
  hasValue: boolean;
  /** A value, organization or person of its own. */
  hasOwnEntry: boolean;
  networkComplete: boolean;
  /** The context the field's rules are evaluated in: inside a list entry, the entry's. */
  context: EvaluationContext;
};

/** Lists repeat their entries; a Table is a fixed set of TableEntry rows, like a FieldGroup. */
const REPEATING: readonly string[] = ['List', 'EventReportList'];

/** Whether the instance holds a value, an organization or a person. */
export function hasOwnEntry(instance: DataFieldInstance | null): boolean {
  return (instance?.values ?? []).some((v) => !isBlank(v.value) || (v.organization?.id ?? '') !== '' || (v.person?.id ?? '') !== '');
}

export function walkForm(
  definitions: readonly DataFieldDefinition[],
  instances: readonly DataFieldInstance[],
  context: EvaluationContext,
): WalkedField[] {
  const live = definitions.filter((d) => d.isDeleted !== true);
  const childrenOf = (parentId: string | null) => live.filter((d) => (d.parentFieldDefinitionId ?? null) === parentId);
  const result: WalkedField[] = [];
  const walk = (parentId: string | null, level: readonly DataFieldInstance[], ctx: EvaluationContext, parentVisible: boolean) => {
    for (const definition of childrenOf(parentId)) {
      const matching = level.filter((i) => i.definitionId === definition.id && i.isDeleted !== true);
      // Entries of lists and tables repeat; other fields stand once, and an absent one counts as empty.
      const slots: (DataFieldInstance | null)[] =
        matching.length > 0 || ENTRY_FIELD_TYPES.includes(definition.definitionType) ? matching : [null];
      for (const instance of slots) {
        const entryContext = instance && ENTRY_FIELD_TYPES.includes(definition.definitionType) ? withinEntry(ctx, instance) : ctx;
        const visible = isFieldVisible(definition, entryContext, parentVisible);
        const children = instance ? liveChildren(instance) : [];
        const isContainer = CONTAINER_FIELD_TYPES.includes(definition.definitionType);
        const own = hasOwnEntry(instance);
        result.push({
          definition,
          instance,
          visible,
          required: isFieldRequired(definition, entryContext, visible),
          hasValue:
            own ||
            (isContainer && (REPEATING.includes(definition.definitionType) ? children.length > 0 : children.some((c) => hasOwnEntry(c)))),
          hasOwnEntry: own,
          networkComplete: isNetworkFieldComplete(definition, instance),
          context: entryContext,
        });
        walk(definition.id, children, entryContext, visible);
      }
    }
  };
  walk(null, instances, context, true);
  return result;
}
