/**
 * The dashboard's figures as chart rows (issue 11): German series names, location labels and age ranges,
 * so the charts and their accessible tables show the same numbers.
 */
import { locationLabel } from '../../location/locationLabel';
import { texts } from '../../texts';

type Location = { identifier: string; displayName: string };

export type Dashboard = {
  readonly openQueriesByLocation: readonly { readonly location: Location; readonly open: number; readonly pending: number }[];
  readonly queryAgeing: readonly { readonly fromDays: number; readonly toDays: number | null | undefined; readonly count: number }[];
  readonly documentationCompleteness: readonly {
    readonly location: Location;
    readonly complete: number;
    readonly missingData: number;
    readonly new: number;
  }[];
  readonly recruitment: readonly { readonly month: string; readonly registered: number }[];
};

/**
 * One chart: its rows (a label, a short tick for the axis and a number per series) and its series in the
 * order they stack.
 */
export type ChartData = {
  rows: ({ label: string; tick: string } & Record<string, string | number>)[];
  series: { key: string; label: string }[];
};

const t = texts.dashboard;

/** 'yyyy-MM' as 'MM.yyyy', the German way. */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-');
  return year && monthNumber ? `${monthNumber}.${year}` : month;
}

export function openQueriesChart(dashboard: Dashboard): ChartData {
  return {
    rows: dashboard.openQueriesByLocation.map((row) => ({
      label: locationLabel(row.location),
      tick: row.location.identifier,
      open: row.open,
      pending: row.pending,
    })),
    series: [
      { key: 'open', label: t.open },
      { key: 'pending', label: t.pending },
    ],
  };
}

export function queryAgeingChart(dashboard: Dashboard): ChartData {
  return {
    rows: dashboard.queryAgeing.map((bucket) => {
      const label = t.ageBucket(bucket.fromDays, bucket.toDays ?? null);
      return { label, tick: label, count: bucket.count };
    }),
    series: [{ key: 'count', label: t.count }],
  };
}

export function completenessChart(dashboard: Dashboard): ChartData {
  return {
    rows: dashboard.documentationCompleteness.map((row) => ({
      label: locationLabel(row.location),
      tick: row.location.identifier,
      complete: row.complete,
      missingData: row.missingData,
      new: row.new,
    })),
    series: [
      { key: 'complete', label: t.complete },
      { key: 'missingData', label: t.missingData },
      { key: 'new', label: t.new },
    ],
  };
}

export function recruitmentChart(dashboard: Dashboard): ChartData {
  return {
    rows: dashboard.recruitment.map((month) => ({
      label: monthLabel(month.month),
      tick: monthLabel(month.month),
      registered: month.registered,
    })),
    series: [{ key: 'registered', label: t.registered }],
  };
}

/** A chart with nothing to count says so instead of drawing empty axes. */
export function isEmptyChart(chart: ChartData): boolean {
  return chart.rows.every((row) => chart.series.every((series) => row[series.key] === 0));
}
