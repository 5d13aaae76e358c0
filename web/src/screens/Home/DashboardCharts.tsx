import { graphql, useFragment } from 'react-relay';
import type { DashboardCharts_dashboard$key } from '../../__generated__/DashboardCharts_dashboard.graphql';
import { texts } from '../../texts';
import { completenessChart, openQueriesChart, queryAgeingChart, recruitmentChart } from './dashboardData';
import { DashboardChart } from './DashboardChart';
import styles from './HomeScreen.module.css';

const t = texts.dashboard;

/** The four charts of the dashboard: open queries per location, query ageing, completeness per location, recruitment. */
export function DashboardCharts({ dashboard }: { dashboard: DashboardCharts_dashboard$key }) {
  const figures = useFragment(
    graphql`
      fragment DashboardCharts_dashboard on RegistryDashboard {
        openQueriesByLocation {
          location {
            id
            identifier
            displayName
          }
          open
          pending
        }
        queryAgeing {
          fromDays
          toDays
          count
        }
        documentationCompleteness {
          location {
            id
            identifier
            displayName
          }
          complete
          missingData
          new
        }
        recruitment {
          month
          registered
        }
      }
    `,
    dashboard,
  );
  return (
    <div className={styles.charts}>
      <DashboardChart id="chart-open-queries" title={t.openQueries} chart={openQueriesChart(figures)} />
      <DashboardChart id="chart-query-ageing" title={t.queryAgeing} chart={queryAgeingChart(figures)} />
      <DashboardChart id="chart-completeness" title={t.completeness} chart={completenessChart(figures)} />
      <DashboardChart id="chart-recruitment" title={t.recruitment} chart={recruitmentChart(figures)} />
    </div>
  );
}
