/**
 * Liveness, readiness and the drain of a service (issue 16): shared by the backend and the pseudonymisation
 * service, which answer `GET /livez` and `GET /readyz` with these bodies. A proxy sends work only to a ready
 * service; a draining one says so first, then stops accepting connections and lets its requests finish.
 */
import { sql, type Kysely } from 'kysely';

/** One readiness check's answer. */
export type CheckState = 'ok' | 'unreachable' | 'draining';

export type Readiness = {
  statusCode: 200 | 503;
  body: { status: 'ready' | 'not ready'; checks: Record<string, CheckState> };
};

/** A readiness check that hangs (a database behind a dead network) counts as unreachable after this long. */
export const CHECK_TIMEOUT_MS = 2_000;

export const LIVENESS_BODY = { status: 'ok' } as const;

/** The paths outside the API that answer while a service drains. */
export const HEALTH_PATHS = ['/livez', '/readyz'] as const;

/** 'ok' when `probe` resolves within the time-out, else 'unreachable'. */
export async function checkWithin(probe: Promise<unknown>, timeoutMs = CHECK_TIMEOUT_MS): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), timeoutMs);
  });
  const answered = probe.then(
    (): CheckState => 'ok',
    (): CheckState => 'unreachable',
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** `select 1` within the time-out. */
export function databaseCheck<DB>(db: Kysely<DB>): Promise<CheckState> {
  return checkWithin(sql`select 1`.execute(db));
}

export type ServiceHealth = {
  readonly draining: boolean;
  /** From now on readiness answers 503 with `draining`; called first on shutdown. */
  drain(): void;
  readiness(): Promise<Readiness>;
};

/** Readiness from named checks plus `draining`; ready when every check is 'ok'. */
export function createServiceHealth(checks: Record<string, () => Promise<CheckState>>): ServiceHealth {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async readiness() {
      const answered = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await check()] as const));
      const answers: Record<string, CheckState> = Object.fromEntries(answered);
      answers.draining = draining ? 'draining' : 'ok';
      const ready = Object.values(answers).every((state) => state === 'ok');
      return { statusCode: ready ? 200 : 503, body: { status: ready ? 'ready' : 'not ready', checks: answers } };
    },
  };
}
