import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from './audit.service.js';

describe('redact', () => {
  it('replaces secrets at any depth and keeps the rest', () => {
    const value = {
      userName: 'anna',
      passwordHash: '$argon2id$…',
      nested: { refreshToken: 'abc', list: [{ challenge: 'c', keep: 1 }] },
      at: new Date('2025-01-02T03:04:05.000Z'),
    };
    expect(redact(value)).toEqual({
      userName: 'anna',
      passwordHash: REDACTED,
      nested: { refreshToken: REDACTED, list: [{ challenge: REDACTED, keep: 1 }] },
      at: '2025-01-02T03:04:05.000Z',
    });
  });
});
