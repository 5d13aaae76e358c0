export type Services = {
  /** The gateway's base URL: web app, GraphQL, /livez and /readyz. */
  url: string;
  backendUrl: string;
  /** The pseudonymisation service (Mainzelliste REST API). */
  mainzellisteUrl: string;
  /** Process ids of the three services (for RSS readings in benchmarks). */
  pids: { gateway: number; backend: number; mainzelliste: number };
  stop(): Promise<void>;
};

export type StartOptions = {
  backendPort?: number;
  gatewayPort?: number;
  mainzellistePort?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
};

export function startServices(options?: StartOptions): Promise<Services>;

/** A started service process. */
export type Service = { url: string; pid: number; stop(): Promise<void> };

export function startBackend(options?: {
  port?: number;
  /** Base of links in mails; defaults to the backend's own default. */
  publicUrl?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<Service & { kill(): Promise<void> }>;

/** A new, empty PostgreSQL database `<database of databaseUrl>_<suffix>`; answers its URL. */
export function freshPostgresDatabase(databaseUrl: string, suffix: string): Promise<string>;

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number>;

export function startMainzelliste(options?: { port?: number; env?: NodeJS.ProcessEnv; log?: (line: string) => void }): Promise<Service>;

/** The gateway in front of the given backend and pseudonymisation service, serving the built web app. */
export function startGateway(options: {
  port?: number;
  backendUrl: string;
  mainzellisteUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<Service>;
