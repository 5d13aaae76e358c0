/**
 * Shutdown on SIGTERM and SIGINT within a grace period (issue 16): the service drains, and after
 * SHUTDOWN_GRACE_MS it exits anyway. Exit code 0 when drained, 1 when forced or when the drain failed, so a
 * supervisor sees an unclean stop.
 */
import type { Env } from './service-environment.js';

/** Orchestrators wait 30 s before SIGKILL (Docker, Kubernetes); 25 s leaves time to exit by ourselves. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

export function shutdownGraceFrom(env: Env): number {
  const raw = env.SHUTDOWN_GRACE_MS;
  if (raw === undefined || raw === '') return DEFAULT_SHUTDOWN_GRACE_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`SHUTDOWN_GRACE_MS must be a non-negative integer, got '${raw}'`);
  return value;
}

/** Work in flight may take this part of the grace period; the rest is for handing over what is left and closing. */
export function drainTimeOf(graceMs: number): number {
  return Math.floor(graceMs * 0.8);
}

export type ShutdownOptions = {
  graceMs: number;
  /** Stops accepting work and resolves when in-flight work is done and resources are released. */
  drain: () => Promise<void>;
  log: (message: string) => void;
};

/** Runs `drain` on the first SIGTERM or SIGINT and exits; a second signal changes nothing. */
export function shutDownOnSignals({ graceMs, drain, log }: ShutdownOptions): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining (grace period ${graceMs} ms)`);
    setTimeout(() => {
      log(`grace period of ${graceMs} ms over; exiting with work left`);
      process.exit(1);
    }, graceMs);
    drain().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`drain failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}
