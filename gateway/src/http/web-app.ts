/**
 * Serves the built web app: the brotli or gzip file the build wrote beside each asset (by Accept-Encoding),
 * hashed assets cached for good, index.html revalidated on every load; every other GET that asks for HTML
 * gets index.html (SPA fallback), except under assets/.
 */
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Express } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Vite names every file under assets/ by its content hash: a new build never reuses a name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function serveWebApp(app: Express, webDist: string): void {
  const root = resolve(webDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`web app not built: ${index} is missing (run npm run build)`);
  const assets = join(root, 'assets');
  app.use(
    expressStaticGzip(root, {
      enableBrotli: true,
      // Brotli is smaller than gzip; the server's order wins over a client's equal weights.
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { setHeaders: (response: ServerResponse, path: string) => cacheFor(response, path, assets) },
    }),
  );
  app.use((request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // A chunk of an older build is missing, not a page: index.html in its place would fail as a script.
    if (!request.accepts('html') || request.path.startsWith('/assets/')) return next();
    response.setHeader('cache-control', 'no-cache');
    response.sendFile(index);
  });
}

function cacheFor(response: ServerResponse, path: string, assets: string): void {
  response.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
}
