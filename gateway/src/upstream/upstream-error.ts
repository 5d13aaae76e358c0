/** A non-success answer of an upstream service, or the service not answering at all. */
export class UpstreamError extends Error {
  constructor(
    /** HTTP status; 0 when the service could not be reached. */
    readonly status: number,
    /** The backend's error code (`ECRF_ERR_…`), when it sent one. */
    readonly code: string | undefined,
    message: string,
    /** The parsed error body, for fields such as `lockedUntil` or `messages`. */
    readonly body: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** What the viewer may lack the right to read is null in the graph, not an error (the backend answers 403). */
export async function nullIfForbidden<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 403) return null;
    throw error;
  }
}
