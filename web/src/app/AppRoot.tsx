import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { RelayEnvironmentProvider } from 'react-relay';
import { FeedbackProvider } from '../feedback/FeedbackProvider';
import { useFeedback } from '../feedback/feedbackContext';
import { createRelayEnvironment } from '../relay/environment';
import { createEnvironmentEvents } from '../relay/environmentEvents';
import { clearSession, isSignedIn } from '../session/sessionStore';
import { SessionControlContext } from './sessionContext';
import type { SessionControl } from './sessionContext';
import type { LogoutNotice } from '../session/sessionStore';

export const LOGIN_ROUTE = '/';

/** Root of every route: feedback, the Relay environment of the current session and session control. */
export function AppRoot() {
  return (
    <FeedbackProvider>
      <SessionRoot />
    </FeedbackProvider>
  );
}

function SessionRoot() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { showAlert } = useFeedback();
  const [events] = useState(createEnvironmentEvents);
  const [environment, setEnvironment] = useState(() => createRelayEnvironment(events.callbacks));

  const endSession = useCallback(
    (notice?: LogoutNotice) => {
      // Several requests may find the session expired at once; the first one logs out.
      if (notice === 'expired' && !isSignedIn()) return;
      clearSession(notice ?? null);
      // A new environment has an empty store: nothing loaded for the previous user survives (core §4).
      setEnvironment(createRelayEnvironment(events.callbacks));
      navigate(LOGIN_ROUTE, { replace: true });
    },
    [events, navigate],
  );

  useEffect(
    () =>
      events.setHandlers({
        onSessionExpired: () => endSession('expired'),
        onError: (report) => {
          if (report.kind === 'warn') console.warn(report.message);
          // Errors on the login route are not shown (ecrf-core.md §8).
          else if (pathname !== LOGIN_ROUTE) showAlert(report.message);
        },
      }),
    [events, endSession, pathname, showAlert],
  );

  const control = useMemo<SessionControl>(() => ({ endSession }), [endSession]);

  return (
    <SessionControlContext.Provider value={control}>
      <RelayEnvironmentProvider environment={environment}>
        <Outlet />
      </RelayEnvironmentProvider>
    </SessionControlContext.Provider>
  );
}
