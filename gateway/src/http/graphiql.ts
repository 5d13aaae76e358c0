/**
 * GraphiQL for integrators in development (issue 15 item 9): one page with its scripts and styles inlined
 * (@graphql-yoga/render-graphiql bundles them), so it loads without a CDN. Production answers 404, also in place of
 * the web app's fallback page.
 */
import type { Express } from 'express';

export const GRAPHIQL_PATH = '/graphiql';

export async function registerGraphiQL(app: Express, enabled: boolean): Promise<void> {
  if (!enabled) {
    app.all(GRAPHIQL_PATH, (_request, response) => {
      response.sendStatus(404);
    });
    return;
  }
  // Loaded only when served: the bundle is 9 MB of text.
  const { renderGraphiQL } = await import('@graphql-yoga/render-graphiql');
  const page = renderGraphiQL({
    endpoint: '/graphql',
    title: 'eCRF GraphQL',
    method: 'POST',
    subscriptionsProtocol: 'WS',
    defaultQuery: '{ __typename }',
  });
  app.get(GRAPHIQL_PATH, (_request, response) => {
    response.type('html').send(page);
  });
}
