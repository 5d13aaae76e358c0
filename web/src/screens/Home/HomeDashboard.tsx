import { useEffect, useMemo, useRef } from 'react';
import { graphql, useRefetchableFragment, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig, RecordSourceSelectorProxy } from 'relay-runtime';
import { Heading } from '@primer/react';
import type { HomeDashboard_query$key } from '../../__generated__/HomeDashboard_query.graphql';
import type { HomeDashboardRefetchQuery } from '../../__generated__/HomeDashboardRefetchQuery.graphql';
import type { HomeDashboardSubscription } from '../../__generated__/HomeDashboardSubscription.graphql';
import type { HomeDashboardQueriesSubscription } from '../../__generated__/HomeDashboardQueriesSubscription.graphql';
import { texts } from '../../texts';
import { DashboardCharts } from './DashboardCharts';
import { HomeLatestQueries } from './HomeLatestQueries';
import styles from './HomeScreen.module.css';

const t = texts.dashboard;

/**
 * The dashboard of /home (issue 11): the viewer's latest queries and the study's figures, live. A new or
 * changed query loads the latest queries again; a dashboard event brings the figures themselves.
 */
export function HomeDashboard({ query, studyId, showQueries }: { query: HomeDashboard_query$key; studyId: string; showQueries: boolean }) {
  const [data, refetch] = useRefetchableFragment<HomeDashboardRefetchQuery, HomeDashboard_query$key>(
    graphql`
      fragment HomeDashboard_query on Query
      @argumentDefinitions(studyId: { type: "ID!" }, withQueries: { type: "Boolean!" })
      @refetchable(queryName: "HomeDashboardRefetchQuery") {
        ...HomeLatestQueries_query @arguments(studyId: $studyId) @include(if: $withQueries) @alias(as: "latestQueries")
        registryDashboard(studyId: $studyId) {
          ...DashboardCharts_dashboard
        }
      }
    `,
    query,
  );
  // The latest refetch, so a new fragment answer does not subscribe anew (and miss events meanwhile).
  const reloadQueries = useRef(() => {});
  useEffect(() => {
    reloadQueries.current = () => refetch({ studyId, withQueries: showQueries }, { fetchPolicy: 'network-only' });
  }, [refetch, studyId, showQueries]);
  const figures = useMemo<GraphQLSubscriptionConfig<HomeDashboardSubscription>>(
    () => ({
      subscription: graphql`
        subscription HomeDashboardSubscription($studyId: ID!) {
          registryDashboardUpdated(studyId: $studyId) {
            eventId
            dashboard {
              ...DashboardCharts_dashboard
            }
          }
        }
      `,
      variables: { studyId },
      // The figures have no id: the event's copy takes the place of the one the screen reads.
      updater: (store: RecordSourceSelectorProxy<HomeDashboardSubscription['response']>) => {
        const dashboard = store.getRootField('registryDashboardUpdated')?.getLinkedRecord('dashboard');
        if (dashboard) store.getRoot().setLinkedRecord(dashboard, 'registryDashboard', { studyId });
      },
    }),
    [studyId],
  );
  useSubscription(figures);
  const queries = useMemo<GraphQLSubscriptionConfig<HomeDashboardQueriesSubscription>>(
    () => ({
      subscription: graphql`
        subscription HomeDashboardQueriesSubscription($studyId: ID!, $after: String) {
          dataQueryUpdated(filter: { studyId: $studyId }, after: $after) {
            eventId
            dataQuery {
              id
              status
            }
          }
        }
      `,
      variables: { studyId, after: null },
      onNext: () => reloadQueries.current(),
    }),
    [studyId],
  );
  useSubscription(queries);
  return (
    <>
      {data.latestQueries && <HomeLatestQueries query={data.latestQueries} />}
      <section aria-labelledby="home-charts" className={styles.section}>
        <Heading as="h2" id="home-charts" className={styles.subtitle}>
          {t.charts}
        </Heading>
        <DashboardCharts dashboard={data.registryDashboard} />
      </section>
    </>
  );
}
