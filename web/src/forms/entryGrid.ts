/**
 * Which repeating lists fill in as grids (issue 18: "repeating groups and tables as editable grids", after
 * REDCap's and Castor's repeating tables): a List or EventReportList whose entries hold value fields only is a
 * table with a row per entry and a column per field, one table per entry type. An entry with a group, a table,
 * a nested list or a network field (two choices in one field) stays a card. The form and its print share this.
 */
import { ENTRY_FIELD_TYPES, type DataFieldDefinition } from '@ecrf/rules';
import { childDefinitions } from './formTree';
import type { FieldNode } from './formNodes';

/** The types a grid cell can hold: a value field and a display value. */
const CELL_TYPES: readonly string[] = ['TableEntry', 'DisplayValue'];

export type EntryGridType = { entryType: DataFieldDefinition; columns: DataFieldDefinition[] };

/** The entry types of a list with their columns, or null when any entry type does not fit a row. */
export function entryGridTypes(formFields: readonly DataFieldDefinition[], list: DataFieldDefinition): EntryGridType[] | null {
  const entryTypes = childDefinitions(formFields, list.id).filter((d) => ENTRY_FIELD_TYPES.includes(d.definitionType));
  if (entryTypes.length === 0) return null;
  const grids = entryTypes.map((entryType) => ({ entryType, columns: childDefinitions(formFields, entryType.id) }));
  const fits = grids.every(({ columns }) => columns.length > 0 && columns.every((column) => CELL_TYPES.includes(column.definitionType)));
  return fits ? grids : null;
}

export type EntryRow = { entry: FieldNode; position: number };

/** The visible entries of one entry type, numbered per type as the cards were ("Pneumonitis 2"). */
export function entryRows(list: FieldNode, entryType: DataFieldDefinition): EntryRow[] {
  return list.children
    .filter((child) => child.state.visible && child.definition.id === entryType.id)
    .map((entry, index) => ({ entry, position: index + 1 }));
}

/** The entry's field of a column; null when the entry has none (a definition added after it was stored). */
export const cellOf = (entry: FieldNode, column: DataFieldDefinition): FieldNode | null =>
  entry.children.find((child) => child.definition.id === column.id) ?? null;
