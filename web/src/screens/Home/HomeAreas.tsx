import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Heading } from '@primer/react';
import { LocationIcon, PersonIcon, SignOutIcon, ArrowRightIcon } from '@primer/octicons-react';
import type { Icon } from '@primer/octicons-react';
import { Link as RouterLink } from 'react-router';
import type { HomeAreas_viewer$key } from '../../__generated__/HomeAreas_viewer.graphql';
import { visibleSidebarEntries } from '../../navigation/sidebar';
import { useShellActions } from '../../layout/shellContext';
import { texts } from '../../texts';
import styles from './HomeScreen.module.css';

type Card = { key: string; title: string; description: string; icon: Icon } & ({ to: string } | { onClick: () => void });

/** Cards for every area of the sidebar table this user may open, plus account and location. */
export function HomeAreas({ viewer }: { viewer: HomeAreas_viewer$key }) {
  const { rights, role } = useFragment(
    graphql`
      fragment HomeAreas_viewer on Viewer {
        rights
        role {
          identifier
        }
      }
    `,
    viewer,
  );
  const actions = useShellActions();
  const entries = visibleSidebarEntries({ rights, roleIdentifier: role.identifier }).filter((entry) => entry.key !== 'dashboard');

  const cards: Card[] = [
    ...entries
      .filter((entry) => entry.kind === 'link')
      .map((entry) => ({
        key: entry.key,
        title: entry.label,
        description: texts.home.openArea(entry.label),
        icon: ArrowRightIcon,
        to: entry.route,
      })),
    {
      key: 'account',
      title: texts.home.account,
      description: texts.home.accountDescription,
      icon: PersonIcon,
      onClick: actions.openAccount,
    },
    ...(actions.openLocationSelection !== null
      ? [
          {
            key: 'location',
            title: texts.home.changeLocation,
            description: texts.home.changeLocationDescription,
            icon: LocationIcon,
            onClick: actions.openLocationSelection,
          },
        ]
      : []),
    ...entries
      .filter((entry) => entry.kind === 'logout')
      .map((entry) => ({
        key: entry.key,
        title: entry.label,
        description: texts.home.logoutDescription,
        icon: SignOutIcon,
        onClick: actions.logout,
      })),
  ];

  return (
    <section aria-labelledby="home-areas">
      <Heading as="h2" id="home-areas" className={styles.subtitle}>
        {texts.home.areas}
      </Heading>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.key}>
            {'to' in card ? (
              <RouterLink to={card.to} className={styles.card}>
                <CardBody card={card} />
              </RouterLink>
            ) : (
              <button type="button" onClick={card.onClick} className={styles.card}>
                <CardBody card={card} />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CardBody({ card }: { card: Card }): ReactNode {
  const CardIcon = card.icon;
  return (
    <>
      <span className={styles.cardIcon} aria-hidden="true">
        <CardIcon size={24} />
      </span>
      <span className={styles.cardText}>
        <span className={styles.cardTitle}>{card.title}</span>
        <span className={styles.cardDescription}>{card.description}</span>
      </span>
    </>
  );
}
