/**
 * The rules of a generic export definition (ecrf-calls.md §7 "Exports": Generic export; §5 'Cron Syntax'):
 * name, selected data provider items, output format and optional schedule. The backend refuses what these
 * rules refuse, and the web shows the same messages while the user types.
 */
import { validateCronExpression } from '../validators/field-validators.js';
import { validatorMessages } from '../validators/messages.js';

export type ExportDefinitionFormat = 'csv' | 'xlsx';
export const EXPORT_DEFINITION_FORMATS: readonly ExportDefinitionFormat[] = ['csv', 'xlsx'];

export const EXPORT_DEFINITION_NAME_MAX = 200;
export const EXPORT_DEFINITION_DESCRIPTION_MAX = 2000;

export const exportDefinitionMessages = {
  required: validatorMessages.required,
  cron: validatorMessages.cron,
  nameTooLong: `Höchstens ${EXPORT_DEFINITION_NAME_MAX} Zeichen`,
  descriptionTooLong: `Höchstens ${EXPORT_DEFINITION_DESCRIPTION_MAX} Zeichen`,
  noItems: 'Bitte wählen Sie mindestens ein Datenelement.',
  unknownItem: 'Unbekanntes Datenelement',
  duplicateItem: 'Datenelement mehrfach gewählt',
} as const;

export type ExportDefinitionInput = {
  name: string;
  description?: string | null;
  items: readonly string[];
  cron?: string | null;
};

export type ExportDefinitionField = 'name' | 'description' | 'items' | 'cron' | `items.${number}`;
export type ExportDefinitionError = { field: ExportDefinitionField; message: string };

/**
 * Every broken rule with its field (`items.<index>` for a single item). `knownItems` are the keys of the
 * study's data provider items; null skips that check (the web before the items are loaded).
 */
export function exportDefinitionErrors(input: ExportDefinitionInput, knownItems: ReadonlySet<string> | null): ExportDefinitionError[] {
  const errors: ExportDefinitionError[] = [];
  const name = input.name.trim();
  if (name === '') errors.push({ field: 'name', message: exportDefinitionMessages.required });
  else if (name.length > EXPORT_DEFINITION_NAME_MAX) errors.push({ field: 'name', message: exportDefinitionMessages.nameTooLong });
  if ((input.description ?? '').length > EXPORT_DEFINITION_DESCRIPTION_MAX)
    errors.push({ field: 'description', message: exportDefinitionMessages.descriptionTooLong });
  if (input.items.length === 0) errors.push({ field: 'items', message: exportDefinitionMessages.noItems });
  const seen = new Set<string>();
  input.items.forEach((key, index) => {
    if (knownItems !== null && !knownItems.has(key))
      errors.push({ field: `items.${index}`, message: exportDefinitionMessages.unknownItem });
    else if (seen.has(key)) errors.push({ field: `items.${index}`, message: exportDefinitionMessages.duplicateItem });
    seen.add(key);
  });
  const cron = validateCronExpression(input.cron);
  if (cron !== null) errors.push({ field: 'cron', message: cron });
  return errors;
}

/** The name of a duplicate: "<name> (Kopie)", shortened so it stays within the name's length. */
export function exportDefinitionCopyName(name: string): string {
  const suffix = ' (Kopie)';
  return `${name.trim().slice(0, EXPORT_DEFINITION_NAME_MAX - suffix.length)}${suffix}`;
}
