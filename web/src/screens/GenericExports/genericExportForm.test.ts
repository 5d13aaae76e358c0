import { describe, expect, it } from 'vitest';
import { emptyExportForm, exportFormErrors, formOf, groupedChoices, moveItem, mutationContent, type DataItem } from './genericExportForm';

const items: DataItem[] = [
  { key: 'pseudonym', group: 'Patient', label: 'Pseudonym' },
  { key: 'location', group: 'Patient', label: 'Standort' },
  { key: 'visit:baseline/instrument:staging/state', group: 'Baseline: TNM und UICC-Stadium', label: 'Status' },
  { key: 'visit:baseline/instrument:staging/field:tnm.t', group: 'Baseline: TNM und UICC-Stadium', label: 'TNM – T' },
];
const known = new Set(items.map((item) => item.key));

describe('exportFormErrors', () => {
  it('names each broken rule at its field with the messages the server uses', () => {
    expect(exportFormErrors({ ...emptyExportForm, cron: '0 25 * * *' }, known)).toEqual({
      name: ['Wird benötigt'],
      items: ['Bitte wählen Sie mindestens ein Datenelement.'],
      cron: ['Cron Syntax'],
    });
  });

  it('accepts a five-field schedule and none, and refuses six fields and unknown items', () => {
    const form = { ...emptyExportForm, name: 'Monatsbericht', items: ['pseudonym'] };
    expect(exportFormErrors({ ...form, cron: '0 6 * * 1' }, known)).toEqual({});
    expect(exportFormErrors({ ...form, cron: '  ' }, known)).toEqual({});
    expect(exportFormErrors({ ...form, cron: '0 0 6 * * 1' }, known)).toEqual({ cron: ['Cron Syntax'] });
    expect(exportFormErrors({ ...form, items: ['pseudonym', 'gone'] }, known)).toEqual({ 'items.1': ['Unbekanntes Datenelement'] });
    // Without the items (no right to read them) the server alone knows them.
    expect(exportFormErrors({ ...form, items: ['gone'] }, null)).toEqual({});
  });
});

describe('moveItem', () => {
  it('moves one item a place up or down and leaves the ends as they are', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('groupedChoices', () => {
  it('groups the items not chosen yet in form order', () => {
    expect(groupedChoices(items, ['location'], '').map(([group, members]) => [group, members.map((m) => m.key)])).toEqual([
      ['Patient', ['pseudonym']],
      ['Baseline: TNM und UICC-Stadium', ['visit:baseline/instrument:staging/state', 'visit:baseline/instrument:staging/field:tnm.t']],
    ]);
  });

  it('keeps items whose group, label or key holds every word of the filter, ignoring case', () => {
    expect(groupedChoices(items, [], 'baseline status').flatMap(([, members]) => members.map((m) => m.key))).toEqual([
      'visit:baseline/instrument:staging/state',
    ]);
    expect(groupedChoices(items, [], 'STANDORT').flatMap(([, members]) => members.map((m) => m.label))).toEqual(['Standort']);
    expect(groupedChoices(items, [], 'nichts')).toEqual([]);
  });
});

describe('the stored definition and the mutation input', () => {
  it('fills the form from a definition and sends a blank schedule as none', () => {
    const form = formOf({ name: 'B', description: '', outputFormat: 'XLSX', cron: null, items: [{ key: 'pseudonym' }] });
    expect(form).toEqual({ name: 'B', description: '', outputFormat: 'XLSX', cron: '', items: ['pseudonym'] });
    expect(mutationContent({ ...form, cron: ' ' }).cron).toBeNull();
    expect(mutationContent({ ...form, cron: '0 6 * * 1' }).cron).toBe('0 6 * * 1');
  });
});
