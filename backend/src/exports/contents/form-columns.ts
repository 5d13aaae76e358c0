/**
 * How a form's field instances become table columns (the CSV and SAS exports, ecrf-calls.md §7). Flattening:
 * - a value field is one column named by its identifier path (`tnm_t` for field t in Table tnm); Tables and
 *   FieldGroups only prefix their children's names and labels;
 * - a choice field holds its codes (several joined by `|`) and gets a second column `<name>_txt` with the
 *   display texts; numbers are numbers; dates stay as stored (yyyy-MM-dd, or partial such as 2023-05-XX);
 *   a network field holds `<person id>@<organization id>` as the graph and the ODM export name the choice;
 * - a List or EventReportList is a table of its own with one row per entry (`entry_no` from 1 in entry order;
 *   `entry_type` names the entry type of an EventReportList), linked to its form by the form's id.
 */
import type { DataFieldDefinition, DataFieldInstance } from '@ecrf/rules';
import { CONTAINER_FIELD_TYPES, ENTRY_FIELD_TYPES, filledValues, parseDecimal } from '@ecrf/rules';
import type { ExportCell, ExportColumn } from '../../export-content/export-content.js';
import { networkChoice } from '../../export-content/network-choice.js';
import { textOf, type ExportDefinition } from './export-scope.sql.js';

/** A column filled from one field instance of the form (or of a list entry). */
export type FieldColumn = ExportColumn & { definitionId: string; cell: (field: DataFieldInstance | undefined) => ExportCell };

export type ListPlan = {
  definition: DataFieldDefinition;
  /** The identifier path of the list, for the table name. */
  path: string;
  label: string;
  /** Entry type identifier by entry definition id; shown in `entry_type` when the list has several. */
  entryTypes: ReadonlyMap<string, string>;
  columns: readonly FieldColumn[];
};

export type FormPlan = { columns: readonly FieldColumn[]; lists: readonly ListPlan[] };

const LIST_TYPES = ['List', 'EventReportList'];

function childrenOf(fields: readonly DataFieldDefinition[], parentId: string | null): DataFieldDefinition[] {
  return fields.filter((f) => (f.parentFieldDefinitionId ?? null) === parentId).sort((a, b) => a.order - b.order);
}

function joined(texts: readonly string[]): string | null {
  return texts.length === 0 ? null : texts.join('|');
}

function valueColumns(definition: ExportDefinition, field: DataFieldDefinition, key: string, label: string): FieldColumn[] {
  const settings = field.definition ?? {};
  const base = { definitionId: field.id, key, label };
  if (field.definitionType === 'NngmNetworkPartner' || field.definitionType === 'NngmNetworkLocation') {
    return [{ ...base, type: 'string', cell: (f) => joined((f?.values ?? []).map(networkChoice).filter((t) => t !== '')) }];
  }
  if (settings.enumValueSetIdentifier) {
    const set = definition.index.study.enumValueSets.find((s) => s.identifier === settings.enumValueSetIdentifier);
    const texts = new Map((set?.values ?? []).map((v) => [v.code, textOf(definition, v.displayKey)]));
    return [
      { ...base, type: 'string', cell: (f) => joined(f ? filledValues(f) : []) },
      {
        ...base,
        key: `${key}_txt`,
        label: `${label} (Text)`,
        type: 'string',
        cell: (f) => joined((f ? filledValues(f) : []).map((code) => texts.get(code) ?? code)),
      },
    ];
  }
  if (settings.valueType === 'number') {
    return [
      {
        ...base,
        type: 'number',
        // Numbers are typed with a decimal comma as often as with a point.
        cell: (f) => parseDecimal(f ? filledValues(f)[0] : undefined),
      },
    ];
  }
  if (settings.valueType === 'boolean') {
    return [
      {
        ...base,
        type: 'boolean',
        cell: (f) => {
          const value = f ? filledValues(f)[0] : undefined;
          return value === undefined ? null : value === 'true' || value === 'yes';
        },
      },
    ];
  }
  return [{ ...base, type: 'string', cell: (f) => joined(f ? filledValues(f) : []) }];
}

/** The columns and list tables of a form's fields below `parentId` (null: the form's top level). */
export function formPlan(
  definition: ExportDefinition,
  fields: readonly DataFieldDefinition[],
  parentId: string | null = null,
  prefix: { path: string; label: string } = { path: '', label: '' },
): FormPlan {
  const columns: FieldColumn[] = [];
  const lists: ListPlan[] = [];
  for (const field of childrenOf(fields, parentId)) {
    const path = prefix.path === '' ? field.identifier : `${prefix.path}_${field.identifier}`;
    const label = prefix.label === '' ? textOf(definition, field.displayKey) : `${prefix.label}: ${textOf(definition, field.displayKey)}`;
    if (LIST_TYPES.includes(field.definitionType)) {
      const entryTypes = childrenOf(fields, field.id).filter((e) => ENTRY_FIELD_TYPES.includes(e.definitionType));
      const entryPlans = entryTypes.map((entry) => formPlan(definition, fields, entry.id));
      lists.push({
        definition: field,
        path,
        label,
        entryTypes: new Map(entryTypes.map((e) => [e.id, e.identifier])),
        columns: entryPlans.flatMap((p) => p.columns),
      });
      lists.push(...entryPlans.flatMap((p) => p.lists.map((l) => ({ ...l, path: `${path}_${l.path}`, label: `${label}: ${l.label}` }))));
    } else if (CONTAINER_FIELD_TYPES.includes(field.definitionType)) {
      const inner = formPlan(definition, fields, field.id, { path, label });
      columns.push(...inner.columns);
      lists.push(...inner.lists);
    } else {
      columns.push(...valueColumns(definition, field, path, label));
    }
  }
  return { columns, lists };
}

/**
 * The instances of a form by definition id: lists are not entered (their entries are rows of the list's
 * table). The first instance wins; outside lists every definition has one instance per form.
 */
export function instancesByDefinition(fields: readonly DataFieldInstance[], listIds: ReadonlySet<string>): Map<string, DataFieldInstance> {
  const found = new Map<string, DataFieldInstance>();
  const walk = (level: readonly DataFieldInstance[]) => {
    for (const field of level) {
      if (field.isDeleted === true || found.has(field.definitionId)) continue;
      found.set(field.definitionId, field);
      if (!listIds.has(field.definitionId)) walk(field.childFields);
    }
  };
  walk(fields);
  return found;
}

/** Every instance of a list anywhere in a form (the SQL count of list entries looks at the same places). */
export function listInstances(fields: readonly DataFieldInstance[], listId: string): DataFieldInstance[] {
  return fields.flatMap((field) => [
    ...(field.definitionId === listId && field.isDeleted !== true ? [field] : []),
    ...listInstances(field.childFields, listId),
  ]);
}

/** The ids of every list definition of a plan, nested ones too. */
export function listIdsOf(plan: FormPlan): Set<string> {
  return new Set(plan.lists.map((l) => l.definition.id));
}
