import { describe, expect, it } from 'vitest';
import { completeInPeriod, earnsDocumentationReward, type RewardCase } from './reward.js';

const quarter = { firstDay: '2024-01-01', lastDay: '2024-03-31' };
const complete: RewardCase = { baselineState: 'complete', baselineDate: '2024-02-10', consentAllowsUse: true };

describe('documentation reward', () => {
  it('is earned by a complete baseline dated in the period with a usable consent', () => {
    expect(earnsDocumentationReward(complete, quarter)).toBe(true);
    expect(earnsDocumentationReward({ ...complete, baselineDate: '2024-03-31' }, quarter)).toBe(true);
    expect(earnsDocumentationReward({ ...complete, baselineDate: '2024-01-01' }, { firstDay: null, lastDay: '2024-01-01' })).toBe(true);
  });
  it('is not earned outside the period, by an incomplete baseline or without consent', () => {
    expect(earnsDocumentationReward({ ...complete, baselineDate: '2023-12-31' }, quarter)).toBe(false);
    expect(earnsDocumentationReward({ ...complete, baselineDate: '2024-04-01' }, quarter)).toBe(false);
    expect(earnsDocumentationReward({ ...complete, baselineDate: null }, quarter)).toBe(false);
    expect(earnsDocumentationReward({ ...complete, baselineState: 'missing_data' }, quarter)).toBe(false);
    expect(completeInPeriod({ ...complete, consentAllowsUse: false }, quarter)).toBe(true);
    expect(earnsDocumentationReward({ ...complete, consentAllowsUse: false }, quarter)).toBe(false);
  });
});
