import { graphql, useFragment } from 'react-relay';
import { NavList } from '@primer/react';
import { SignOutIcon } from '@primer/octicons-react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Sidebar_viewer$key } from '../__generated__/Sidebar_viewer.graphql';
import { visibleSidebarEntries } from '../navigation/sidebar';
import { texts } from '../texts';
import styles from './AppShell.module.css';

/** The sidebar menu: the entries of navigation/sidebar.ts this user may open. */
export function Sidebar({ viewer, onLogout }: { viewer: Sidebar_viewer$key; onLogout: () => void }) {
  const { rights, role } = useFragment(
    graphql`
      fragment Sidebar_viewer on Viewer {
        rights
        role {
          identifier
        }
      }
    `,
    viewer,
  );
  const { pathname } = useLocation();
  const entries = visibleSidebarEntries({ rights, roleIdentifier: role.identifier });

  return (
    <NavList aria-label={texts.app.mainNavigation} className={styles.sidebar}>
      {entries.map((entry) =>
        entry.kind === 'logout' ? (
          <NavList.Item key={entry.key} as="button" type="button" onClick={onLogout}>
            <NavList.LeadingVisual>
              <SignOutIcon />
            </NavList.LeadingVisual>
            {entry.label}
          </NavList.Item>
        ) : (
          <NavList.Item key={entry.key} as={RouterLink} to={entry.route} aria-current={pathname === entry.route ? 'page' : undefined}>
            {entry.label}
          </NavList.Item>
        ),
      )}
    </NavList>
  );
}
