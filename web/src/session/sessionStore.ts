/**
 * The session lives in sessionStorage (ecrf-core.md §4): access token, refresh token and the id of the
 * selected location. A user is signed in while a token exists. Listeners let React re-render on change.
 */

const TOKEN_KEY = 'ecrf.token';
const REFRESH_TOKEN_KEY = 'ecrf.refreshToken';
const LOCATION_KEY = 'ecrf.locationId';

export type SessionTokens = { token: string; refreshToken: string };

/** Why the session ended without the user asking: shown on the login page (ecrf-core.md §4, §8). */
export type LogoutNotice = 'autoLogout' | 'expired';

type Listener = () => void;
const listeners = new Set<Listener>();
// Kept in memory only: the notice belongs to this page view, not to the stored session.
let logoutNotice: LogoutNotice | null = null;

function storage(): Storage {
  return window.sessionStorage;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToken(): string | null {
  return storage().getItem(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return storage().getItem(REFRESH_TOKEN_KEY);
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

export function storeSession(tokens: SessionTokens): void {
  logoutNotice = null;
  storage().setItem(TOKEN_KEY, tokens.token);
  storage().setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  notify();
}

export function getSelectedLocationId(): string | null {
  return storage().getItem(LOCATION_KEY);
}

export function storeSelectedLocationId(locationId: string): void {
  storage().setItem(LOCATION_KEY, locationId);
  notify();
}

export function getLogoutNotice(): LogoutNotice | null {
  return logoutNotice;
}

/** Logout: token, refresh token and selected location are removed (ecrf-core.md §4). */
export function clearSession(notice: LogoutNotice | null = null): void {
  logoutNotice = notice;
  storage().removeItem(TOKEN_KEY);
  storage().removeItem(REFRESH_TOKEN_KEY);
  storage().removeItem(LOCATION_KEY);
  notify();
}
