import { describe, expect, it } from 'vitest';
import {
  completenessChart,
  isEmptyChart,
  monthLabel,
  openQueriesChart,
  queryAgeingChart,
  recruitmentChart,
  type Dashboard,
} from './dashboardData';

const north = { identifier: '3003', displayName: 'Klinik Nord' };
const dashboard: Dashboard = {
  openQueriesByLocation: [{ location: north, open: 2, pending: 1 }],
  queryAgeing: [
    { fromDays: 0, toDays: 7, count: 2 },
    { fromDays: 90, toDays: null, count: 1 },
  ],
  documentationCompleteness: [{ location: north, complete: 5, missingData: 2, new: 1 }],
  recruitment: [
    { month: '2026-10', registered: 0 },
    { month: '2026-11', registered: 3 },
  ],
};

describe('dashboard charts', () => {
  it('labels locations, age ranges and months in German', () => {
    expect(openQueriesChart(dashboard).rows).toEqual([{ label: '3003 - Klinik Nord', tick: '3003', open: 2, pending: 1 }]);
    expect(queryAgeingChart(dashboard).rows.map((row) => row.label)).toEqual(['0–7 Tage', 'ab 90 Tagen']);
    expect(recruitmentChart(dashboard).rows).toEqual([
      { label: '10.2026', tick: '10.2026', registered: 0 },
      { label: '11.2026', tick: '11.2026', registered: 3 },
    ]);
    expect(monthLabel('2025-01')).toBe('01.2025');
  });

  it('stacks the completeness of a location by state', () => {
    const chart = completenessChart(dashboard);
    expect(chart.series.map((series) => series.label)).toEqual(['Vollständig', 'Fehlende Daten', 'Neu']);
    expect(chart.rows[0]).toMatchObject({ complete: 5, missingData: 2, new: 1 });
  });

  it('knows a chart without anything to count', () => {
    expect(isEmptyChart(recruitmentChart({ ...dashboard, recruitment: [{ month: '2026-11', registered: 0 }] }))).toBe(true);
    expect(isEmptyChart(recruitmentChart(dashboard))).toBe(false);
    expect(isEmptyChart(openQueriesChart({ ...dashboard, openQueriesByLocation: [] }))).toBe(true);
  });
});
