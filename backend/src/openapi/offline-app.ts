/**
 * The app built on an in-memory database (nothing listens, nothing is migrated): what the routes declare,
 * for the generated OpenAPI document and the rights documentation.
 */
import type { App } from '../app-deps.js';
import { buildApp } from '../app.js';
import { createConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { createMailer } from '../mail/mailer.js';

export async function withOfflineApp<T>(use: (app: App) => T | Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  const mailer = createMailer({ mailDir: 'memory://unused' });
  const app = await buildApp({ db: database, config: createConfig(), mailer });
  try {
    await app.ready();
    return await use(app);
  } finally {
    await app.close();
    mailer.close();
    await database.close();
  }
}
