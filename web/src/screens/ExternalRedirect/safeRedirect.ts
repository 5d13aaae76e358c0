/**
 * Where /externalredirect may send the user: only a relative path on this origin. Anything else
 * (absolute URLs, protocol-relative '//host', backslash tricks) falls back to /home.
 */
export const DEFAULT_TARGET = '/home';

export function safeRedirectTarget(url: string | null, origin: string): string {
  if (url === null || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return DEFAULT_TARGET;
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return DEFAULT_TARGET;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return DEFAULT_TARGET;
  }
}
