import { Suspense } from 'react';
import { graphql, useLazyLoadQuery, usePreloadedQuery } from 'react-relay';
import homeScreenQueryNode from '../../__generated__/HomeScreenQuery.graphql';
import type { HomeScreenQuery } from '../../__generated__/HomeScreenQuery.graphql';
import type { HomeScreenDashboardQuery } from '../../__generated__/HomeScreenDashboardQuery.graphql';
import { HomeGreeting } from './HomeGreeting';
import { HomeAreas } from './HomeAreas';
import { HomeDashboard } from './HomeDashboard';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { useStudyScope } from '../../layout/studyScope';
import { PageSpinner } from '../../components/PageSpinner';
import { getStoredRights, getStoredStudyId } from '../../session/sessionStore';
import { dashboardVariables, sameDashboard, type DashboardVariables } from './dashboardVariables';

/** The route preloads the greeting and, for the study and rights the shell found last, the dashboard. */
export const homeScreenQuery = defineScreenQuery<HomeScreenQuery>(homeScreenQueryNode, () =>
  dashboardVariables(getStoredStudyId(), getStoredRights()),
);

/** /home: greeting, the viewer's latest queries, the study's figures and the areas the viewer may open. */
export function HomeScreen() {
  const reference = useScreenReference(homeScreenQuery);
  const data = usePreloadedQuery<HomeScreenQuery>(
    graphql`
      query HomeScreenQuery($studyId: ID!, $withDashboard: Boolean!, $withQueries: Boolean!) {
        ...AppShell_query
        viewer {
          rights
          ...HomeGreeting_viewer
          ...HomeAreas_viewer
        }
        ...HomeDashboard_query @include(if: $withDashboard) @alias(as: "dashboard") @arguments(studyId: $studyId, withQueries: $withQueries)
      }
    `,
    reference,
  );
  const scope = useStudyScope();
  const wanted = dashboardVariables(scope?.studyId ?? null, data.viewer.rights);
  return (
    <>
      <HomeGreeting viewer={data.viewer} />
      {sameDashboard(reference.variables, wanted) ? (
        data.dashboard && <HomeDashboard query={data.dashboard} studyId={wanted.studyId} showQueries={wanted.withQueries} />
      ) : (
        // The study became known after the route loaded (the first visit, or a location just chosen).
        <Suspense fallback={<PageSpinner />}>
          <LateDashboard variables={wanted} />
        </Suspense>
      )}
      <HomeAreas viewer={data.viewer} />
    </>
  );
}

function LateDashboard({ variables }: { variables: DashboardVariables }) {
  const data = useLazyLoadQuery<HomeScreenDashboardQuery>(
    graphql`
      query HomeScreenDashboardQuery($studyId: ID!, $withQueries: Boolean!) {
        ...HomeDashboard_query @arguments(studyId: $studyId, withQueries: $withQueries)
      }
    `,
    { studyId: variables.studyId, withQueries: variables.withQueries },
    { fetchPolicy: 'store-and-network' },
  );
  return <HomeDashboard query={data} studyId={variables.studyId} showQueries={variables.withQueries} />;
}
