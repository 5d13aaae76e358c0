/**
 * Saving a form (instrument, visit fields or patient fields) the way the rule engine says
 * (ecrf-core.md §4 "Field instance"; docs/rules.md): merge what the client sent into the stored tree,
 * refuse changes to fields that are deleted, locked (manually or automatically with their lock date),
 * display values, readonly or not editable by their rules; then apply the population rules and empty
 * the invisible fields until nothing changes, and compute the instrument state.
 * Fields left out of a save stay as stored; deleting is explicit (`isDeleted: true`) and keeps the field,
 * so child orders are never reused. Appended children get the order step 10 (ecrf-core.md §9).
 */
import { randomUUID } from 'node:crypto';
import {
  CONTAINER_FIELD_TYPES, allRulesHold, hasFieldChanges, instrumentState, isFieldLocked, isFieldVisible, nextChildOrder,
  populatedValue, valuesEqual, withinEntry,
  type DataFieldDefinition, type DataFieldInstance, type EvaluationContext, type FieldValue, type InstrumentState,
} from '@ecrf/rules';
import { DOCUMENTATION_MESSAGES, EcrfError } from '../errors/errors.js';
import type { FieldInput } from './field-instance.schemas.js';

type Field = DataFieldInstance & { values: FieldValue[]; childFields: Field[] };

export type FormSaveInput = {
  /** Every field definition of the form (nested ones linked by parentFieldDefinitionId). */
  definitions: readonly DataFieldDefinition[];
  original: readonly DataFieldInstance[];
  incoming: readonly FieldInput[];
  /** The evaluation context with this form's fields in place of the stored ones. */
  contextFor: (fields: readonly DataFieldInstance[]) => EvaluationContext;
  userName: string;
  now: Date;
};

export type FormSaveResult = { fields: DataFieldInstance[]; changedFieldIds: string[]; state: InstrumentState };

const ENTRY_TYPES: readonly string[] = ['ListEntry', 'EventReportListEntry'];
const POPULATION_PASSES = 5;

function copy(field: DataFieldInstance): Field {
  return { ...field, tags: [...(field.tags ?? [])], values: field.values.map((v) => ({ ...v })), childFields: field.childFields.map(copy) };
}

const invalid = (message: string): EcrfError => new EcrfError('ECRF_ERR_VALIDATION', message);

type Change = { field: Field; original: DataFieldInstance | null; definition: DataFieldDefinition; lockedAbove: boolean; incomingValues: FieldValue[] };

function merge(input: FormSaveInput, byId: Map<string, DataFieldDefinition>): { fields: Field[]; changes: Change[] } {
  const changes: Change[] = [];
  const stamp = { date: input.now.toISOString(), user: input.userName };
  const mergeLevel = (incoming: readonly FieldInput[], stored: readonly DataFieldInstance[], parentDefinitionId: string | null, lockedAbove: boolean): Field[] => {
    const level = stored.map(copy);
    for (const item of incoming) {
      const definition = byId.get(item.definitionId);
      if (!definition || (definition.parentFieldDefinitionId ?? null) !== parentDefinitionId) {
        throw invalid(`field definition ${item.definitionId} does not belong at this place of the form`);
      }
      const index = item.id === undefined ? -1 : level.findIndex((f) => f.id === item.id);
      if (item.id !== undefined && index < 0) throw invalid(`field ${item.id} is not part of this form at this place`);
      const original = index >= 0 ? (stored[index] ?? null) : null;
      if (original && original.definitionId !== item.definitionId) throw invalid(`field ${item.id} has another definition`);
      const base: Field = original ? copy(original) : {
        id: randomUUID(), definitionId: item.definitionId, values: [], tags: [], order: item.order ?? nextChildOrder(level),
        isDeleted: false, isVisible: true, lockedManually: false, lockedAutomatically: false, lockDate: null,
        creationDate: stamp.date, creatingUser: stamp.user, changeDate: null, changingUser: null, childFields: [],
      };
      // A locked container locks its children too (a locked list keeps its entries).
      const locked = lockedAbove || (original !== null && isFieldLocked(original, todayOf(input.now)));
      const next: Field = {
        ...base,
        values: item.values ? item.values.map((v) => ({ ...v })) : base.values,
        tags: item.tags ?? base.tags,
        isDeleted: item.isDeleted ?? base.isDeleted ?? false,
        childFields: mergeLevel(item.childFields ?? [], original?.childFields ?? [], item.definitionId, locked),
      };
      const deletedNow = next.isDeleted === true && original?.isDeleted !== true;
      if (!original ? next.values.length > 0 || next.isDeleted === true : deletedNow || hasFieldChanges(next, original)) {
        next.changeDate = stamp.date;
        next.changingUser = stamp.user;
        changes.push({ field: next, original, definition, lockedAbove: locked, incomingValues: next.values });
      }
      if (index >= 0) level[index] = next;
      else level.push(next);
    }
    return level;
  };
  return { fields: mergeLevel(input.incoming, input.original, null, false), changes };
}

export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Applies population rules and empties invisible fields (ecrf-core.md §4); returns whether anything changed. */
function normalize(fields: Field[], definitions: readonly DataFieldDefinition[], context: EvaluationContext, stamp: { date: string; user: string }): boolean {
  let changed = false;
  const live = definitions.filter((d) => d.isDeleted !== true);
  const walk = (parentId: string | null, level: Field[], ctx: EvaluationContext, parentVisible: boolean) => {
    for (const definition of live.filter((d) => (d.parentFieldDefinitionId ?? null) === parentId)) {
      let matching = level.filter((f) => f.definitionId === definition.id && f.isDeleted !== true);
      const isValueField = !CONTAINER_FIELD_TYPES.includes(definition.definitionType) && !ENTRY_TYPES.includes(definition.definitionType);
      const populated = populatedValue(definition, ctx);
      if (matching.length === 0 && isValueField && typeof populated === 'string' && isFieldVisible(definition, ctx, parentVisible)) {
        const created: Field = {
          id: randomUUID(), definitionId: definition.id, values: [], tags: [], order: definition.order, isDeleted: false, isVisible: true,
          lockedManually: false, lockedAutomatically: false, lockDate: null, creationDate: stamp.date, creatingUser: stamp.user,
          changeDate: null, changingUser: null, childFields: [],
        };
        level.push(created);
        matching = [created];
      }
      for (const field of matching) {
        const entryContext = ENTRY_TYPES.includes(definition.definitionType) ? withinEntry(ctx, field) : ctx;
        const visible = isFieldVisible(definition, entryContext, parentVisible);
        const fieldPopulated = populatedValue(definition, entryContext);
        const wanted: FieldValue[] = !visible ? [] : fieldPopulated !== undefined ? [{ value: fieldPopulated }] : field.values;
        if (!valuesEqual(wanted, field.values) || field.isVisible !== visible) {
          if (!valuesEqual(wanted, field.values)) Object.assign(field, { changeDate: stamp.date, changingUser: stamp.user });
          field.values = wanted;
          field.isVisible = visible;
          changed = true;
        }
        walk(definition.id, field.childFields, entryContext, visible);
      }
    }
  };
  walk(null, fields, context, true);
  return changed;
}

/** The context each field's rules are evaluated in: inside a list entry, the entry's (docs/rules.md). */
function fieldContexts(fields: readonly DataFieldInstance[], byId: Map<string, DataFieldDefinition>, root: EvaluationContext): Map<string, EvaluationContext> {
  const contexts = new Map<string, EvaluationContext>();
  const walk = (level: readonly DataFieldInstance[], ctx: EvaluationContext) => {
    for (const field of level) {
      const type = byId.get(field.definitionId)?.definitionType ?? '';
      const own = ENTRY_TYPES.includes(type) ? withinEntry(ctx, field) : ctx;
      contexts.set(field.id, own);
      walk(field.childFields, own);
    }
  };
  walk(fields, root);
  return contexts;
}

/** Refuses a change the field's state forbids (ecrf-core.md §4: editable only if …). */
function checkChange(change: Change, context: EvaluationContext): void {
  const { field, original, definition } = change;
  if (original?.isDeleted === true) throw new EcrfError('ECRF_ERR_FIELD_NOT_EDITABLE', DOCUMENTATION_MESSAGES.fieldNotEditable, { fieldId: field.id });
  if (change.lockedAbove) throw new EcrfError('ECRF_ERR_FIELD_LOCKED', DOCUMENTATION_MESSAGES.fieldLocked, { fieldId: field.id });
  const byType = definition.isDeleted === true || definition.definitionType === 'DisplayValue' || definition.isReadonly === true;
  if (byType) {
    // A client evaluating the rules live may send the value the population rules give; that is no edit.
    const populated = populatedValue(definition, context);
    if (populated !== undefined && valuesEqual(change.incomingValues, [{ value: populated }])) return;
    throw new EcrfError('ECRF_ERR_FIELD_NOT_EDITABLE', DOCUMENTATION_MESSAGES.fieldNotEditable, { fieldId: field.id });
  }
  if (!allRulesHold(definition.rules, 'Editability', context)) {
    throw new EcrfError('ECRF_ERR_FIELD_NOT_EDITABLE', DOCUMENTATION_MESSAGES.fieldNotEditable, { fieldId: field.id });
  }
}

/** Merges, checks and normalizes a form; throws the first refused change. */
export function saveForm(input: FormSaveInput): FormSaveResult {
  const byId = new Map(input.definitions.map((d) => [d.id, d]));
  const { fields, changes } = merge(input, byId);
  const stamp = { date: input.now.toISOString(), user: input.userName };
  for (let pass = 0; pass < POPULATION_PASSES; pass += 1) {
    if (!normalize(fields, input.definitions, input.contextFor(fields), stamp)) break;
  }
  const context = input.contextFor(fields);
  const contexts = fieldContexts(fields, byId, context);
  for (const change of changes) checkChange(change, contexts.get(change.field.id) ?? context);
  return { fields, changedFieldIds: changes.map((c) => c.field.id), state: instrumentState(input.definitions, fields, context) };
}

/** Normalizes a form without client changes (a new instrument or visit, or after a context change). */
export function initialForm(input: Omit<FormSaveInput, 'incoming' | 'original'> & { original?: readonly DataFieldInstance[] }): FormSaveResult {
  return saveForm({ ...input, original: input.original ?? [], incoming: [] });
}
