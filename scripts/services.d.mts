import type { Supervised } from './supervisor.mjs';

export { freePort } from './ports.mjs';

/** A started service process. */
export type Service = {
  url: string;
  pid: number;
  /** The exit code once the process ended by itself (0: drained, 1: forced after the grace period); null before or after a signal. */
  readonly exitCode: number | null;
  stop(): Promise<void>;
  kill(): Promise<void>;
};

/** A service under supervision: restarted on the same port when its process ends unexpectedly. */
export type SupervisedService = Supervised & { url: string };

type Supervise = {
  /** Restart the process with back-off whenever it ends unexpectedly (`npm start`). */
  supervise?: boolean;
};

type ServiceOf<O> = O extends { supervise: true } ? SupervisedService : Service;

export type Services<S extends Service | SupervisedService = Service | SupervisedService> = {
  /** The gateway's base URL: web app, GraphQL, /livez and /readyz. */
  url: string;
  backendUrl: string;
  /** The pseudonymisation service (Mainzelliste REST API). */
  mainzellisteUrl: string;
  services: { gateway: S; backend: S; mainzelliste: S };
  /** Process ids of the three services now (for RSS readings in benchmarks). */
  readonly pids: { gateway: number; backend: number; mainzelliste: number };
  stop(): Promise<void>;
};

export type StartOptions = Supervise & {
  backendPort?: number;
  gatewayPort?: number;
  mainzellistePort?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
};

export function startServices<O extends StartOptions>(options?: O): Promise<Services<ServiceOf<O>>>;

export type BackendOptions = Supervise & {
  port?: number;
  /** Base of links in mails; defaults to the backend's own default. */
  publicUrl?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
};

export function startBackend<O extends BackendOptions>(options?: O): Promise<ServiceOf<O>>;

/** A new, empty PostgreSQL database `<database of databaseUrl>_<suffix>`; answers its URL. */
export function freshPostgresDatabase(databaseUrl: string, suffix: string): Promise<string>;

/** A fresh database beside `databaseUrl` with a login that is a member of `role`; `remove` drops both. */
export function serviceLoginDatabase(
  databaseUrl: string,
  suffix: string,
  role: string,
): Promise<{ ownerUrl: string; serviceUrl: string; login: string; remove(): Promise<void> }>;

/** Runs one statement on `url` and answers PostgreSQL's error message, or null when it ran. */
export function postgresRefusal(url: string, statement: string): Promise<string | null>;

/** Drops the database of `databaseUrl` (a fresh one a test made), closing its connections. */
export function dropPostgresDatabase(databaseUrl: string): Promise<void>;

export type MainzellisteOptions = Supervise & { port?: number; env?: NodeJS.ProcessEnv; log?: (line: string) => void };

export function startMainzelliste<O extends MainzellisteOptions>(options?: O): Promise<ServiceOf<O>>;

export type GatewayOptions = Supervise & {
  port?: number;
  backendUrl: string;
  mainzellisteUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
};

/** The gateway in front of the given backend and pseudonymisation service, serving the built web app. */
export function startGateway<O extends GatewayOptions>(options: O): Promise<ServiceOf<O>>;
