#!/usr/bin/env node
/** Starts one gateway from the environment (PORT, BACKEND_URL, WEB_DIST, …; docs/gateway.md). */
import { shutDownOnSignals } from '@ecrf/database';
import { gatewayConfigFromEnv } from './config/gateway-config.js';
import { createGateway } from './server.js';

const config = gatewayConfigFromEnv(process.env);
const gateway = await createGateway(config);
const url = await gateway.listen(Number(process.env.PORT ?? 4000), process.env.HOST ?? '127.0.0.1');
console.log(`gateway listening on ${url} (GraphQL ${url}/graphql, backend ${config.backendUrl})`);

shutDownOnSignals({ graceMs: config.shutdownGraceMs, drain: () => gateway.close(), log: (message) => console.log(`gateway ${message}`) });
