import { describe, expect, it } from 'vitest';
import type { QueryType } from '@ecrf/rules';
import { raiseOptions, type RaiseTarget } from './raiseDecisions';

const roles = ['Physician', 'DataManager', 'MasterDataManager'];
const plausibility: QueryType = {
  id: 'plausibility',
  identifier: 'plausibility',
  canView: roles,
  canCreate: roles,
  canEdit: roles,
  canAccept: ['DataManager'],
  canAnswer: ['Physician'],
  canRevoke: roles,
  canSolve: roles,
  canDefer: ['DataManager'],
};
const managersOnly: QueryType = { ...plausibility, id: 'sdv', identifier: 'sdv', canCreate: ['DataManager'] };
const followUp: RaiseTarget = { locationId: 'loc-a', visit: { identifier: 'fu' } };
const baseline: RaiseTarget = { locationId: 'loc-a', visit: { identifier: 'baseline', isFollowUpRegistry: false } };
const viewer = (roleIdentifier: string) => ({ roleIdentifier, rights: ['QueryCreateCmd'], locationIds: ['loc-a'] });

describe('raiseOptions', () => {
  it('offers only the types whose create list names the role', () => {
    const options = raiseOptions(viewer('Physician'), [plausibility, managersOnly], baseline, '2026-11-25');
    expect(options.map((option) => option.queryType.identifier)).toEqual(['plausibility']);
    expect(options[0]?.decision).toEqual({ allowed: true });
  });

  it('refuses a MasterDataManager on a follow-up visit after 2025-05-01, with the reason', () => {
    const [option] = raiseOptions(viewer('MasterDataManager'), [plausibility], followUp, '2026-11-25');
    expect(option?.decision).toEqual({ allowed: false, reason: 'followUpRestriction' });
  });

  it('lets the MasterDataManager raise there before the restriction date and at the baseline', () => {
    expect(raiseOptions(viewer('MasterDataManager'), [plausibility], followUp, '2025-04-30')[0]?.decision.allowed).toBe(true);
    expect(raiseOptions(viewer('MasterDataManager'), [plausibility], baseline, '2026-11-25')[0]?.decision.allowed).toBe(true);
  });

  it('refuses another location', () => {
    const [option] = raiseOptions(viewer('Physician'), [plausibility], { ...baseline, locationId: 'loc-b' }, '2026-11-25');
    expect(option?.decision).toEqual({ allowed: false, reason: 'location' });
  });

  it('offers nothing without the right', () => {
    expect(raiseOptions({ ...viewer('Physician'), rights: [] }, [plausibility], baseline, '2026-11-25')).toEqual([]);
  });
});
