/**
 * The gateway: Apollo Server over HTTP and graphql-ws over WebSocket on one port and one path
 * (`/graphql`), `/livez` and `/readyz`, and the built web app. `createGateway` builds it; `listen` is separate.
 * `close` drains: readiness answers 503, subscriptions close with 1001 (Going away), requests in flight finish.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { drainTimeOf } from '@ecrf/database';
import express from 'express';
import { specifiedRules, validate } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createContext, tokenFromAuthorization, type GatewayContext } from './context.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { formatError } from './http/error-codes.js';
import { errorAnswers } from './http/error-answers.js';
import { originAllowed } from './http/origin-check.js';
import { jsonStatusPlugin, unauthenticatedStatusPlugin, upstreamCallsPlugin } from './http/plugins.js';
import { contextIncludesPlugin } from './patients/context-includes.js';
import { registerHealthRoutes } from './http/health.js';
import { registerGraphiQL } from './http/graphiql.js';
import { loadPersistedOperations, persistedOperationsMiddleware, resolveSubscription } from './http/persisted-operations.js';
import { serveWebApp } from './http/web-app.js';
import { createSchema, typeDefs } from './schema.js';
import { operationLimitsPlugin, subscriptionRefusal } from './graph/operation-cost.js';
import { createBackendPool } from './upstream/backend-client.js';
import { createLiveEvents } from './events/live-events.js';
import { createFileLinks } from './files/file-links.js';
import { registerFileRoute } from './files/file-route.js';
import { registerOnkozertUploadRoute } from './onkozert/upload-route.js';
import { registerNewsDocumentUploadRoutes } from './news-documents/upload-routes.js';
import { createObdsImportRunner } from './obds-import/obds-import-runner.js';
import { registerObdsUploadRoute } from './obds-import/upload-route.js';
import { GATEWAY_ACCESS_FAILURES } from './questionnaires/questionnaire-access.resolvers.js';
import { createSharedAttemptLimiter } from './http/shared-attempt-limiter.js';

export type Gateway = {
  httpServer: Server;
  /** Starts listening; resolves to the base URL. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
};

// Relay connections add two levels (edges → node) per list; depth 12 leaves room for screen queries.
// Fragments are counted where they are spread: Relay clients compose every query from fragments.
const armor = new ApolloArmor({
  maxDepth: { n: 12, flattenFragments: true },
  // Counted with the page sizes of variables too (graph/operation-cost.ts).
  costLimit: { enabled: false },
  maxAliases: { n: 20 },
  maxDirectives: { n: 30 },
  // Its token limit throws from an Apollo plugin, which answers 500 (and so do syntax errors it meets first);
  // graphql's own parser limit below makes both a parse failure, 400 (issue 15).
  maxTokens: { enabled: false },
});

/** graphql-armor's default; the largest screen query (InstrumentScreenQuery) has about 540 tokens. */
const MAX_TOKENS = 1000;

/** A mutation's Idempotency-Key (one header value; the backend checks its length). */
function idempotencyKeyOf(request: IncomingMessage): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

export async function createGateway(config: GatewayConfig): Promise<Gateway> {
  const pool = createBackendPool(config.backendUrl);
  const live = createLiveEvents(pool, config, (message) => console.warn(`[gateway] ${message}`));
  const fileLinks = createFileLinks(config.fileLinkSecret);
  const accessCodeLimiter = createSharedAttemptLimiter(config, 'questionnaire-access', GATEWAY_ACCESS_FAILURES);
  const obdsImports = createObdsImportRunner();
  const schema = createSchema();
  const persisted = {
    operations: loadPersistedOperations(config.persistedOperations),
    onlyForWeb: config.persistedOperationsOnlyForWeb,
  };
  const app = express();
  app.set('trust proxy', config.trustProxy);
  const httpServer = createServer(app);
  const health = registerHealthRoutes(app, pool, config.redisUrl);
  // Idle keep-alive connections stay open longer than clients and proxies keep them (undici 4 s, proxies ~60 s),
  // so a client never reuses a socket the gateway is closing at that moment (ECONNRESET under load).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  const protection = armor.protect();
  // graphql-armor declares its plugins against Apollo's CommonJS typings; at run time they are the same objects.
  const armorPlugins = protection.plugins as unknown as ApolloServerPlugin<GatewayContext>[];
  // Subscriptions are validated under the same limits as HTTP documents.
  const validationRules = [...specifiedRules, ...protection.validationRules];

  const wsServer = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    verifyClient: ({ origin, req }: { origin?: string; req: IncomingMessage }, answer: (allowed: boolean, status?: number) => void) =>
      answer(originAllowed(origin, req.headers.host, config.publicOrigins), 403),
  });
  const wsCleanup = useServer<{ authorization?: string }>(
    {
      schema,
      // The token travels in the connection params; a connection without a valid one is refused.
      onConnect: async (ctx) => {
        const token = tokenFromAuthorization(ctx.connectionParams?.authorization);
        if (!token) return false;
        return createContext(pool, config, live, fileLinks, accessCodeLimiter, token)
          .loaders.currentUser()
          .then(() => true)
          .catch(() => false);
      },
      context: (ctx) =>
        createContext(pool, config, live, fileLinks, accessCodeLimiter, tokenFromAuthorization(ctx.connectionParams?.authorization)),
      onSubscribe: (ctx, _id, payload) =>
        resolveSubscription(payload, ctx.extra.request.headers, persisted) ?? subscriptionRefusal(schema, payload),
      validate: (wsSchema, document) => validate(wsSchema, document, validationRules),
      // Errors of subscription payloads get the codes of HTTP answers (formatError).
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) } : undefined,
    },
    wsServer,
  );

  const apollo = new ApolloServer<GatewayContext>({
    schema,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: config.stackTraces,
    parseOptions: { maxTokens: MAX_TOKENS },
    formatError,
    // Automatic persisted queries would let any client register documents; ids come from the web build only.
    persistedQueries: false,
    // main.ts drains on SIGTERM/SIGINT within the grace period; Apollo's own handlers would stop it a second way.
    stopOnTerminationSignals: false,
    allowBatchedHttpRequests: protection.allowBatchedHttpRequests,
    validationRules: protection.validationRules,
    plugins: [
      ...armorPlugins,
      operationLimitsPlugin(schema),
      unauthenticatedStatusPlugin,
      jsonStatusPlugin,
      contextIncludesPlugin,
      // No field sets cache hints, and the default cache control plugin wraps every field's resolver (issue 14).
      ApolloServerPluginCacheControlDisabled(),
      ...(config.exposeUpstreamCalls ? [upstreamCallsPlugin] : []),
      // Requests in flight may take most of the grace period; then their connections are cut.
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: drainTimeOf(config.shutdownGraceMs) }),
      {
        // Closes every WebSocket with 1001 (Going away): graphql-ws clients reconnect to another gateway and resume.
        async serverWillStart() {
          return { drainServer: async () => wsCleanup.dispose() };
        },
      },
    ],
  });
  await apollo.start();

  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    persistedOperationsMiddleware(persisted),
    expressMiddleware(apollo, {
      context: async ({ req }) =>
        createContext(pool, config, live, fileLinks, accessCodeLimiter, tokenFromAuthorization(req.headers.authorization), {
          idempotencyKey: idempotencyKeyOf(req),
          clientAddress: req.ip,
        }),
    }),
  );
  registerGraphiQL(app, config.graphiql, typeDefs);
  registerFileRoute(app, pool, fileLinks);
  registerOnkozertUploadRoute(app, pool);
  registerNewsDocumentUploadRoutes(app, pool);
  registerObdsUploadRoute(app, (token) => createContext(pool, config, live, fileLinks, accessCodeLimiter, token), obdsImports);
  if (config.webDist) serveWebApp(app, config.webDist);
  app.use(errorAnswers);

  return {
    httpServer,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          const address = httpServer.address() as AddressInfo;
          resolve(`http://${host}:${address.port}`);
        });
      }),
    close: async () => {
      health.drain();
      await apollo.stop();
      // Running oBDS imports end as failed with a reason while the backend is still reachable.
      await obdsImports.close();
      await health.close();
      await live.close();
      await accessCodeLimiter.close();
      await pool.close();
    },
  };
}
