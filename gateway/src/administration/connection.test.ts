import { describe, expect, it } from 'vitest';
import { backendPage, connectionFromList, cursorFor, offsetAfter } from './connection.js';
import { changesOf } from '../audit/audit.resolvers.js';

describe('cursor connections', () => {
  it('pages a list with opaque cursors and says whether more follow', () => {
    const first = connectionFromList(['a', 'b', 'c', 'd', 'e'], { first: 2 }, 10);
    expect(first.edges.map((e) => e.node)).toEqual(['a', 'b']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.totalCount).toBe(5);
    const next = connectionFromList(['a', 'b', 'c', 'd', 'e'], { first: 2, after: first.pageInfo.endCursor }, 10);
    expect(next.edges.map((e) => e.node)).toEqual(['c', 'd']);
    expect(next.pageInfo.hasPreviousPage).toBe(true);
    expect(() => offsetAfter('bm9wZQ')).toThrow('invalid cursor');
    expect(offsetAfter(cursorFor(4))).toBe(5);
  });

  it('maps a cursor window onto backend pages', () => {
    expect(backendPage(50, 25)).toEqual({ page: 3, itemsPerPage: 25, skip: 0 });
    expect(backendPage(3, 25)).toEqual({ page: 1, itemsPerPage: 28, skip: 3 });
  });
});

describe('audit changes', () => {
  it('lists the differing fields old → new as JSON text', () => {
    expect(changesOf({ displayName: 'Alt', isDeactivated: false, same: 1 }, { displayName: 'Neu', isDeactivated: true, same: 1 })).toEqual([
      { field: 'displayName', oldValue: '"Alt"', newValue: '"Neu"' },
      { field: 'isDeactivated', oldValue: 'false', newValue: 'true' },
    ]);
    expect(changesOf(null, { a: 1 })).toEqual([{ field: 'a', oldValue: null, newValue: '1' }]);
  });
});
