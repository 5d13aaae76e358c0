import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DashboardChart } from './DashboardChart';
import { openQueriesChart } from './dashboardData';

const north = { identifier: '3003', displayName: 'Klinik Nord' };

describe('DashboardChart', () => {
  it('gives screen readers the chart’s numbers as a table named by its title', () => {
    render(
      <DashboardChart
        id="chart-open"
        title="Offene Queries pro Standort"
        chart={openQueriesChart({
          openQueriesByLocation: [{ location: north, open: 2, pending: 1 }],
          queryAgeing: [],
          documentationCompleteness: [],
          recruitment: [],
        })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Offene Queries pro Standort' });
    const row = within(table).getByRole('row', { name: /3003 - Klinik Nord/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1']);
    expect(within(table).getByRole('columnheader', { name: 'Beantwortet' })).toBeTruthy();
  });

  it('says there is nothing to show instead of drawing empty axes', () => {
    render(
      <DashboardChart
        id="chart-open"
        title="Offene Queries pro Standort"
        chart={openQueriesChart({ openQueriesByLocation: [], queryAgeing: [], documentationCompleteness: [], recruitment: [] })}
      />,
    );
    expect(screen.getByText('Keine Daten.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
