#!/usr/bin/env node
/** Runs the pseudonymisation service alone: `node dist/main.js` (docs/mainzelliste.md lists the environment). */
import { shutDownOnSignals, shutdownGraceFrom } from '@ecrf/database';
import { logLevelFrom } from './config/config.js';
import { loggerOptions } from './http/logging.js';
import { startService } from './server.js';

const service = await startService(process.env, loggerOptions(logLevelFrom(process.env)));
console.log(`mainzelliste listening on ${service.url} (${service.database.kind})`);

// Closing the app drains it (http/health.routes.ts).
shutDownOnSignals({
  graceMs: shutdownGraceFrom(process.env),
  drain: () => service.close(),
  log: (message) => console.log(`mainzelliste ${message}`),
});
