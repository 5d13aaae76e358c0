import { describe, expect, it } from 'vitest';
import { dataQueryTargetIsFollowUpRegistry } from './data-query-target.js';

describe('dataQueryTargetIsFollowUpRegistry', () => {
  it('counts the follow-up visits by identifier and by the definition flag', () => {
    expect(dataQueryTargetIsFollowUpRegistry({ identifier: 'fu' })).toBe(true);
    expect(dataQueryTargetIsFollowUpRegistry({ identifier: 'fu_24m' })).toBe(true);
    expect(dataQueryTargetIsFollowUpRegistry({ identifier: 'late', isFollowUpRegistry: true })).toBe(true);
  });

  it('leaves out the baseline and targets without a visit', () => {
    expect(dataQueryTargetIsFollowUpRegistry({ identifier: 'baseline', isFollowUpRegistry: false })).toBe(false);
    expect(dataQueryTargetIsFollowUpRegistry(null)).toBe(false);
  });
});
