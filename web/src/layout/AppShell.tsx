import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { graphql, useFragment, usePreloadedQuery, useQueryLoader } from 'react-relay';
import type { GraphQLTaggedNode } from 'react-relay';
import { Navigate, Outlet, useLocation, useNavigate, useRevalidator } from 'react-router';
import type { AppShellQuery } from '../__generated__/AppShellQuery.graphql';
import type { AppShell_query$key } from '../__generated__/AppShell_query.graphql';
import { showsNewsDialog } from '@ecrf/rules';
import { useSessionControl } from '../app/sessionContext';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageSpinner } from '../components/PageSpinner';
import { AlertList } from '../feedback/FeedbackProvider';
import { useFeedback } from '../feedback/feedbackContext';
import { AccountDialog } from '../account/AccountDialog';
import { LocationDialog } from '../location/LocationDialog';
import { IdleLogout } from '../idle/IdleLogout';
import { NewsRedirectDialog } from '../newsDocuments/NewsRedirectDialog';
import { clearNewsCheck, isNewsCheckDue, storeRights, storeSelectedLocationId, storeStudyId } from '../session/sessionStore';
import { useIsSignedIn, useSelectedLocationId } from '../session/useSessionState';
import { useLogout } from '../session/useLogout';
import { useMatchedScreen } from './screenQuery';
import type { PreloadedScreen, ScreenOperation, ScreenQuery } from './screenQuery';
import { ShellContext } from './shellContext';
import { storeSidebarOpen, storedSidebarOpen } from './sidebarPreference';
import type { ShellActions } from './shellContext';
import { StudyScopeContext, type StudyScope } from './studyScope';
import { TopBar } from './TopBar';
import { Sidebar } from './Sidebar';
import { Footer } from './Footer';
import { texts } from '../texts';
import styles from './AppShell.module.css';

/** From this width the sidebar starts open. */
const WIDE_ENOUGH_FOR_SIDEBAR = '(min-width: 1024px)';

const shellFragment = graphql`
  fragment AppShell_query on Query {
    viewer {
      rights
      requiresLocationSelection
      role {
        identifier
      }
      locations {
        id
        study {
          id
        }
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
`;

/**
 * The query of a screen inside the shell. It spreads `...AppShell_query` (the type demands it), so the
 * screen and its frame come with one operation; `variables` gives the route's variables to the loader.
 */
export function defineScreenQuery<T extends ScreenOperation>(
  query: GraphQLTaggedNode,
  variables: ScreenQuery<T>['variables'],
): ScreenQuery<T> {
  return { query, variables };
}

/** The shell's data alone, for routes whose screen has no query of its own (e.g. "Seite nicht gefunden"). */
export const appShellQuery = defineScreenQuery<AppShellQuery>(
  graphql`
    query AppShellQuery {
      ...AppShell_query
    }
  `,
  () => ({}),
);

/** Frame of every signed-in route; signed-out visitors go to '/' (ecrf-core.md §2). */
export function AppShell() {
  const signedIn = useIsSignedIn();
  const screen = useMatchedScreen();
  const { revalidate } = useRevalidator();
  // Loaders preload nothing for signed-out visitors.
  if (!signedIn || screen === null) return <Navigate to="/" replace />;
  const retry = () => void revalidate();
  return (
    <ErrorBoundary resetKey={screen} onRetry={retry} fallback={<FrameAfterFailure screen={screen} onRetry={retry} />}>
      <Suspense fallback={<PageSpinner />}>
        <SignedInShell screen={screen} frame={null} onRetry={retry} />
      </Suspense>
    </ErrorBoundary>
  );
}

type ScreenProps = { screen: PreloadedScreen; onRetry: () => void };

/**
 * The screen's query failed before the frame had any data: the frame loads the shell's query alone, so
 * the failure shows inside it (with its alert and 'Erneut versuchen') rather than on an empty page.
 */
function FrameAfterFailure({ screen, onRetry }: ScreenProps) {
  const [frame, loadFrame] = useQueryLoader<AppShellQuery>(appShellQuery.query);
  useEffect(() => {
    loadFrame({});
  }, [loadFrame]);
  if (!frame) return <PageSpinner />;
  return (
    <ErrorBoundary resetKey={screen} onRetry={onRetry}>
      <Suspense fallback={<PageSpinner />}>
        <SignedInShell screen={screen} frame={{ screenQuery: appShellQuery, reference: frame }} onRetry={onRetry} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Reads the screen's preloaded query inside the screen's own Suspense and error boundaries: once the screen
 * has its data (commit), the frame moves on to that query too. Until then the frame keeps the data of the
 * screen shown before, so it neither waits for nor fails with the next screen's query.
 */
function ScreenShown({ screen, onShown }: { screen: PreloadedScreen; onShown: (screen: PreloadedScreen) => void }) {
  usePreloadedQuery(screen.screenQuery.query, screen.reference);
  useEffect(() => {
    onShown(screen);
  }, [screen, onShown]);
  return null;
}

function SignedInShell({ screen, frame, onRetry }: ScreenProps & { frame: PreloadedScreen | null }) {
  const [shown, setShown] = useState(frame);
  const framing = shown ?? screen;
  const query = usePreloadedQuery<ScreenOperation>(framing.screenQuery.query, framing.reference);
  const data = useFragment<AppShell_query$key>(shellFragment, query);
  const { releasePreloadedBefore } = useSessionControl();
  useEffect(() => {
    if (shown !== null) releasePreloadedBefore(shown.reference);
  }, [shown, releasePreloadedBefore]);
  const { viewer, clientConfig } = data;
  const navigate = useNavigate();
  const logout = useLogout();
  const { alerts, dismissAlert } = useFeedback();
  const selectedLocationId = useSelectedLocationId();
  const [accountOpen, setAccountOpen] = useState(false);
  const [locationRequested, setLocationRequested] = useState(false);
  const [newsCheckDue, setNewsCheckDue] = useState(isNewsCheckDue);
  const finishNewsCheck = useCallback(() => {
    clearNewsCheck();
    setNewsCheckDue(false);
  }, []);
  // Admin-type users get no news dialog (ecrf-core.md §6), so nothing is asked for them.
  const newsDialogApplies = showsNewsDialog(viewer.role.identifier);
  useEffect(() => {
    if (!newsDialogApplies) clearNewsCheck();
  }, [newsDialogApplies]);

  const locationBound = viewer.requiresLocationSelection;
  const hasValidLocation = viewer.locations.some((location) => location.id === selectedLocationId);
  // Location-bound users without a (still valid) stored location must choose first (ecrf-core.md §2).
  const mustChooseLocation = locationBound && !hasValidLocation;
  const scopeLocation =
    viewer.locations.find((location) => location.id === selectedLocationId) ?? (locationBound ? undefined : viewer.locations[0]);
  const studyScope = useMemo<StudyScope | null>(
    () => (scopeLocation ? { studyId: scopeLocation.study.id, locationId: scopeLocation.id } : null),
    [scopeLocation],
  );
  // Kept for the next page load: the patient list's loader needs the study before the shell has data.
  useEffect(() => {
    storeStudyId(studyScope?.studyId ?? null);
  }, [studyScope]);
  // Kept for the next page load as well: the dashboard's loader asks only for what the viewer may read.
  useEffect(() => {
    storeRights(viewer.rights);
  }, [viewer.rights]);

  const { pathname } = useLocation();
  const confirmLocation = useCallback(
    (locationId: string) => {
      storeSelectedLocationId(locationId);
      setLocationRequested(false);
      // The dashboard shows the stored choice: on it already, there is nothing to load again.
      if (pathname !== '/home') navigate('/home');
    },
    [navigate, pathname],
  );
  // The user's last choice in this browser; before one, open where the content keeps room for a form beside it
  // (a landscape tablet and up).
  const [sidebarOpen, setSidebarOpen] = useState(() => storedSidebarOpen() ?? window.matchMedia(WIDE_ENOUGH_FOR_SIDEBAR).matches);
  const toggleSidebar = () => {
    storeSidebarOpen(!sidebarOpen);
    setSidebarOpen(!sidebarOpen);
  };
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
      <div className={styles.shell} data-sidebar={sidebarOpen ? 'open' : 'closed'}>
        <a className={styles.skipLink} href="#main-content">
          {texts.app.skipToContent}
        </a>
        <TopBar
          viewer={viewer}
          selectedLocationId={selectedLocationId}
          onOpenLocation={actions.openLocationSelection}
          onOpenAccount={actions.openAccount}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={toggleSidebar}
        />
        <aside id="app-sidebar" className={styles.sidebarArea}>
          <Sidebar viewer={viewer} onLogout={actions.logout} />
        </aside>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <AlertList alerts={alerts} onDismiss={dismissAlert} />
          {mustChooseLocation ? (
            <p>{texts.location.chooseFirst}</p>
          ) : (
            <StudyScopeContext.Provider value={studyScope}>
              <ErrorBoundary resetKey={screen} onRetry={onRetry}>
                <Suspense fallback={<PageSpinner />}>
                  <ScreenShown screen={screen} onShown={setShown} />
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
      {/* After sign-in the location comes first; then the news, once (ecrf-core.md §2, §6). */}
      {newsCheckDue && newsDialogApplies && !mustChooseLocation && !locationRequested && (
        <ErrorBoundary resetKey="news" onRetry={finishNewsCheck} fallback={<></>}>
          <Suspense fallback={null}>
            <NewsRedirectDialog onDone={finishNewsCheck} />
          </Suspense>
        </ErrorBoundary>
      )}
      {accountOpen && <AccountDialog viewer={viewer} onClose={() => setAccountOpen(false)} />}
      <IdleLogout clientConfig={clientConfig} onTimeout={onIdleTimeout} />
    </ShellContext.Provider>
  );
}
