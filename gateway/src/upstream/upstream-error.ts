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

/** The error the backend's 403 becomes, for a part of an answer the viewer lacks `right` to read. */
export const forbidden = (right: string): UpstreamError => new UpstreamError(403, 'ECRF_ERR_FORBIDDEN', `missing right ${right}`, {});

/** An answer of the backend with `status` read as null. */
const nullOn =
  (status: number) =>
  async <T>(load: Promise<T>): Promise<T | null> => {
    try {
      return await load;
    } catch (error) {
      if (error instanceof UpstreamError && error.status === status) return null;
      throw error;
    }
  };

/** A record the backend answers 404 for (missing, or not readable by the viewer) is null in the graph. */
export const nullIfNotFound = nullOn(404);

/** What the viewer may lack the right to read is null in the graph, not an error (the backend answers 403). */
export const nullIfForbidden = nullOn(403);
