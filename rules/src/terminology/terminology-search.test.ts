import { describe, expect, it } from 'vitest';
import { matchesTerminologySearch, searchWords } from './terminology-search.js';

const squamous = { code: '8560/3', display: 'Adenosquamöses Karzinom' };
const large = { code: '8012/3', display: 'Großzelliges Karzinom' };
const upper = { code: 'C34.1', display: 'Oberlappen (-Bronchus)', parent: 'C34' };

describe('terminology search', () => {
  it('matches code and display text, ignoring case', () => {
    expect(matchesTerminologySearch(upper, 'c34.1')).toBe(true);
    expect(matchesTerminologySearch(upper, 'OBERLAPPEN')).toBe(true);
    expect(matchesTerminologySearch(upper, 'unterlappen')).toBe(false);
  });

  it('ignores umlauts whether written as the letter, without dots or spelled out', () => {
    for (const search of ['adenosquamös', 'adenosquamos', 'adenosquamoes', 'ADENOSQUAMÖS']) {
      expect(matchesTerminologySearch(squamous, search), search).toBe(true);
    }
    for (const search of ['großzellig', 'grosszellig', 'Grosszelliges']) {
      expect(matchesTerminologySearch(large, search), search).toBe(true);
    }
  });

  it('needs every word of the search, in any order', () => {
    expect(matchesTerminologySearch(large, 'karzinom groß')).toBe(true);
    expect(matchesTerminologySearch(large, 'karzinom klein')).toBe(false);
  });

  it('matches everything for a blank search', () => {
    expect(searchWords('  ')).toEqual([]);
    expect(matchesTerminologySearch(upper, '')).toBe(true);
    expect(matchesTerminologySearch(upper, null)).toBe(true);
  });
});
