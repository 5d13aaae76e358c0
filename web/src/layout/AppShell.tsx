import { Suspense, useCallback, useMemo, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Navigate, Outlet, useNavigate } from 'react-router';
import type { AppShellQuery } from '../__generated__/AppShellQuery.graphql';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageSpinner } from '../components/PageSpinner';
import { AlertList } from '../feedback/FeedbackProvider';
import { useFeedback } from '../feedback/feedbackContext';
import { AccountDialog } from '../account/AccountDialog';
import { LocationDialog } from '../location/LocationDialog';
import { IdleLogout } from '../idle/IdleLogout';
import { storeSelectedLocationId } from '../session/sessionStore';
import { useIsSignedIn, useSelectedLocationId } from '../session/useSessionState';
import { useLogout } from '../session/useLogout';
import { ShellContext } from './shellContext';
import type { ShellActions } from './shellContext';
import { StudyScopeContext, type StudyScope } from './studyScope';
import { TopBar } from './TopBar';
import { Sidebar } from './Sidebar';
import { Footer } from './Footer';
import { texts } from '../texts';
import styles from './AppShell.module.css';

/** Frame of every signed-in route; signed-out visitors go to '/' (ecrf-core.md §2). */
export function AppShell() {
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Navigate to="/" replace />;
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <SignedInShell />
      </Suspense>
    </ErrorBoundary>
  );
}

function SignedInShell() {
  const data = useLazyLoadQuery<AppShellQuery>(
    graphql`
      query AppShellQuery {
        viewer {
          requiresLocationSelection
          locations {
            id
            studyId
          }
          ...TopBar_viewer
          ...Sidebar_viewer
          ...AccountDialog_viewer
          ...LocationDialog_viewer
        }
        clientConfig {
          ...Footer_clientConfig
          ...LocationDialog_clientConfig
          ...IdleLogout_clientConfig
        }
      }
    `,
    {},
  );
  const { viewer, clientConfig } = data;
  const navigate = useNavigate();
  const logout = useLogout();
  const { alerts, dismissAlert } = useFeedback();
  const selectedLocationId = useSelectedLocationId();
  const [accountOpen, setAccountOpen] = useState(false);
  const [locationRequested, setLocationRequested] = useState(false);

  const locationBound = viewer.requiresLocationSelection;
  const hasValidLocation = viewer.locations.some((location) => location.id === selectedLocationId);
  // Location-bound users without a (still valid) stored location must choose first (ecrf-core.md §2).
  const mustChooseLocation = locationBound && !hasValidLocation;
  const scopeLocation = viewer.locations.find((location) => location.id === selectedLocationId) ?? (locationBound ? undefined : viewer.locations[0]);
  const studyScope = useMemo<StudyScope | null>(
    () => (scopeLocation ? { studyId: scopeLocation.studyId, locationId: scopeLocation.id } : null),
    [scopeLocation],
  );

  const confirmLocation = useCallback(
    (locationId: string) => {
      storeSelectedLocationId(locationId);
      setLocationRequested(false);
      navigate('/home');
    },
    [navigate],
  );
  const onIdleTimeout = useCallback(() => logout('autoLogout'), [logout]);
  const actions = useMemo<ShellActions>(
    () => ({
      openAccount: () => setAccountOpen(true),
      openLocationSelection: locationBound ? () => setLocationRequested(true) : null,
      logout: () => logout(),
    }),
    [locationBound, logout],
  );

  return (
    <ShellContext.Provider value={actions}>
      <div className={styles.shell}>
        <a className={styles.skipLink} href="#main-content">
          {texts.app.skipToContent}
        </a>
        <TopBar
          viewer={viewer}
          selectedLocationId={selectedLocationId}
          onOpenLocation={actions.openLocationSelection}
          onOpenAccount={actions.openAccount}
        />
        <aside className={styles.sidebarArea}>
          <Sidebar viewer={viewer} onLogout={actions.logout} />
        </aside>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <AlertList alerts={alerts} onDismiss={dismissAlert} />
          {mustChooseLocation ? (
            <p>{texts.location.chooseFirst}</p>
          ) : (
            <StudyScopeContext.Provider value={studyScope}>
              <ErrorBoundary>
                <Suspense fallback={<PageSpinner />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </StudyScopeContext.Provider>
          )}
        </main>
        <Footer clientConfig={clientConfig} />
      </div>
      {(mustChooseLocation || locationRequested) && (
        <LocationDialog
          viewer={viewer}
          clientConfig={clientConfig}
          selectedId={selectedLocationId}
          dismissible={!mustChooseLocation}
          onConfirm={confirmLocation}
          onDismiss={() => setLocationRequested(false)}
        />
      )}
      {accountOpen && <AccountDialog viewer={viewer} onClose={() => setAccountOpen(false)} />}
      <IdleLogout clientConfig={clientConfig} onTimeout={onIdleTimeout} />
    </ShellContext.Provider>
  );
}
