import { kitchenSinkDefinition } from '@ecrf/rules/test-utils';
import { describe, expect, it } from 'vitest';
import { dataProviderCatalogue } from './data-provider-items.js';

const items = dataProviderCatalogue(kitchenSinkDefinition, { 'instrument.systemicTherapy': 'Systemtherapie' });
const byKey = new Map(items.map((item) => [item.key, item]));
const baselineTherapy = 'visit:baseline/instrument:systemic_therapy';

describe('dataProviderCatalogue', () => {
  it('offers the value fields outside repeating lists, nested ones under their group, not deleted ones', () => {
    expect(byKey.get(`${baselineTherapy}/field:therapy_summary.therapy_comment`)).toMatchObject({
      column: 'baseline_systemic_therapy_therapy_summary_therapy_comment',
      label: 'therapy_summary – therapy_comment',
    });
    expect(byKey.has(`${baselineTherapy}/field:pneumonitis_follow_up`)).toBe(true);
    for (const left of ['therapy_lines', 'line_no', 'ae_term', 'legacy_regimen', 'therapy_summary'])
      expect(
        items.some((item) => item.key.endsWith(`:${left}`) || item.key.includes(`.${left}`)),
        left,
      ).toBe(false);
  });

  it('groups instrument items by visit and instrument label, with the instrument state first', () => {
    const therapy = items.filter((item) => item.key.startsWith(`${baselineTherapy}/`));
    expect(therapy[0]).toMatchObject({ key: `${baselineTherapy}/state`, label: 'Status' });
    expect(new Set(therapy.map((item) => item.group)).size).toBe(1);
    expect(therapy[0]?.group).toMatch(/: Systemtherapie$/);
  });

  it('gives every item a unique key and a unique column of letters, digits and _', () => {
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
    expect(new Set(items.map((item) => item.column)).size).toBe(items.length);
    for (const item of items) expect(item.column).toMatch(/^[A-Za-z0-9_]+$/);
  });
});
