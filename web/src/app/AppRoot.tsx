import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { RelayEnvironmentProvider } from 'react-relay';
import { FeedbackProvider } from '../feedback/FeedbackProvider';
import { useFeedback } from '../feedback/feedbackContext';
import type { RelaySession } from '../relay/relaySession';
import { sharedTabSession } from '../relay/environment';
import { clearSession, isSignedIn } from '../session/sessionStore';
import { SessionControlContext } from './sessionContext';
import type { SessionControl } from './sessionContext';
import type { LogoutNotice } from '../session/sessionStore';

export const LOGIN_ROUTE = '/';

type Props = { session: RelaySession };

/** Root of every route: feedback, the Relay environment of the current session and session control. */
export function AppRoot({ session }: Props) {
  return (
    <FeedbackProvider quietPath={LOGIN_ROUTE}>
      <SessionRoot session={session} />
    </FeedbackProvider>
  );
}

function SessionRoot({ session }: Props) {
  const navigate = useNavigate();
  const { showAlert } = useFeedback();
  const environment = useSyncExternalStore(session.subscribe, session.environment);

  /** Ends the session in this tab; `announce` ends it in the other tabs of it as well. */
  const endLocally = useCallback(
    (notice: LogoutNotice | null, announce: boolean) => {
      // Several requests may find the session expired at once; the first one logs out.
      if (notice === 'expired' && !isSignedIn()) return;
      if (announce) sharedTabSession().announceEnd(notice);
      clearSession(notice);
      // A new environment has an empty store: nothing loaded for the previous user survives (core §4).
      session.renew();
      navigate(LOGIN_ROUTE, { replace: true });
    },
    [session, navigate],
  );
  const endSession = useCallback((notice?: LogoutNotice) => endLocally(notice ?? null, true), [endLocally]);
  useEffect(() => sharedTabSession().setHandlers({ onEnded: (notice) => endLocally(notice, false) }), [endLocally]);

  useEffect(
    () =>
      session.setHandlers({
        onSessionExpired: () => endSession('expired'),
        onError: (report) => {
          if (report.kind === 'warn') console.warn(report.message);
          // Errors on the login route are not shown (ecrf-core.md §8): the feedback takes no alerts there.
          else showAlert(report.message);
        },
      }),
    [session, endSession, showAlert],
  );

  const control = useMemo<SessionControl>(() => ({ endSession, releasePreloadedBefore: session.releaseBefore }), [session, endSession]);

  return (
    <SessionControlContext.Provider value={control}>
      <RelayEnvironmentProvider environment={environment}>
        <Outlet />
      </RelayEnvironmentProvider>
    </SessionControlContext.Provider>
  );
}
