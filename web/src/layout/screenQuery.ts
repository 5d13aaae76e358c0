/**
 * How a signed-in screen gets its data: its route's loader starts the screen's query before anything
 * renders (Relay's `loadQuery`), and the screen and the shell read that one operation with
 * `usePreloadedQuery` (docs/web.md "Loading").
 */
import type { GraphQLTaggedNode, PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import { useLoaderData, useMatches } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import type { AppShell_query$key } from '../__generated__/AppShell_query.graphql';

/** A screen's operation: it spreads the shell's fragment, so one answer brings the screen and its frame. */
export type ScreenOperation = OperationType & { response: AppShell_query$key };

/** A screen's query and the variables its route gives it; null when they are not known yet. */
export type ScreenQuery<T extends ScreenOperation> = {
  query: GraphQLTaggedNode;
  variables: (route: LoaderFunctionArgs) => T['variables'] | null;
};

/** What a route's loader hands to the shell and to its screen: the query it started. */
export type PreloadedScreen = {
  screenQuery: ScreenQuery<ScreenOperation>;
  reference: PreloadedQuery<ScreenOperation>;
};

function isPreloadedScreen(data: unknown): data is PreloadedScreen {
  return typeof data === 'object' && data !== null && 'screenQuery' in data && 'reference' in data;
}

/** The route's preloaded query if it is `screenQuery`'s (a route may load the shell's query alone instead). */
export function usePreloadedScreen<T extends ScreenOperation>(screenQuery: ScreenQuery<T>): PreloadedQuery<T> | null {
  const data: unknown = useLoaderData();
  // The identity check makes the cast safe: the reference was loaded with this very query.
  return isPreloadedScreen(data) && data.screenQuery === screenQuery ? (data.reference as PreloadedQuery<T>) : null;
}

/** The reference for `usePreloadedQuery` to the screen's query that its route preloaded. */
export function useScreenReference<T extends ScreenOperation>(screenQuery: ScreenQuery<T>): PreloadedQuery<T> {
  const reference = usePreloadedScreen(screenQuery);
  if (reference === null) throw new Error('The route has not preloaded the query of its screen');
  return reference;
}

/** The query preloaded for the matched screen (the deepest route that has one), or null. */
export function useMatchedScreen(): PreloadedScreen | null {
  const data = useMatches()
    .map((match) => match.loaderData)
    .findLast(isPreloadedScreen);
  return data ?? null;
}
