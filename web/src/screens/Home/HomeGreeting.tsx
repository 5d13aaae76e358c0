import { graphql, useFragment } from 'react-relay';
import { Heading, Label } from '@primer/react';
import type { HomeGreeting_viewer$key } from '../../__generated__/HomeGreeting_viewer.graphql';
import { useSelectedLocationId } from '../../session/useSessionState';
import { texts } from '../../texts';
import styles from './HomeScreen.module.css';

/** Greeting with name, role and the selected location (with its DigiNet flag). */
export function HomeGreeting({ viewer }: { viewer: HomeGreeting_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment HomeGreeting_viewer on Viewer {
        user {
          displayName
        }
        role {
          displayName
        }
        requiresLocationSelection
        locations {
          id
          identifier
          displayName
          isDigiNet
        }
      }
    `,
    viewer,
  );
  const selectedId = useSelectedLocationId();
  const location = data.locations.find((candidate) => candidate.id === selectedId);

  return (
    <section aria-labelledby="home-greeting" className={styles.greeting}>
      <Heading as="h1" id="home-greeting" className={styles.title}>
        {texts.home.greeting(data.user.displayName)}
      </Heading>
      <dl className={styles.facts}>
        <dt>{texts.home.role}</dt>
        <dd>{data.role.displayName}</dd>
        <dt>{texts.home.location}</dt>
        <dd>
          {location !== undefined ? (
            <>
              {texts.location.label(location.identifier, location.displayName)}
              {location.isDigiNet && (
                <Label variant="accent" className={styles.flag}>
                  {texts.home.digiNet}
                </Label>
              )}
            </>
          ) : data.requiresLocationSelection ? (
            texts.home.noLocation
          ) : (
            texts.home.noLocationNeeded
          )}
        </dd>
      </dl>
    </section>
  );
}
