import type { ChildProcess } from 'node:child_process';

/** A supervised service: restarted with back-off when its process ends unexpectedly. */
export type Supervised = {
  /** The current process. */
  readonly pid: number;
  /** Restarts so far (attempts, counting those whose process did not get ready). */
  readonly restarts: number;
  /** SIGKILL to the current process, as a crash; the supervisor starts it again. */
  kill(): Promise<void>;
  /** Resolves with the new process id once the next restart answers readiness. */
  nextStart(): Promise<number>;
  /** Ends supervision and stops the process with SIGTERM (it drains). */
  stop(): Promise<void>;
};

export function supervise(options: {
  name: string;
  launch(onSpawn: (child: ChildProcess) => void): Promise<void>;
  stopChild(child: ChildProcess): Promise<void>;
  killChild(child: ChildProcess): Promise<void>;
  log(line: string): void;
}): Promise<Supervised>;
