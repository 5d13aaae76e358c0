/** Per-request loader of terminology codes: a form shows the same code many times, it is read once. */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { UpstreamError } from '../upstream/upstream-error.js';

export type TerminologyCodeKey = { collection: string; code: string };

/** A code as the graph has it: no parent is null. */
export const graphCode = ({ code, display, parent }: { code: string; display: string; parent?: string }) => ({
  code,
  display,
  parent: parent ?? null,
});

export function createTerminologyLoaders(backend: BackendClient) {
  return {
    terminologyCodes: new DataLoader(
      (keys: readonly TerminologyCodeKey[]) =>
        Promise.all(
          keys.map(async (path) => {
            try {
              return graphCode(await backend.call('get', '/api/v1.0/Terminology/{collection}/{code}', { path }));
            } catch (error) {
              // An unknown collection or code is null in the graph (a stored value may predate the collection).
              if (error instanceof UpstreamError && error.status === 404) return null;
              throw error;
            }
          }),
        ),
      { cacheKeyFn: ({ collection, code }) => `${collection}\u0000${code}` },
    ),
  };
}
