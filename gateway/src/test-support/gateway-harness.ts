/**
 * Test harness: a real backend process (PostgreSQL when DATABASE_URL is set, else PGlite in a temporary
 * directory) and an in-process gateway in front of it that reports its upstream call counts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startBackend, type Service } from '../../../scripts/services.mjs';
import type { GatewayConfig } from '../config/gateway-config.js';
import { testGatewayConfig } from './test-gateway-config.js';
import { createGateway, type Gateway } from '../server.js';

export type GraphQLAnswer<T> = {
  status: number;
  data: T | null;
  errors?: { message: string; extensions?: { code?: string; upstreamCode?: string } }[];
  extensions?: { upstreamCalls?: number };
};

export type Harness = {
  url: string;
  /** The backend behind the gateway, for tests that put another gateway in front of it. */
  backendUrl: string;
  request<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLAnswer<T>>;
  /** `request` against another gateway (a replica). */
  requestTo(url: string): Harness['request'];
  signIn(userName: string, password?: string): Promise<{ token: string; refreshToken: string }>;
  /** Another gateway in front of the same backend (a replica); closed with the harness unless closed before. */
  startGateway(options?: { redisUrl?: string }): Promise<{ url: string; close(): Promise<void> }>;
  /** Stops the backend and starts it again on the same port and database (its streams drop meanwhile). */
  restartBackend(): Promise<void>;
  /** Closes the gateway at `url` (a replica taking over is tested so); the backend keeps running. */
  closeMainGateway(): Promise<void>;
  close(): Promise<void>;
};

export const demoPassword = 'Demo-Passwort1';

export type HarnessOptions = {
  /** Base URL of the pseudonymisation service, passed to the backend and the gateway (default port 4200). */
  mainzellisteUrl?: string;
  /** Redis for the gateway's subscription fan-out; in memory when unset. */
  redisUrl?: string;
  /** More settings of the backend (e.g. a short ACCESS_TOKEN_TTL_MINUTES). */
  backendEnv?: Record<string, string>;
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const mainzellisteUrl = options.mainzellisteUrl ?? 'http://127.0.0.1:4200';
  const database = process.env.DATABASE_URL ? {} : { DATABASE_URL: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-gw-')) };
  const logs: string[] = [];
  const backendOptions = {
    port: await freePort(),
    // Its own throttle namespace: the harnesses of a run share one database, and their sign-in failures must not add up.
    env: {
      ...process.env,
      ...database,
      NODE_ENV: 'test',
      MAINZELLISTE_URL: mainzellisteUrl,
      THROTTLE_NAMESPACE: randomUUID(),
      ...options.backendEnv,
    },
    log: (line: string) => logs.push(line),
  };
  const launchBackend = async (): Promise<Service> => {
    try {
      return await startBackend(backendOptions);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${logs.join('\n')}`);
    }
  };
  let backend = await launchBackend();
  // Each harness has its own backend database, so its own position in Redis.
  const redisKeyPrefix = `ecrf:test:${randomUUID()}`;
  const gatewayConfig = (redisUrl: string | undefined): GatewayConfig =>
    testGatewayConfig({
      backendUrl: backend.url,
      mainzellisteUrl,
      introspection: true,
      publicOrigins: ['https://ecrf.example'],
      exposeUpstreamCalls: true,
      redisUrl,
      redisKeyPrefix,
    });
  const gateway: Gateway = await createGateway(gatewayConfig(options.redisUrl));
  const url = await gateway.listen(await freePort());
  const replicas = new Set<Gateway>();
  let mainClosed: Promise<void> | undefined;
  const closeMainGateway = () => (mainClosed ??= gateway.close());

  const requestTo =
    (target: string): Harness['request'] =>
    async (query, variables, token) => {
      const response = await fetch(`${target}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, ...((await response.json()) as Omit<GraphQLAnswer<never>, 'status'>) };
    };
  const request = requestTo(url);

  return {
    url,
    backendUrl: backend.url,
    request,
    requestTo,
    async signIn(userName, password = demoPassword) {
      const answer = await request<{ signIn: { session: { token: string; refreshToken: string } | null } }>(
        'mutation($input: SignInInput!) { signIn(input: $input) { session { token refreshToken } } }',
        { input: { userName, password } },
      );
      const session = answer.data?.signIn.session;
      if (!session) throw new Error(`sign-in of ${userName} failed: ${JSON.stringify(answer)}`);
      return session;
    },
    async startGateway(replicaOptions = {}) {
      const replica = await createGateway(gatewayConfig(replicaOptions.redisUrl));
      replicas.add(replica);
      return {
        url: await replica.listen(await freePort()),
        close: async () => {
          if (replicas.delete(replica)) await replica.close();
        },
      };
    },
    closeMainGateway,
    async restartBackend() {
      await backend.stop();
      backend = await launchBackend();
    },
    async close() {
      await Promise.all([...replicas].map((replica) => replica.close()));
      await closeMainGateway();
      await backend.stop();
    },
  };
}
