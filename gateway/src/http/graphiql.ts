/**
 * GraphiQL for integrators (issue 27 item 5): the web app's page at /graphiql (web/src/graphiql/, bundled by Vite, no
 * CDN) runs in the user's session. The gateway gives it the schema's SDL at /graphiql/schema.graphql, so docs and
 * completion work also where introspection is off. Switched off (production, unless GRAPHIQL=true) both answer 404,
 * the page also in place of the web app's fallback.
 */
import type { Express } from 'express';

export const GRAPHIQL_PATH = '/graphiql';

export function registerGraphiQL(app: Express, enabled: boolean, sdl: string): void {
  if (!enabled) {
    app.all([GRAPHIQL_PATH, `${GRAPHIQL_PATH}/*rest`], (_request, response) => {
      response.sendStatus(404);
    });
    return;
  }
  app.get(`${GRAPHIQL_PATH}/schema.graphql`, (_request, response) => {
    response.type('text/plain; charset=utf-8').send(sdl);
  });
}
