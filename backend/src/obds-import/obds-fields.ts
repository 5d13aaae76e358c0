/**
 * Where an oBDS proposal's fields sit in a stored instrument (docs/obds-import.md "Review and acceptance"): their
 * current values for the review, and the field inputs that write the accepted ones through the documentation write.
 * Paths follow the definition's nesting (`tnm.t`; in a therapy line `start`); an existing field is named by its id,
 * so a save changes it in place; a missing one is added.
 */
import type { DataFieldDefinition, DataFieldInstance } from '@ecrf/rules';
import { therapyLineOf, type ObdsInstrumentProposal, type TherapyLineValues } from '@ecrf/rules/obds';
import type { FieldInput } from '../patient-documentation/field-instance.schemas.js';

type Definitions = readonly DataFieldDefinition[];

function definitionAt(definitions: Definitions, parentId: string | null, identifier: string): DataFieldDefinition | undefined {
  return definitions.find((d) => d.identifier === identifier && (d.parentFieldDefinitionId ?? null) === parentId && d.isDeleted !== true);
}

const live = (fields: readonly DataFieldInstance[], definitionId: string): DataFieldInstance[] =>
  fields.filter((f) => f.definitionId === definitionId && f.isDeleted !== true).sort((a, b) => a.order - b.order);

/** The stored values at a path below `parentId` (null: the form's own fields); [] when the field is not there. */
export function valuesAt(definitions: Definitions, fields: readonly DataFieldInstance[], parentId: string | null, path: string): string[] {
  const [head, ...rest] = path.split('.');
  const definition = head ? definitionAt(definitions, parentId, head) : undefined;
  const field = definition ? live(fields, definition.id)[0] : undefined;
  if (!definition || !field) return [];
  if (rest.length === 0) return field.values.map((v) => v.value).filter((v): v is string => v !== null && v !== '');
  return valuesAt(definitions, field.childFields, definition.id, rest.join('.'));
}

/** Field inputs for values by path below `parentId`, naming stored fields by id. */
function inputsFor(
  definitions: Definitions,
  stored: readonly DataFieldInstance[],
  parentId: string | null,
  values: readonly { path: string; values: readonly string[] }[],
): FieldInput[] {
  const groups = new Map<string, { path: string; values: readonly string[] }[]>();
  for (const value of values) {
    const [head = '', ...rest] = value.path.split('.');
    groups.set(head, [...(groups.get(head) ?? []), { path: rest.join('.'), values: value.values }]);
  }
  return [...groups].map(([identifier, below]) => {
    const definition = definitionAt(definitions, parentId, identifier);
    if (!definition) throw new Error(`no field ${identifier} below ${parentId ?? 'the form'}`);
    const existing = live(stored, definition.id)[0];
    const own = below.find((b) => b.path === '');
    return {
      ...(existing ? { id: existing.id } : {}),
      definitionId: definition.id,
      ...(own ? { values: own.values.map((value) => ({ value })) } : {}),
      ...(below.some((b) => b.path !== '')
        ? {
            childFields: inputsFor(
              definitions,
              existing?.childFields ?? [],
              definition.id,
              below.filter((b) => b.path !== ''),
            ),
          }
        : {}),
    };
  });
}

/** Field inputs of a new form (a new follow-up visit's date). */
export function newFormInput(definitions: Definitions, values: readonly { path: string; values: readonly string[] }[]): FieldInput[] {
  return inputsFor(definitions, [], null, values);
}

/** The list entry a proposal goes into: the list's and the entry type's definitions and the stored entries. */
function listOf(definitions: Definitions, fields: readonly DataFieldInstance[], entry: NonNullable<ObdsInstrumentProposal['entry']>) {
  const list = definitionAt(definitions, null, entry.list);
  const entryDefinition = list ? definitionAt(definitions, list.id, entry.entry) : undefined;
  if (!list || !entryDefinition) throw new Error(`no list ${entry.list}.${entry.entry}`);
  const stored = live(fields, list.id)[0] ?? null;
  return { list, entryDefinition, stored, entries: stored ? live(stored.childFields, entryDefinition.id) : [] };
}

/** Where a proposal lands: the fields it is compared with and, for a list entry, which entry and its line number. */
export type ProposalPlace = {
  fields: readonly DataFieldInstance[];
  parentId: string | null;
  entry: { index: number | null; lineNo: string } | null;
};

export function placeOf(definitions: Definitions, fields: readonly DataFieldInstance[], proposal: ObdsInstrumentProposal): ProposalPlace {
  if (!proposal.entry) return { fields, parentId: null, entry: null };
  const { entryDefinition, entries } = listOf(definitions, fields, proposal.entry);
  const lines: TherapyLineValues[] = entries.map((e) => {
    const value = (path: string) => valuesAt(definitions, e.childFields, entryDefinition.id, path)[0] ?? null;
    return { lineNo: value('line_no'), start: value('start'), therapyType: value('therapy_type') };
  });
  const line = therapyLineOf(lines, proposal);
  const entry = line.index === null ? null : entries[line.index];
  return { fields: entry?.childFields ?? [], parentId: entryDefinition.id, entry: line };
}

/** The stored values of each proposed field (by path). */
export function currentValues(definitions: Definitions, place: ProposalPlace, paths: readonly string[]): Map<string, string[]> {
  return new Map(paths.map((path) => [path, valuesAt(definitions, place.fields, place.parentId, path)]));
}

/** The instrument's field inputs that write the accepted values (a new therapy line takes its number). */
export function acceptedInput(
  definitions: Definitions,
  fields: readonly DataFieldInstance[],
  proposal: ObdsInstrumentProposal,
  accepted: readonly { path: string; values: readonly string[] }[],
): FieldInput[] {
  if (!proposal.entry) return inputsFor(definitions, fields, null, accepted);
  const { list, entryDefinition, stored, entries } = listOf(definitions, fields, proposal.entry);
  const place = placeOf(definitions, fields, proposal);
  const existing = place.entry?.index === null || place.entry === null ? null : (entries[place.entry.index] ?? null);
  const values = existing ? accepted : [{ path: 'line_no', values: [place.entry?.lineNo ?? '1'] }, ...accepted];
  const entryInput: FieldInput = {
    ...(existing ? { id: existing.id } : {}),
    definitionId: entryDefinition.id,
    childFields: inputsFor(definitions, existing?.childFields ?? [], entryDefinition.id, values),
  };
  return [{ ...(stored ? { id: stored.id } : {}), definitionId: list.id, childFields: [entryInput] }];
}
