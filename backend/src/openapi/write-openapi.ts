/**
 * Writes the OpenAPI document of the REST API (ARCHITECTURE.md "the backend publishes them as OpenAPI";
 * the gateway generates its client types from it). Usage: node dist/openapi/write-openapi.js <file>.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../app.js';
import { createConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { createMailer } from '../mail/mailer.js';

/** Builds the app on an in-memory database (nothing listens, nothing is migrated) and returns its document. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  const mailer = createMailer({ mailDir: 'memory://unused' });
  const app = await buildApp({ db: database, config: createConfig(), mailer });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    mailer.close();
    await database.close();
  }
}

const target = process.argv[2];
// Only when run as a script, so tests may import buildOpenApiDocument.
if (target && process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const document = await buildOpenApiDocument();
  writeFileSync(resolve(target), `${JSON.stringify(document, null, 2)}\n`);
  console.log(`OpenAPI document written to ${resolve(target)}`);
}
