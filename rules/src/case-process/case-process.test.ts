import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NNGM_CASE_PROCESS, caseProcessStepDefinition, caseProcessSummary, type CaseProcessStepLike } from './case-process.js';

const snakeCase = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

describe('the nNGM case process catalogue', () => {
  it('has 6 to 8 steps in strictly increasing order with unique snake_case identifiers', () => {
    expect(NNGM_CASE_PROCESS.length).toBeGreaterThanOrEqual(6);
    expect(NNGM_CASE_PROCESS.length).toBeLessThanOrEqual(8);
    const orders = NNGM_CASE_PROCESS.map((step) => step.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
    const identifiers = NNGM_CASE_PROCESS.map((step) => step.identifier);
    expect(new Set(identifiers).size).toBe(identifiers.length);
    for (const step of NNGM_CASE_PROCESS) {
      expect(step.mainStates.length, step.identifier).toBeGreaterThan(0);
      for (const state of [step.identifier, ...step.mainStates, ...step.subStates]) expect(state).toMatch(snakeCase);
      expect(new Set([...step.mainStates, ...step.subStates]).size, step.identifier).toBe(step.mainStates.length + step.subStates.length);
    }
  });

  it('starts with the inclusion and runs through diagnostics, board and therapy to the follow-up', () => {
    expect(NNGM_CASE_PROCESS[0]?.identifier).toBe('inclusion');
    expect(NNGM_CASE_PROCESS.at(-1)?.identifier).toBe('follow_up');
    const position = (identifier: string) => NNGM_CASE_PROCESS.findIndex((step) => step.identifier === identifier);
    expect(position('molecular_diagnostics')).toBeLessThan(position('molecular_tumour_board'));
    expect(position('molecular_tumour_board')).toBeLessThan(position('therapy_recommendation'));
  });

  it('finds a step by identifier', () => {
    expect(caseProcessStepDefinition('sample_receipt')?.mainStates).toContain('received');
    expect(caseProcessStepDefinition('unknown')).toBeUndefined();
  });
});

type Step = CaseProcessStepLike & { id: number };
const stepArbitrary = fc.record({
  state: fc.constantFrom<Step['state']>('complete', 'incomplete', 'stop'),
  order: fc.integer({ min: 0, max: 100 }),
  mainStateIdentifier: fc.constantFrom(null, '', 'received', 'issued'),
});
const stepsArbitrary = fc.array(stepArbitrary, { maxLength: 12 }).map((steps) => steps.map((step, id): Step => ({ ...step, id })));

describe('caseProcessSummary (ecrf-core.md §4)', () => {
  it('names the first stop by order and the highest-order step with a main state', () => {
    const steps: Step[] = [
      { id: 1, state: 'complete', order: 30, mainStateIdentifier: 'completed' },
      { id: 2, state: 'stop', order: 20, mainStateIdentifier: null },
      { id: 3, state: 'stop', order: 10, mainStateIdentifier: 'consent_refused' },
      { id: 4, state: 'incomplete', order: 40, mainStateIdentifier: '' },
    ];
    const summary = caseProcessSummary(steps);
    expect(summary.steps.map((s) => s.id)).toEqual([3, 2, 1, 4]);
    expect(summary.stoppingStep?.id).toBe(3);
    expect(summary.latestFilledStep?.id).toBe(1);
    expect(caseProcessSummary([])).toEqual({ steps: [], stoppingStep: null, latestFilledStep: null });
  });

  it('holds for any steps in any input order', () => {
    fc.assert(
      fc.property(stepsArbitrary, (steps) => {
        const { steps: sorted, stoppingStep, latestFilledStep } = caseProcessSummary(steps);
        expect(sorted.map((s) => s.order)).toEqual(steps.map((s) => s.order).sort((a, b) => a - b));
        const stops = steps.filter((s) => s.state === 'stop');
        if (stops.length === 0) expect(stoppingStep).toBeNull();
        else expect(stoppingStep?.order).toBe(Math.min(...stops.map((s) => s.order)));
        const filled = steps.filter((s) => s.mainStateIdentifier);
        if (filled.length === 0) expect(latestFilledStep).toBeNull();
        else expect(latestFilledStep?.order).toBe(Math.max(...filled.map((s) => s.order)));
        expect(caseProcessSummary([...steps].reverse()).stoppingStep?.order).toBe(stoppingStep?.order);
      }),
    );
  });
});
