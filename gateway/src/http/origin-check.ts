/**
 * The WebSocket handshake's Origin (issue 15 item 6): browsers send cookies and credentials with a WebSocket
 * to any site's server, so a foreign page could open subscriptions in the user's name (cross-site WebSocket
 * hijacking). A handshake whose Origin is neither the gateway's own address (the Host it was called by) nor one
 * of the configured public origins is refused with 403. Clients that send no Origin (integrators' servers,
 * tests) are not browsers and are let through; they authenticate with their token as before.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && parsed.host === host.toLowerCase()) return true;
  return publicOrigins.includes(parsed.origin);
}

/** The origins of a comma-separated list of URLs (PUBLIC_ORIGINS), ignoring blanks. */
export function originsOf(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => new URL(entry).origin);
}
