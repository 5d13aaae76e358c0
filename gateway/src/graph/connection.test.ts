import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backendPage, connectionFromList, connectionOf, cursorFor, keysetAfter, offsetAfter, pageWindow } from './connection.js';

const letters = ['a', 'b', 'c', 'd', 'e'];

describe('cursor connections', () => {
  it('pages a list forward with opaque cursors and says whether more follow', () => {
    const first = connectionFromList(letters, { first: 2 }, 10);
    expect(first.edges.map((e) => e.node)).toEqual(['a', 'b']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.totalCount).toBe(5);
    const next = connectionFromList(letters, { first: 2, after: first.pageInfo.endCursor }, 10);
    expect(next.edges.map((e) => e.node)).toEqual(['c', 'd']);
    expect(next.pageInfo.hasPreviousPage).toBe(true);
    expect(() => offsetAfter('bm9wZQ')).toThrow('invalid cursor');
    expect(offsetAfter(cursorFor(4))).toBe(5);
  });

  it('pages backward: the last items, and the items before a cursor', () => {
    const tail = connectionFromList(letters, { last: 2 }, 10);
    expect(tail.edges.map((e) => e.node)).toEqual(['d', 'e']);
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = connectionFromList(letters, { last: 2, before: tail.pageInfo.startCursor }, 10);
    expect(before.edges.map((e) => e.node)).toEqual(['b', 'c']);
    const head = connectionFromList(letters, { last: 5, before: before.pageInfo.startCursor }, 10);
    expect(head.edges.map((e) => e.node)).toEqual(['a']);
    expect(head.pageInfo.hasPreviousPage).toBe(false);
    expect(connectionFromList(letters, { first: 10, after: cursorFor(0), before: cursorFor(3) }, 10).edges.map((e) => e.node)).toEqual([
      'b',
      'c',
    ]);
    expect(() => pageWindow({ first: 1, last: 1 }, 10, 5)).toThrow('either first or last');
  });

  it("carries a row's keyset token beside its position, for forward paging behind it", () => {
    const page = connectionOf(['c', 'd'], 2, 5, (node) => `token-${node}`);
    const end = page.pageInfo.endCursor ?? '';
    expect(offsetAfter(end)).toBe(4);
    expect(keysetAfter({ first: 2, after: end })).toBe('token-d');
    // Backward paging and windows cut by `before` stay on positions.
    expect(keysetAfter({ last: 2, after: end })).toBeUndefined();
    expect(keysetAfter({ first: 2, after: end, before: cursorFor(4) })).toBeUndefined();
    expect(keysetAfter({ first: 2, after: cursorFor(3) })).toBeUndefined();
    expect(connectionFromList(letters, { last: 2, before: end }, 10).edges.map((e) => e.node)).toEqual(['b', 'c']);
    expect(() => keysetAfter({ first: 1, after: cursorFor(1, 'not a token') })).toThrow('invalid cursor');
  });

  it('maps any cursor window onto one backend page that holds it', () => {
    expect(backendPage({ offset: 50, size: 25 })).toEqual({ page: 3, itemsPerPage: 25, skip: 0 });
    expect(backendPage({ offset: 588, size: 25 })).toEqual({ page: 22, itemsPerPage: 28, skip: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 100 }), (offset, size) => {
        const { page, itemsPerPage, skip } = backendPage({ offset, size });
        const first = (page - 1) * itemsPerPage;
        expect(first + skip).toBe(offset);
        expect(skip + size).toBeLessThanOrEqual(itemsPerPage);
      }),
    );
  });
});
