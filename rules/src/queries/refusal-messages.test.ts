import { describe, expect, it } from 'vitest';
import { DATA_QUERY_REFUSAL_MESSAGES } from './refusal-messages.js';

describe('DATA_QUERY_REFUSAL_MESSAGES', () => {
  it('explains every refusal reason in German', () => {
    expect(Object.keys(DATA_QUERY_REFUSAL_MESSAGES).sort()).toEqual(['followUpRestriction', 'location', 'right', 'role', 'state']);
    expect(DATA_QUERY_REFUSAL_MESSAGES.followUpRestriction).toMatch(/^Seit dem 01\.05\.2025 dürfen nur Ärztinnen und Ärzte/);
  });
});
