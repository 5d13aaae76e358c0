import { describe, expect, it } from 'vitest';
import { PROJECT_ASSIGNMENT_MESSAGES, assignmentPeriodErrors, isCurrentAssignment, periodsOverlap } from './project-assignment.js';

describe('project assignment periods', () => {
  it('accepts an open and a closed period and refuses impossible days and an end before the start', () => {
    expect(assignmentPeriodErrors({ assignedFrom: '2025-01-31', assignedUntil: null })).toEqual([]);
    expect(assignmentPeriodErrors({ assignedFrom: '2025-01-31', assignedUntil: '2025-01-31' })).toEqual([]);
    expect(assignmentPeriodErrors({ assignedFrom: '2025-02-30', assignedUntil: '31.12.2025' })).toEqual([
      { field: 'assignedFrom', message: PROJECT_ASSIGNMENT_MESSAGES.invalidDay },
      { field: 'assignedUntil', message: PROJECT_ASSIGNMENT_MESSAGES.invalidDay },
    ]);
    expect(assignmentPeriodErrors({ assignedFrom: '2025-03-01', assignedUntil: '2025-02-28' })).toEqual([
      { field: 'assignedUntil', message: PROJECT_ASSIGNMENT_MESSAGES.untilBeforeFrom },
    ]);
  });

  it('holds from its first through its last day', () => {
    const period = { assignedFrom: '2025-03-01', assignedUntil: '2025-03-31' };
    expect(isCurrentAssignment(period, '2025-02-28')).toBe(false);
    expect(isCurrentAssignment(period, '2025-03-01')).toBe(true);
    expect(isCurrentAssignment(period, '2025-03-31')).toBe(true);
    expect(isCurrentAssignment(period, '2025-04-01')).toBe(false);
    expect(isCurrentAssignment({ assignedFrom: '2025-03-01', assignedUntil: null }, '2030-01-01')).toBe(true);
  });

  it('overlaps when the periods share a day', () => {
    const march = { assignedFrom: '2025-03-01', assignedUntil: '2025-03-31' };
    expect(periodsOverlap(march, { assignedFrom: '2025-03-31', assignedUntil: null })).toBe(true);
    expect(periodsOverlap(march, { assignedFrom: '2025-04-01', assignedUntil: null })).toBe(false);
    expect(periodsOverlap({ assignedFrom: '2024-01-01', assignedUntil: null }, march)).toBe(true);
    expect(periodsOverlap({ assignedFrom: '2024-01-01', assignedUntil: '2025-02-28' }, march)).toBe(false);
  });
});
