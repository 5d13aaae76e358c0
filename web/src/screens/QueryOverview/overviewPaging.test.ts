import { describe, expect, it } from 'vitest';
import { overviewPage } from './overviewPaging';

describe('overviewPage', () => {
  it('counts pages from the total, one page when nothing matches', () => {
    expect(overviewPage(1, 0, 25)).toEqual({ number: 1, pages: 1 });
    expect(overviewPage(2, 26, 25)).toEqual({ number: 2, pages: 2 });
    expect(overviewPage(1, 50, 25)).toEqual({ number: 1, pages: 2 });
  });

  it('keeps the page number within the pages there are (the total shrank)', () => {
    expect(overviewPage(3, 30, 25)).toEqual({ number: 2, pages: 2 });
  });
});
