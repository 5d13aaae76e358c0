#!/usr/bin/env node
/** Runs the pseudonymisation service alone: `node dist/main.js` (docs/mainzelliste.md lists the environment). */
import { logLevelFrom } from './config/config.js';
import { loggerOptions } from './http/logging.js';
import { startService } from './server.js';

const service = await startService(process.env, loggerOptions(logLevelFrom(process.env)));
console.log(`mainzelliste listening on ${service.url} (${service.database.kind})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
