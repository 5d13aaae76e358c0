import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supervise } from './supervisor.mjs';

afterEach(() => {
  vi.useRealTimers();
});

/** Stand-ins for child processes: ending one is emitting its 'exit', as node:child_process does. */
function fakeChildren() {
  let nextPid = 100;
  const children = [];
  const end = (child, code, signal) => {
    child.exitCode = code;
    child.signalCode = signal;
    child.emit('exit', code, signal);
  };
  return {
    children,
    launch: async (onSpawn) => {
      const child = Object.assign(new EventEmitter(), { pid: nextPid++, exitCode: null, signalCode: null });
      children.push(child);
      onSpawn(child);
    },
    crash: (child) => end(child, 1, null),
    killChild: async (child) => end(child, null, 'SIGKILL'),
    stopChild: async (child) => end(child, 0, null),
  };
}

describe('supervisor', () => {
  it('restarts with a back-off doubling for quick crashes and starting over after a stable minute', async () => {
    vi.useFakeTimers();
    const fake = fakeChildren();
    const lines = [];
    const service = await supervise({ name: 'backend', ...fake, log: (line) => lines.push(line) });
    expect(service.pid).toBe(100);

    const first = service.nextStart();
    await service.kill();
    await vi.advanceTimersByTimeAsync(500);
    expect(await first).toBe(101);
    fake.crash(fake.children[1]);
    await vi.advanceTimersByTimeAsync(1_000);
    fake.crash(fake.children[2]);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(60_000);
    fake.crash(fake.children[3]);
    await vi.advanceTimersByTimeAsync(500);

    expect(lines).toEqual([
      '[supervisor] backend (pid 100) endete mit Signal SIGKILL – Neustart in 0,5 s (1. Neustart)',
      '[supervisor] backend läuft wieder (pid 101)',
      '[supervisor] backend (pid 101) endete mit Code 1 – Neustart in 1 s (2. Neustart)',
      '[supervisor] backend läuft wieder (pid 102)',
      '[supervisor] backend (pid 102) endete mit Code 1 – Neustart in 2 s (3. Neustart)',
      '[supervisor] backend läuft wieder (pid 103)',
      '[supervisor] backend (pid 103) endete mit Code 1 – Neustart in 0,5 s (4. Neustart)',
      '[supervisor] backend läuft wieder (pid 104)',
    ]);
    expect([service.pid, service.restarts]).toEqual([104, 4]);
  });

  it('does not restart a service it stopped', async () => {
    vi.useFakeTimers();
    const fake = fakeChildren();
    const lines = [];
    const service = await supervise({ name: 'gateway', ...fake, log: (line) => lines.push(line) });
    await service.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines).toEqual([]);
    expect([fake.children.length, service.restarts]).toEqual([1, 0]);
  });
});
