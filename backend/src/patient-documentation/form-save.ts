/**
 * Saving a form (instrument, visit fields or patient fields) the way the rule engine says
 * (ecrf-core.md §4 "Field instance"; docs/rules.md): merge what the client sent into the stored tree,
 * refuse changes to fields that are deleted, locked (manually or automatically with their lock date),
 * display values, readonly or not editable by their rules; then normalise it with `normalizeForm` of
 * @ecrf/rules (population values, invisible fields emptied; the browser previews the same), stamp what the
 * normalisation changed, and compute the instrument state.
 * Fields left out of a save stay as stored; deleting is explicit (`isDeleted: true`) and keeps the field,
 * so child orders are never reused. Appended children get the order step 10 (ecrf-core.md §9).
 */
import { randomUUID } from 'node:crypto';
import {
  ENTRY_FIELD_TYPES,
  allRulesHold,
  hasFieldChanges,
  instrumentState,
  isFieldLocked,
  nextChildOrder,
  normalizeForm,
  populatedValue,
  registryToday,
  valuesEqual,
  withinEntry,
  type DataFieldDefinition,
  type DataFieldInstance,
  type EvaluationContext,
  type FieldValue,
  type InstrumentState,
} from '@ecrf/rules';
import { EcrfError } from '../errors/errors.js';
import { CONFLICT_MESSAGES, DOCUMENTATION_MESSAGES } from '../errors/messages.js';
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

export type FormSaveResult = {
  fields: DataFieldInstance[];
  changedFieldIds: string[];
  state: InstrumentState;
  /** Where the client sent each field it changed (`fields[0].childFields[2]`), for refusals that name it. */
  inputPaths: Map<string, string>;
};

type Stamp = { date: string; user: string };
const stampOf = (input: FormSaveInput): Stamp => ({ date: input.now.toISOString(), user: input.userName });

/** A new live field of this save: a field the client adds, or one a population rule fills. */
const newField = (definitionId: string, order: number, stamp: Stamp): Field => ({
  id: randomUUID(),
  definitionId,
  values: [],
  tags: [],
  order,
  isDeleted: false,
  isVisible: true,
  lockedManually: false,
  lockedAutomatically: false,
  lockDate: null,
  creationDate: stamp.date,
  creatingUser: stamp.user,
  changeDate: null,
  changingUser: null,
  childFields: [],
});

function copy(field: DataFieldInstance): Field {
  return { ...field, tags: [...(field.tags ?? [])], values: field.values.map((v) => ({ ...v })), childFields: field.childFields.map(copy) };
}

const invalid = (message: string): EcrfError => new EcrfError('ECRF_ERR_VALIDATION', message);

type Change = {
  field: Field;
  original: DataFieldInstance | null;
  definition: DataFieldDefinition;
  lockedAbove: boolean;
  incomingValues: FieldValue[];
};

function merge(
  input: FormSaveInput,
  byId: Map<string, DataFieldDefinition>,
): { fields: Field[]; changes: Change[]; inputPaths: Map<string, string> } {
  const changes: Change[] = [];
  const inputPaths = new Map<string, string>();
  const stamp = stampOf(input);
  const mergeLevel = (
    incoming: readonly FieldInput[],
    stored: readonly DataFieldInstance[],
    parentDefinitionId: string | null,
    lockedAbove: boolean,
    path: string,
  ): Field[] => {
    const level = stored.map(copy);
    for (const [position, item] of incoming.entries()) {
      const itemPath = `${path}[${position}]`;
      const definition = byId.get(item.definitionId);
      if (!definition || (definition.parentFieldDefinitionId ?? null) !== parentDefinitionId) {
        throw invalid(CONFLICT_MESSAGES.fieldNotAtThisPlace);
      }
      const index = item.id === undefined ? -1 : level.findIndex((f) => f.id === item.id);
      if (item.id !== undefined && index < 0) throw invalid(CONFLICT_MESSAGES.fieldNotInForm);
      const original = index >= 0 ? (stored[index] ?? null) : null;
      if (original && original.definitionId !== item.definitionId) throw invalid(CONFLICT_MESSAGES.fieldOtherDefinition);
      const base: Field = original ? copy(original) : newField(item.definitionId, item.order ?? nextChildOrder(level), stamp);
      // A locked container locks its children too (a locked list keeps its entries).
      const locked = lockedAbove || (original !== null && isFieldLocked(original, registryToday(input.now)));
      const next: Field = {
        ...base,
        values: item.values ? item.values.map((v) => ({ ...v })) : base.values,
        tags: item.tags ?? base.tags,
        isDeleted: item.isDeleted ?? base.isDeleted ?? false,
        childFields: mergeLevel(item.childFields ?? [], original?.childFields ?? [], item.definitionId, locked, `${itemPath}.childFields`),
      };
      const deletedNow = next.isDeleted === true && original?.isDeleted !== true;
      if (!original ? next.values.length > 0 || next.isDeleted === true : deletedNow || hasFieldChanges(next, original)) {
        next.changeDate = stamp.date;
        next.changingUser = stamp.user;
        changes.push({ field: next, original, definition, lockedAbove: locked, incomingValues: next.values });
      }
      inputPaths.set(next.id, itemPath);
      if (index >= 0) level[index] = next;
      else level.push(next);
    }
    return level;
  };
  return { fields: mergeLevel(input.incoming, input.original, null, false, 'fields'), changes, inputPaths };
}

/** Stamps the fields whose values the normalisation set as changed by this save's user. */
function stamped(fields: readonly DataFieldInstance[], ids: ReadonlySet<string>, stamp: Stamp): DataFieldInstance[] {
  return fields.map((field) => {
    const childFields = stamped(field.childFields, ids, stamp);
    if (ids.has(field.id)) return { ...field, childFields, changeDate: stamp.date, changingUser: stamp.user };
    return childFields.every((child, i) => child === field.childFields[i]) ? field : { ...field, childFields };
  });
}

/** The context each field's rules are evaluated in: inside a list entry, the entry's (docs/rules.md). */
function fieldContexts(
  fields: readonly DataFieldInstance[],
  byId: Map<string, DataFieldDefinition>,
  root: EvaluationContext,
): Map<string, EvaluationContext> {
  const contexts = new Map<string, EvaluationContext>();
  const walk = (level: readonly DataFieldInstance[], ctx: EvaluationContext) => {
    for (const field of level) {
      const type = byId.get(field.definitionId)?.definitionType;
      const own = type && ENTRY_FIELD_TYPES.includes(type) ? withinEntry(ctx, field) : ctx;
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
  if (original?.isDeleted === true)
    throw new EcrfError('ECRF_ERR_FIELD_NOT_EDITABLE', DOCUMENTATION_MESSAGES.fieldNotEditable, { fieldId: field.id });
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

/** Merges, checks and normalizes a form (`normalizeForm` of @ecrf/rules, as the browser shows it); throws the first refused change. */
export function saveForm(input: FormSaveInput): FormSaveResult {
  const byId = new Map(input.definitions.map((d) => [d.id, d]));
  const stamp = stampOf(input);
  const { fields: merged, changes, inputPaths } = merge(input, byId);
  const normalized = normalizeForm(merged, {
    definitions: input.definitions,
    contextFor: input.contextFor,
    createField: (definition) => newField(definition.id, definition.order, stamp),
  });
  const fields = stamped(normalized.fields, normalized.changedIds, stamp);
  const context = input.contextFor(fields);
  const contexts = fieldContexts(fields, byId, context);
  for (const change of changes) checkChange(change, contexts.get(change.field.id) ?? context);
  return {
    fields,
    changedFieldIds: changes.map((c) => c.field.id),
    state: instrumentState(input.definitions, fields, context),
    inputPaths,
  };
}

/** Normalizes a form without client changes (a new instrument or visit, or after a context change). */
export function initialForm(
  input: Omit<FormSaveInput, 'incoming' | 'original'> & { original?: readonly DataFieldInstance[] },
): FormSaveResult {
  return saveForm({ ...input, original: input.original ?? [], incoming: [] });
}
