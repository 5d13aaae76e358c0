/**
 * Whether the sidebar is open, remembered per browser (issue 18): a layout preference, so localStorage,
 * unlike the session's keys in sessionStorage, and kept after sign-out. Storage may be unavailable (private
 * modes, quota); then the choice lasts as long as the page.
 */
const KEY = 'ecrf.sidebarOpen';

/** The stored choice, or null when the user has not chosen in this browser. */
export function storedSidebarOpen(): boolean | null {
  try {
    const stored = window.localStorage.getItem(KEY);
    return stored === null ? null : stored === 'true';
  } catch {
    return null;
  }
}

export function storeSidebarOpen(open: boolean): void {
  try {
    window.localStorage.setItem(KEY, String(open));
  } catch {
    // Not remembered; the sidebar still follows the click.
  }
}
