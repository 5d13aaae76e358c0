import { describe, expect, it } from 'vitest';
import { fromGlobalId, toGlobalId } from './global-id.js';

describe('global ids', () => {
  it('round-trips type and id and hides them from plain view', () => {
    const id = toGlobalId('User', '0b7c4f0e-1f7a-4a55-9c3f-7a1f0d1c2b3a');
    expect(id).not.toContain('User');
    expect(fromGlobalId(id)).toEqual({ type: 'User', id: '0b7c4f0e-1f7a-4a55-9c3f-7a1f0d1c2b3a' });
  });
  it('refuses unknown types and malformed ids', () => {
    expect(fromGlobalId(Buffer.from('Patient:1').toString('base64url'))).toBeNull();
    expect(fromGlobalId(Buffer.from('User:').toString('base64url'))).toBeNull();
    expect(fromGlobalId('not-an-id')).toBeNull();
  });
});
