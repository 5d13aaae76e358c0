import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasAnyRight, hasRight } from './has-right.js';
import { allRightNames, SUPER_RIGHT, type RightName } from './rights-catalogue.js';

const right = fc.constantFrom(...allRightNames);
const rights = fc.uniqueArray(right, { maxLength: 12 });

describe('hasRight (ecrf-core.md §6)', () => {
  it('holds a right in the list, in a set as in an array', () => {
    expect(hasRight(['UserGetAllCmd'], 'UserGetAllCmd')).toBe(true);
    expect(hasRight(new Set(['UserGetAllCmd']), 'UserGetAllCmd')).toBe(true);
    expect(hasRight(['UserGetAllCmd'], 'UserCreateCmd')).toBe(false);
    expect(hasRight(new Set<string>(), 'UserCreateCmd')).toBe(false);
  });
  it('grants every right with SUPER_RIGHT, and otherwise exactly the listed ones', () => {
    fc.assert(
      fc.property(rights, right, (held, wanted) => {
        const expected = held.includes(SUPER_RIGHT) || held.includes(wanted);
        expect(hasRight(held, wanted)).toBe(expected);
        expect(hasRight(new Set(held), wanted)).toBe(expected);
        expect(hasRight([...held, SUPER_RIGHT], wanted)).toBe(true);
      }),
    );
  });
  it('hasAnyRight holds when one of the names is held', () => {
    const either: RightName[] = ['PatientGetAllCmd', 'PatientGetMyCmd'];
    expect(hasAnyRight(['PatientGetMyCmd'], either)).toBe(true);
    expect(hasAnyRight(['UserGetAllCmd'], either)).toBe(false);
    expect(hasAnyRight([SUPER_RIGHT], either)).toBe(true);
    expect(hasAnyRight([SUPER_RIGHT], [])).toBe(false);
  });
});
