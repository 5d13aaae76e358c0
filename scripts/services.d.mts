export type Services = {
  /** The gateway's base URL: web app, GraphQL and /healthz. */
  url: string;
  backendUrl: string;
  stop(): Promise<void>;
};

export type StartOptions = {
  backendPort?: number;
  gatewayPort?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
};

export function startServices(options?: StartOptions): Promise<Services>;

export type Backend = { url: string; stop(): Promise<void> };

export function startBackend(options?: {
  port?: number;
  /** Base of links in mails; defaults to the backend's own default. */
  publicUrl?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<Backend>;

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number>;
