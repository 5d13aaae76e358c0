import { describe, expect, it } from 'vitest';
import { codeText, pickerItems, searchFor } from './terminologyPicker';

const upper = { code: 'C34.1', display: 'Oberlappen (-Bronchus)' };
const lower = { code: 'C34.3', display: 'Unterlappen (-Bronchus)' };

describe('terminology picker', () => {
  it('shows each code with its German text, keyed by the code the field stores', () => {
    expect(pickerItems([upper, lower], null)).toEqual([
      { id: 'C34.1', text: 'C34.1 Oberlappen (-Bronchus)' },
      { id: 'C34.3', text: 'C34.3 Unterlappen (-Bronchus)' },
    ]);
  });

  it('keeps the stored code among the items once, first when the search did not find it', () => {
    expect(pickerItems([lower], upper).map((item) => item.id)).toEqual(['C34.1', 'C34.3']);
    expect(pickerItems([upper, lower], upper).map((item) => item.id)).toEqual(['C34.1', 'C34.3']);
  });

  it('lists the whole collection while the input shows the chosen code, and searches what is typed', () => {
    expect(searchFor(codeText(upper), upper)).toBe('');
    expect(searchFor('  ober ', upper)).toBe('ober');
    expect(searchFor('C34', null)).toBe('C34');
  });
});
