import { graphql, usePreloadedQuery } from 'react-relay';
import homeScreenQueryNode from '../../__generated__/HomeScreenQuery.graphql';
import type { HomeScreenQuery } from '../../__generated__/HomeScreenQuery.graphql';
import { HomeGreeting } from './HomeGreeting';
import { HomeAreas } from './HomeAreas';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables. */
export const homeScreenQuery = defineScreenQuery<HomeScreenQuery>(homeScreenQueryNode, () => ({}));

/** /home: the dashboard (its layout is not specified; docs/web.md). */
export function HomeScreen() {
  const { viewer } = usePreloadedQuery<HomeScreenQuery>(
    graphql`
      query HomeScreenQuery {
        ...AppShell_query
        viewer {
          ...HomeGreeting_viewer
          ...HomeAreas_viewer
        }
      }
    `,
    useScreenReference(homeScreenQuery),
  );
  return (
    <>
      <HomeGreeting viewer={viewer} />
      <HomeAreas viewer={viewer} />
    </>
  );
}
