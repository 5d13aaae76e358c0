import { describe, expect, it } from 'vitest';
import { dashboardVariables, sameDashboard } from './dashboardVariables';

describe('dashboardVariables', () => {
  it('asks for the figures with a patient list right and for the latest queries with the own-queries right', () => {
    expect(dashboardVariables('study-1', ['StudyPatientGetMyCmd', 'QueryGetMyCmd'])).toEqual({
      studyId: 'study-1',
      withDashboard: true,
      withQueries: true,
    });
    expect(dashboardVariables('study-1', ['StudyPatientGetAllCmd'])).toMatchObject({ withDashboard: true, withQueries: false });
  });

  it('asks for nothing without a study or without the rights known', () => {
    expect(dashboardVariables(null, ['StudyPatientGetMyCmd']).withDashboard).toBe(false);
    expect(dashboardVariables('study-1', null)).toEqual({ studyId: 'study-1', withDashboard: false, withQueries: false });
  });

  it('the super right reads everything', () => {
    expect(dashboardVariables('study-1', ['SUPER_RIGHT'])).toMatchObject({ withDashboard: true, withQueries: true });
  });

  it('compares what was loaded with what is wanted now', () => {
    const loaded = dashboardVariables('study-1', ['StudyPatientGetMyCmd', 'QueryGetMyCmd']);
    expect(sameDashboard(loaded, loaded)).toBe(true);
    expect(sameDashboard(loaded, dashboardVariables('study-2', ['StudyPatientGetMyCmd', 'QueryGetMyCmd']))).toBe(false);
    expect(sameDashboard(dashboardVariables(null, []), dashboardVariables(null, ['QueryGetMyCmd']))).toBe(true);
  });
});
