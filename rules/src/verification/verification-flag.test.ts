import { describe, expect, it } from 'vitest';
import { verificationFlagAfterFieldChange, verificationFlagAfterToggle, verifiedValueKey } from './verification-flag.js';

describe('verification flags', () => {
  it('breaks a verified flag when its value changes, and leaves the others', () => {
    expect(verificationFlagAfterFieldChange('SET', 'valueChanged')).toBe('BROKEN');
    expect(verificationFlagAfterFieldChange('NOT_SET', 'valueChanged')).toBe('NOT_SET');
    expect(verificationFlagAfterFieldChange('BROKEN', 'valueChanged')).toBe('BROKEN');
  });

  it('makes a flag obsolete when its field is deleted', () => {
    expect(verificationFlagAfterFieldChange('SET', 'deleted')).toBe('OBSOLETE');
    expect(verificationFlagAfterFieldChange('BROKEN', 'deleted')).toBe('OBSOLETE');
  });

  it('verifies again only by setting, and never an obsolete flag', () => {
    expect(verificationFlagAfterToggle('BROKEN', true)).toBe('SET');
    expect(verificationFlagAfterToggle('SET', false)).toBe('NOT_SET');
    expect(verificationFlagAfterToggle('OBSOLETE', true)).toBeNull();
  });

  it('keys values by value and unit', () => {
    expect(verifiedValueKey([{ value: '5', unit: 'mg' }])).not.toBe(verifiedValueKey([{ value: '5', unit: 'g' }]));
    expect(verifiedValueKey([{ value: '5' }])).toBe(verifiedValueKey([{ value: '5', unit: null }]));
  });
});
