import { describe, expect, it } from 'vitest';
import { fieldOf } from '../__testUtils__/builders.js';
import { erikaContext, kitchenSinkIndex } from '../__testUtils__/personas.js';
import type { StudyPatientContext, Visit } from '../definition/instances.js';
import { followUpAvailability, readFollowUpInput } from './availability.js';
import type { FollowUpAvailabilityInput } from './availability.js';
import { visitExecutionDate } from './execution-date.js';
import { FOLLOW_UP_QUERY_ROLES, queryChangeAllowed, queryRestrictionInForce } from './query-restriction.js';

const ready: FollowUpAvailabilityInput = {
  existingVisit: false,
  baseline: { isNew: false, executionDate: '2022-03-15' },
  deceased: false,
  vitalStates: ['L'],
  today: '2024-03-15',
};

describe('DigiNet follow-up availability (ecrf-core.md §4, §9)', () => {
  it('available from baseline + 2 years on, not the day before', () => {
    expect(followUpAvailability(ready)).toEqual({ available: true });
    expect(followUpAvailability({ ...ready, today: '2024-03-14' })).toEqual({ available: false, reason: 'notYetDue' });
  });
  it('an existing visit is always available', () => {
    expect(followUpAvailability({ ...ready, existingVisit: true, baseline: null, deceased: true })).toEqual({ available: true });
  });
  it('needs a non-new baseline with a date', () => {
    expect(followUpAvailability({ ...ready, baseline: null })).toEqual({ available: false, reason: 'noBaseline' });
    expect(followUpAvailability({ ...ready, baseline: { isNew: true, executionDate: '2022-03-15' } })).toEqual({
      available: false,
      reason: 'baselineNew',
    });
    expect(followUpAvailability({ ...ready, baseline: { isNew: false, executionDate: null } })).toEqual({
      available: false,
      reason: 'noBaselineDate',
    });
  });
  it('not when deceased or with vital state A or T', () => {
    expect(followUpAvailability({ ...ready, deceased: true })).toEqual({ available: false, reason: 'deceased' });
    expect(followUpAvailability({ ...ready, vitalStates: ['L', 'T'] })).toEqual({ available: false, reason: 'vitalState' });
    expect(followUpAvailability({ ...ready, vitalStates: ['A'] })).toEqual({ available: false, reason: 'vitalState' });
  });
  it('reads the input from a patient context', () => {
    const erika = erikaContext();
    expect(readFollowUpInput(erika, kitchenSinkIndex, '2024-03-15')).toEqual({ ...ready, vitalStates: ['L'] });
    const [baseline, fu] = erika.visits;
    if (!baseline || !fu) throw new Error('fixture');
    const dead: Visit = {
      ...fu,
      instruments: [{ id: 'vs', definitionId: 'id-vital-status', fields: [fieldOf('deceased', 'yes'), fieldOf('vital_state', 'T')] }],
    };
    const input = readFollowUpInput({ ...erika, visits: [baseline, dead] }, kitchenSinkIndex, '2024-03-15');
    expect(input.deceased).toBe(true);
    expect(input.vitalStates).toEqual(['T']);
    const noBaseline: StudyPatientContext = { ...erika, visits: [fu] };
    expect(readFollowUpInput(noBaseline, kitchenSinkIndex, '2024-03-15').baseline).toBeNull();
  });
});

describe('visit execution date (ecrf-calls.md §3)', () => {
  const [baseline] = erikaContext().visits;
  if (!baseline) throw new Error('fixture');
  it('reads the fixed date field of the definition', () => {
    expect(visitExecutionDate(baseline, kitchenSinkIndex)).toBe('2022-03-15');
  });
  it('falls back to the visit date when the field is missing or not a full yyyy-MM-dd date', () => {
    expect(visitExecutionDate({ ...baseline, fields: [] }, kitchenSinkIndex)).toBe('2022-03-16');
    expect(visitExecutionDate({ ...baseline, fields: [fieldOf('baseline_date', '15.03.2022')] }, kitchenSinkIndex)).toBe('2022-03-16');
    expect(visitExecutionDate({ ...baseline, fields: [fieldOf('baseline_date', '2022-03-XX')] }, kitchenSinkIndex)).toBe('2022-03-16');
    expect(visitExecutionDate({ ...baseline, fields: [], visitDate: null }, kitchenSinkIndex)).toBeNull();
  });
});

describe('query restrictions on the follow-up registry (ecrf-calls.md §6)', () => {
  const base = { change: 'add' as const, role: 'Researcher', targetIsFollowUpRegistry: true };
  it('in force from 2025-05-01', () => {
    expect(queryRestrictionInForce('2025-04-30')).toBe(false);
    expect(queryRestrictionInForce('2025-05-01')).toBe(true);
  });
  it('other roles may not add or edit follow-up-registry queries from then on', () => {
    expect(queryChangeAllowed({ ...base, today: '2025-04-30' })).toBe(true);
    expect(queryChangeAllowed({ ...base, today: '2025-05-01' })).toBe(false);
    expect(queryChangeAllowed({ ...base, change: 'edit', today: '2025-05-02' })).toBe(false);
    expect(queryChangeAllowed({ ...base, targetIsFollowUpRegistry: false, today: '2025-05-02' })).toBe(true);
    for (const role of FOLLOW_UP_QUERY_ROLES) expect(queryChangeAllowed({ ...base, role, today: '2025-05-02' })).toBe(true);
    expect(FOLLOW_UP_QUERY_ROLES).toEqual([
      'Physician',
      'DocumentationAssistant',
      'UniversalDocumentalist',
      'DataManager',
      'CaseManager',
      'InstituteManager',
    ]);
  });
  it('adding queries on configured visit definitions is disallowed from then on; editing stays allowed', () => {
    const config = {
      role: 'DataManager',
      targetIsFollowUpRegistry: false,
      visitDefinitionIdentifier: 'fu_24m',
      addDisallowedVisitDefinitions: ['fu_24m'],
    };
    expect(queryChangeAllowed({ ...config, change: 'add', today: '2025-05-01' })).toBe(false);
    expect(queryChangeAllowed({ ...config, change: 'add', today: '2025-04-30' })).toBe(true);
    expect(queryChangeAllowed({ ...config, change: 'edit', today: '2025-05-01' })).toBe(true);
    expect(queryChangeAllowed({ ...config, change: 'add', visitDefinitionIdentifier: 'baseline', today: '2025-05-01' })).toBe(true);
  });
});
