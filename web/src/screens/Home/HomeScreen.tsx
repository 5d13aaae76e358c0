import { graphql, useLazyLoadQuery } from 'react-relay';
import type { HomeScreenQuery } from '../../__generated__/HomeScreenQuery.graphql';
import { HomeGreeting } from './HomeGreeting';
import { HomeAreas } from './HomeAreas';

/** /home: the dashboard (its layout is not specified; docs/web.md). */
export function HomeScreen() {
  const { viewer } = useLazyLoadQuery<HomeScreenQuery>(
    graphql`
      query HomeScreenQuery {
        viewer {
          ...HomeGreeting_viewer
          ...HomeAreas_viewer
        }
      }
    `,
    {},
  );
  return (
    <>
      <HomeGreeting viewer={viewer} />
      <HomeAreas viewer={viewer} />
    </>
  );
}
