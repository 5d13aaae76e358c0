/**
 * The session lives in sessionStorage (ecrf-core.md §4): access token, refresh token and the id of the
 * selected location; besides them the study of that location and the viewer's rights, so that the patient
 * list and the dashboard can be loaded before the shell has its data. A user is signed in while a token exists. Listeners let React re-render
 * on change.
 */

const TOKEN_KEY = 'ecrf.token';
const REFRESH_TOKEN_KEY = 'ecrf.refreshToken';
const LOCATION_KEY = 'ecrf.locationId';
const STUDY_KEY = 'ecrf.studyId';
const RIGHTS_KEY = 'ecrf.rights';
const NEWS_CHECK_KEY = 'ecrf.newsCheck';

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

/** The backend id of the study the user documents for, as the shell found it last; null when unknown. */
export function getStoredStudyId(): string | null {
  return storage().getItem(STUDY_KEY);
}

export function storeStudyId(studyId: string | null): void {
  if (studyId === null) storage().removeItem(STUDY_KEY);
  else storage().setItem(STUDY_KEY, studyId);
}

/**
 * The viewer's rights as the shell found them last: the dashboard's loader asks only for the figures the
 * viewer may read (the server checks them again). Null when unknown.
 */
export function getStoredRights(): string[] | null {
  const stored = storage().getItem(RIGHTS_KEY);
  if (stored === null) return null;
  const rights: unknown = JSON.parse(stored);
  return Array.isArray(rights) ? rights.filter((right): right is string => typeof right === 'string') : null;
}

export function storeRights(rights: readonly string[]): void {
  storage().setItem(RIGHTS_KEY, JSON.stringify(rights));
}

/**
 * The news dialog appears after login (ecrf-core.md §6): a sign-in marks the check due, the shell asks once
 * whether there are unread news and then clears it, so a reload or the next screen does not ask again.
 */
export function markNewsCheckDue(): void {
  storage().setItem(NEWS_CHECK_KEY, 'due');
}

export function isNewsCheckDue(): boolean {
  return storage().getItem(NEWS_CHECK_KEY) === 'due';
}

export function clearNewsCheck(): void {
  storage().removeItem(NEWS_CHECK_KEY);
}

export function getLogoutNotice(): LogoutNotice | null {
  return logoutNotice;
}

/** Logout: token, refresh token, selected location, its study, the rights and a due news check are removed (ecrf-core.md §4). */
export function clearSession(notice: LogoutNotice | null = null): void {
  logoutNotice = notice;
  storage().removeItem(TOKEN_KEY);
  storage().removeItem(REFRESH_TOKEN_KEY);
  storage().removeItem(LOCATION_KEY);
  storage().removeItem(STUDY_KEY);
  storage().removeItem(RIGHTS_KEY);
  storage().removeItem(NEWS_CHECK_KEY);
  notify();
}
