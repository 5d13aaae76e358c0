#!/usr/bin/env node
/** Runs the backend alone: `node dist/main.js` (docs/backend.md lists the environment variables). */
import { logLevelFrom } from './config/config.js';
import { startBackend } from './server.js';

const backend = await startBackend(process.env, { level: logLevelFrom(process.env) });
console.log(`backend listening on ${backend.url}/api/v1.0 (OpenAPI at ${backend.url}/api/docs, ${backend.database.kind})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    backend.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
