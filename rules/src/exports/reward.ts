/**
 * The documentation reward of the NNGM (DigiNet) exports (ecrf-calls.md §7 "reward"; the spec gives no rule,
 * this is ours): a case earns the reward for its location when its baseline visit is complete, its execution
 * date (the baseline date) lies in the period, and consent 4 is fully given and not withdrawn, so the data
 * may be used.
 */
import type { InstrumentState } from '../definition/instances.js';

export type RewardCase = {
  baselineState: InstrumentState | null;
  /** yyyy-MM-dd, or null when the baseline has no complete date. */
  baselineDate: string | null;
  consentAllowsUse: boolean;
};

/** The baseline is documented completely within the period's registry days (first null: open). */
export function completeInPeriod(rewardCase: RewardCase, days: { firstDay: string | null; lastDay: string }): boolean {
  const date = rewardCase.baselineDate;
  return (
    rewardCase.baselineState === 'complete' && date !== null && (days.firstDay === null || date >= days.firstDay) && date <= days.lastDay
  );
}

export function earnsDocumentationReward(rewardCase: RewardCase, days: { firstDay: string | null; lastDay: string }): boolean {
  return completeInPeriod(rewardCase, days) && rewardCase.consentAllowsUse;
}
