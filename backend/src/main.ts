#!/usr/bin/env node
/** Runs the backend alone: `node dist/main.js` (docs/backend.md lists the environment variables). */
import { shutDownOnSignals, shutdownGraceFrom } from '@ecrf/database';
import { logLevelFrom } from './config/config.js';
import { startBackend } from './server.js';

const backend = await startBackend(process.env, { level: logLevelFrom(process.env) });
console.log(`backend listening on ${backend.url}/api/v1.0 (OpenAPI at ${backend.url}/api/docs, ${backend.database.kind})`);

// Closing the app drains it (health/health.routes.ts) and lets running export jobs finish or hands them over.
shutDownOnSignals({
  graceMs: shutdownGraceFrom(process.env),
  drain: () => backend.close(),
  log: (message) => console.log(`backend ${message}`),
});
