import { graphql, useFragment } from 'react-relay';
import { Button, IconButton } from '@primer/react';
import { LocationIcon, PersonIcon, SidebarCollapseIcon, SidebarExpandIcon } from '@primer/octicons-react';
import type { TopBar_viewer$key } from '../__generated__/TopBar_viewer.graphql';
import { texts } from '../texts';
import styles from './AppShell.module.css';

type Props = {
  viewer: TopBar_viewer$key;
  selectedLocationId: string | null;
  onOpenLocation: (() => void) | null;
  onOpenAccount: () => void;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
};

/** Top bar: brand, the selected location 'identifier - displayName' and the user (ecrf-core.md §1). */
export function TopBar({ viewer, selectedLocationId, onOpenLocation, onOpenAccount, sidebarOpen, onToggleSidebar }: Props) {
  const data = useFragment(
    graphql`
      fragment TopBar_viewer on Viewer {
        user {
          displayName
        }
        locations {
          id
          identifier
          displayName
        }
      }
    `,
    viewer,
  );
  const selected = data.locations.find((location) => location.id === selectedLocationId);
  const locationLabel = selected === undefined ? texts.location.notChosen : texts.location.label(selected.identifier, selected.displayName);

  return (
    <header className={styles.topBar}>
      <div className={styles.topBarStart}>
        <IconButton
          icon={sidebarOpen ? SidebarExpandIcon : SidebarCollapseIcon}
          aria-label={sidebarOpen ? texts.app.hideNavigation : texts.app.showNavigation}
          aria-expanded={sidebarOpen}
          aria-controls="app-sidebar"
          onClick={onToggleSidebar}
        />
        <span className={styles.brand}>{texts.app.title}</span>
      </div>
      <div className={styles.topBarActions}>
        {onOpenLocation !== null && (
          <Button
            leadingVisual={LocationIcon}
            onClick={onOpenLocation}
            aria-label={texts.location.topBarButton(locationLabel)}
            className={styles.topBarButton}
          >
            {locationLabel}
          </Button>
        )}
        <Button
          leadingVisual={PersonIcon}
          onClick={onOpenAccount}
          aria-label={texts.account.open(data.user.displayName)}
          className={styles.topBarButton}
        >
          {data.user.displayName}
        </Button>
      </div>
    </header>
  );
}
