/** The status of GET <url>/readyz, or 0 without an answer (refused, reset, no answer within 2 s). */
export function readinessStatus(url: string): Promise<number>;

export type HeldAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * A request kept in flight on a connection of its own: its headers are read by the server (it answered
 * `100 Continue`) and half its body is sent; `finish()`
 * sends the rest and resolves with the answer once the server closed the connection (as a draining one does).
 */
export function holdRequest(
  url: string,
  request: { method?: string; path: string; headers?: Record<string, string>; body: string },
): Promise<{ finish(): Promise<HeldAnswer> }>;
