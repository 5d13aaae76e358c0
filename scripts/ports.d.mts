/** The WHATWG fetch "bad ports": browsers and Node's fetch refuse them. */
export const BAD_PORTS: ReadonlySet<number>;

export function isBadPort(port: number): boolean;

/** Whether a server could listen on 127.0.0.1:port a moment ago. */
export function portIsFree(port: number): Promise<boolean>;

/** A TCP port on 127.0.0.1 that was free a moment ago and is not a bad port. */
export function freePort(): Promise<number>;

/**
 * The port of one service: `requested` (an environment value) as given, else `fallback` when it is free and
 * allowed, else a free port. A bad port is refused for a service the browser opens (`browserFacing`).
 */
export function choosePort(options: {
  /** The service, as named in the refusal (German). */
  name: string;
  /** The environment variable the value came from, as named in messages. */
  variable: string;
  requested: string | undefined;
  fallback: number;
  browserFacing?: boolean;
}): Promise<number>;
