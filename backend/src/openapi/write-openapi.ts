/**
 * Writes the OpenAPI document of the REST API (ARCHITECTURE.md "the backend publishes them as OpenAPI";
 * the gateway generates its client types from it). Usage: node dist/openapi/write-openapi.js <file>.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withOfflineApp } from './offline-app.js';

/** The document the registered routes publish. */
export function buildOpenApiDocument(): Promise<unknown> {
  return withOfflineApp((app) => app.swagger());
}

const target = process.argv[2];
// Only when run as a script, so tests may import buildOpenApiDocument.
if (target && process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const document = await buildOpenApiDocument();
  writeFileSync(resolve(target), `${JSON.stringify(document, null, 2)}\n`);
  console.log(`OpenAPI document written to ${resolve(target)}`);
}
