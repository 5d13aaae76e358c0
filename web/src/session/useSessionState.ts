import { useSyncExternalStore } from 'react';
import { getLogoutNotice, getSelectedLocationId, isSignedIn, subscribeSession } from './sessionStore';
import type { LogoutNotice } from './sessionStore';

/** True while a token is stored; re-renders when the session changes. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn);
}

/** The id of the location chosen in the Standortauswahl, or null. */
export function useSelectedLocationId(): string | null {
  return useSyncExternalStore(subscribeSession, getSelectedLocationId);
}

/** Why the last session ended on its own ('autoLogout', 'expired'), or null. */
export function useLogoutNotice(): LogoutNotice | null {
  return useSyncExternalStore(subscribeSession, getLogoutNotice);
}
