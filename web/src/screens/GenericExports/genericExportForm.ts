/**
 * The logic of the generic export editor: the form and its rules (exportDefinitionErrors of @ecrf/rules, the
 * function the backend refuses with), the order of the chosen items, and the picker's grouping and filter.
 */
import { exportDefinitionErrors } from '@ecrf/rules';
import type { FieldErrors } from '../../administration/formErrors';

export type OutputFormat = 'CSV' | 'XLSX';
export type DataItem = { readonly key: string; readonly group: string; readonly label: string };

export type ExportForm = {
  name: string;
  description: string;
  outputFormat: OutputFormat;
  cron: string;
  items: readonly string[];
};

export const emptyExportForm: ExportForm = { name: '', description: '', outputFormat: 'CSV', cron: '', items: [] };

type StoredDefinition = {
  readonly name: string;
  readonly description: string;
  readonly outputFormat: OutputFormat | '%future added value';
  readonly cron: string | null | undefined;
  readonly items: readonly { readonly key: string }[];
};

export function formOf(definition: StoredDefinition): ExportForm {
  return {
    name: definition.name,
    description: definition.description,
    outputFormat: definition.outputFormat === 'XLSX' ? 'XLSX' : 'CSV',
    cron: definition.cron ?? '',
    items: definition.items.map((item) => item.key),
  };
}

/**
 * The broken rules by field (`name`, `description`, `items`, `items.<index>`, `cron`). `known` are the keys of the
 * study's items; null when the viewer may not read them (the server checks them then).
 */
export function exportFormErrors(form: ExportForm, known: ReadonlySet<string> | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of exportDefinitionErrors(form, known)) errors[field] = [...(errors[field] ?? []), message];
  return errors;
}

/** The chosen items with the one at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveItem(items: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  const moved = [...items];
  const [item] = moved.splice(index, 1);
  if (item === undefined || target < 0 || target > items.length - 1) return [...items];
  moved.splice(target, 0, item);
  return moved;
}

export const addItem = (items: readonly string[], key: string): string[] => (items.includes(key) ? [...items] : [...items, key]);
export const removeItem = (items: readonly string[], index: number): string[] => items.filter((_, at) => at !== index);

/**
 * The items not chosen yet whose label, group or key contains every word of the filter (case-insensitive),
 * grouped by their group in the study's form order.
 */
export function groupedChoices(items: readonly DataItem[], chosen: readonly string[], filter: string): [string, DataItem[]][] {
  const words = filter.toLocaleLowerCase('de').split(/\s+/).filter(Boolean);
  const taken = new Set(chosen);
  const groups = new Map<string, DataItem[]>();
  for (const item of items) {
    if (taken.has(item.key)) continue;
    const text = `${item.group} ${item.label} ${item.key}`.toLocaleLowerCase('de');
    if (!words.every((word) => text.includes(word))) continue;
    groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  }
  return [...groups.entries()];
}

/** The input the mutations take: the cron expression blank means no schedule. */
export function mutationContent(form: ExportForm) {
  return {
    name: form.name,
    description: form.description,
    items: [...form.items],
    outputFormat: form.outputFormat,
    cron: form.cron.trim() === '' ? null : form.cron,
  };
}
