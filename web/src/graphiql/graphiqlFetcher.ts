/**
 * GraphiQL's fetcher: the operation goes out as the web's own requests do (createFetchGraphQL: the session's bearer
 * token, one refresh-and-retry), and a document that is one of the web's persisted operations goes by its id, so a
 * gateway that takes only persisted operations from browsers (PERSISTED_OPERATIONS_ONLY_FOR_WEB) runs it. Any other
 * document is sent as text; such a gateway answers PERSISTED_OPERATION_REQUIRED, which GraphiQL shows.
 */
import type { ExecutionResult } from 'graphql';
import type { RequestParameters, Variables } from 'relay-runtime';

type FetchGraphQL = (request: RequestParameters, variables: Variables) => Promise<unknown>;
type GraphiQLParams = { query: string; operationName?: string | null; variables?: Record<string, unknown> | null };

/** The persisted operations of the web build: id → text (relay-compiler's persistConfig). */
export type PersistedOperationMap = Record<string, string>;

const OPERATION = /^\s*(query|mutation|subscription)\s+(\w+)/;

/** Relay's request parameters for a document: its persisted id when the text is one of the map's. */
export function requestFor(
  query: string,
  operationName: string | null | undefined,
  idByText: ReadonlyMap<string, string>,
): RequestParameters {
  const [, kind = 'query', name = ''] = OPERATION.exec(query) ?? [];
  return {
    id: idByText.get(query.trim()) ?? null,
    text: query,
    name: operationName ?? name,
    operationKind: kind as RequestParameters['operationKind'],
    metadata: {},
    cacheID: query,
  } as RequestParameters;
}

export function createGraphiQLFetcher(operations: PersistedOperationMap, fetchGraphQL: FetchGraphQL) {
  const idByText = new Map(Object.entries(operations).map(([id, text]) => [text.trim(), id]));
  return async ({ query, operationName, variables }: GraphiQLParams): Promise<ExecutionResult> => {
    try {
      // The gateway's answer is a GraphQL execution result (relay's GraphQLResponse is the same JSON).
      return (await fetchGraphQL(requestFor(query, operationName, idByText), (variables ?? {}) as Variables)) as ExecutionResult;
    } catch (error) {
      // The web's network layer turns refused answers into errors carrying the GraphQL errors; GraphiQL shows them as sent.
      const cause = error instanceof Error ? error.cause : undefined;
      if (Array.isArray(cause)) return { data: null, errors: cause } as ExecutionResult;
      throw error;
    }
  };
}
