/** Timing an operation at a concurrency, and reading a process's CPU time and resident memory (Linux /proc). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type Timing = { p50: number; p95: number; calls: number };

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * Runs `run` `requests` times by `concurrency` workers; each run answers the number of upstream calls it caused (the
 * last run's count is reported: counts do not vary between runs). Warm-up is the caller's, so that CPU time read
 * around this call covers the timed requests only.
 */
export async function measure(run: (worker: number) => Promise<number>, concurrency: number, requests: number): Promise<Timing> {
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

/** Resident set size in MB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User and system CPU time of a process and all its threads (worker threads included), in ms. */
export function cpuMs(pid: number): number {
  // The command name (field 2) may hold spaces; utime and stime are fields 14 and 15, counted after its ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

/** CPU time each process spent between the call and `stop()`, in ms. */
export function cpuSpent(pids: Record<string, number>): { stop: () => Record<string, number> } {
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  return {
    stop: () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - (start[name] ?? 0)])),
  };
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
