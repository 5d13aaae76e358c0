/** Serves the built web app; every other GET that asks for HTML gets index.html (SPA fallback). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';

export function serveWebApp(app: Express, webDist: string): void {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) throw new Error(`web app not built: ${index} is missing (run npm run build)`);
  app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.use((request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!request.accepts('html')) return next();
    response.setHeader('cache-control', 'no-cache');
    response.sendFile(index);
  });
}

function noCacheForHtml(response: express.Response, path: string): void {
  if (path.endsWith('.html')) response.setHeader('cache-control', 'no-cache');
}
