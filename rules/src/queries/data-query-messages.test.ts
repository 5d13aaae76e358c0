import { describe, expect, it } from 'vitest';
import { DATA_QUERY_REFUSAL_MESSAGES } from './data-query-messages.js';
import { dataQueryDecision, type DataQueryFacts } from './data-query.js';
import { kitchenSinkDefinition } from '../__testUtils__/index.js';

const [queryType] = kitchenSinkDefinition.queryTypes;
const facts: DataQueryFacts = {
  queryType,
  status: 'OPEN',
  answerStage: 'NEW',
  locationId: 'loc-a',
  targetIsFollowUpRegistry: true,
  visitDefinitionIdentifier: 'fu',
};

describe('DATA_QUERY_REFUSAL_MESSAGES', () => {
  it('explains every refusal of dataQueryDecision in German', () => {
    const viewer = { roleIdentifier: 'Nobody', rights: [], locationIds: [] };
    const decision = dataQueryDecision(viewer, facts, 'create', '2026-11-25');
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(DATA_QUERY_REFUSAL_MESSAGES[decision.reason]).toBe('Dafür fehlt Ihnen das Recht.');
  });

  it('names the follow-up restriction with its date', () => {
    expect(DATA_QUERY_REFUSAL_MESSAGES.followUpRestriction).toContain('01.05.2025');
    expect(Object.keys(DATA_QUERY_REFUSAL_MESSAGES).sort()).toEqual(['followUpRestriction', 'location', 'right', 'role', 'state']);
  });
});
