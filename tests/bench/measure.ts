/** Timing an operation at a concurrency, and reading a process's resident memory. */
import { readFileSync } from 'node:fs';

export type Timing = { p50: number; p95: number; calls: number };

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * Runs `run` `requests` times by `concurrency` workers after `warmUp` untimed runs; each run answers the
 * number of upstream calls it caused (the last run's count is reported: counts do not vary between runs).
 */
export async function measure(
  run: (worker: number) => Promise<number>,
  concurrency: number,
  requests: number,
  warmUp = 2,
): Promise<Timing> {
  for (let i = 0; i < warmUp; i += 1) await run(0);
  const times: number[] = [];
  let calls = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < requests) {
        next += 1;
        const started = performance.now();
        calls = await run(worker);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), calls };
}

/** Resident set size in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

/** The highest RSS of each process, sampled every 100 ms until `stop`. */
export function sampleRss(pids: Record<string, number>): { stop: () => Record<string, number> } {
  const peak: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name] ?? 0, rssMb(pid));
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
