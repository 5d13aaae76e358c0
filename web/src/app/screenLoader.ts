import type { LoaderFunctionArgs } from 'react-router';
import { appShellQuery } from '../layout/AppShell';
import type { PreloadedScreen, ScreenOperation, ScreenQuery } from '../layout/screenQuery';
import type { RelaySession } from '../relay/relaySession';
import { isSignedIn } from '../session/sessionStore';

/**
 * The loader of a signed-in route: starts the screen's query before the route renders, in the session's
 * current environment. Without the variables (the patient list before the study is known) it loads the
 * shell's query alone and the screen loads its own once the shell knows them.
 */
export function screenLoader<T extends ScreenOperation>(session: RelaySession, screenQuery: ScreenQuery<T>) {
  return (route: LoaderFunctionArgs): PreloadedScreen | null => {
    // The shell sends signed-out visitors to '/': nothing is loaded for them.
    if (!isSignedIn()) return null;
    const variables = screenQuery.variables(route);
    if (variables === null) return { screenQuery: appShellQuery, reference: session.preload(appShellQuery.query, {}) };
    return { screenQuery, reference: session.preload<T>(screenQuery.query, variables) };
  };
}
