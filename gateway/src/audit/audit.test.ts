import { describe, expect, it } from 'vitest';
import { changesOf } from './audit.resolvers.js';

describe('audit changes', () => {
  it('lists the differing fields old → new as JSON text', () => {
    expect(changesOf({ displayName: 'Alt', isDeactivated: false, same: 1 }, { displayName: 'Neu', isDeactivated: true, same: 1 })).toEqual([
      { field: 'displayName', oldValue: '"Alt"', newValue: '"Neu"' },
      { field: 'isDeactivated', oldValue: 'false', newValue: 'true' },
    ]);
    expect(changesOf(null, { a: 1 })).toEqual([{ field: 'a', oldValue: null, newValue: '1' }]);
  });
});
