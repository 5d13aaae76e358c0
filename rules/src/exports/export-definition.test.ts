import { describe, expect, it } from 'vitest';
import {
  EXPORT_DEFINITION_NAME_MAX,
  exportDefinitionCopyName,
  exportDefinitionErrors,
  exportDefinitionMessages,
} from './export-definition.js';

const known = new Set(['pseudonym', 'location', 'patient/field:sex']);

describe('exportDefinitionErrors', () => {
  it('accepts a named definition with known items and no schedule', () => {
    expect(exportDefinitionErrors({ name: 'Monatsbericht', items: ['pseudonym', 'patient/field:sex'], cron: ' ' }, known)).toEqual([]);
  });

  it('names every broken rule at its field', () => {
    expect(exportDefinitionErrors({ name: '  ', items: ['pseudonym', 'nope', 'pseudonym'], cron: '61 * * * *' }, known)).toEqual([
      { field: 'name', message: 'Wird benötigt' },
      { field: 'items.1', message: exportDefinitionMessages.unknownItem },
      { field: 'items.2', message: exportDefinitionMessages.duplicateItem },
      { field: 'cron', message: 'Cron Syntax' },
    ]);
  });

  it('asks for at least one item and skips the item check without the known items', () => {
    expect(exportDefinitionErrors({ name: 'A', items: [] }, known)).toEqual([
      { field: 'items', message: exportDefinitionMessages.noItems },
    ]);
    expect(exportDefinitionErrors({ name: 'A', items: ['anything'] }, null)).toEqual([]);
  });

  it('limits the lengths of name and description', () => {
    const errors = exportDefinitionErrors({ name: 'x'.repeat(201), description: 'y'.repeat(2001), items: ['location'] }, known);
    expect(errors.map((e) => e.field)).toEqual(['name', 'description']);
  });
});

describe('exportDefinitionCopyName', () => {
  it('appends (Kopie) within the name length', () => {
    expect(exportDefinitionCopyName('Monatsbericht')).toBe('Monatsbericht (Kopie)');
    const long = exportDefinitionCopyName('n'.repeat(EXPORT_DEFINITION_NAME_MAX));
    expect(long).toHaveLength(EXPORT_DEFINITION_NAME_MAX);
    expect(long.endsWith(' (Kopie)')).toBe(true);
  });
});
