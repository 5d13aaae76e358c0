// Keeps one service process running for `npm start` (issue 16): a child that ends unexpectedly is started again
// on the same port after a back-off, and the restart is printed. The back-off doubles for quick successive
// crashes and starts over once a child ran stably for a minute.

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;
const STABLE_MS = 60_000;

const seconds = (ms) => `${(ms / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 })} s`;

const ending = (code, signal) => (signal ? `mit Signal ${signal}` : `mit Code ${code}`);

/**
 * `launch(onSpawn)` starts a child, tells `onSpawn` at once (so stop and kill reach a child that is still
 * starting) and resolves once it is ready; when it is not, it ends the child and throws.
 * @type {import('./supervisor.d.mts').supervise}
 */
export async function supervise({ name, launch, stopChild, killChild, log }) {
  let current;
  const spawned = (child) => {
    current = child;
  };
  await launch(spawned);
  let startedAt = Date.now();
  let restarts = 0;
  let delay = FIRST_DELAY_MS;
  let stopped = false;
  /** @type {((pid: number) => void)[]} */
  let waiting = [];
  let timer;

  const watch = (child) => {
    child.once('exit', (code, signal) => {
      if (!stopped && child === current) void restart(`${name} (pid ${child.pid}) endete ${ending(code, signal)}`);
    });
  };

  async function restart(reason) {
    let why = reason;
    while (!stopped) {
      if (Date.now() - startedAt >= STABLE_MS) delay = FIRST_DELAY_MS;
      const wait = delay;
      delay = Math.min(delay * 2, MAX_DELAY_MS);
      restarts += 1;
      log(`[supervisor] ${why} – Neustart in ${seconds(wait)} (${restarts}. Neustart)`);
      await new Promise((resolve) => {
        timer = setTimeout(resolve, wait);
      });
      if (stopped) return;
      try {
        await launch(spawned);
      } catch (error) {
        why = `${name} startete nicht (${error instanceof Error ? error.message : String(error)})`;
        startedAt = Date.now();
        continue;
      }
      if (stopped) {
        await stopChild(current);
        return;
      }
      startedAt = Date.now();
      watch(current);
      log(`[supervisor] ${name} läuft wieder (pid ${current.pid})`);
      const ready = waiting;
      waiting = [];
      for (const resolve of ready) resolve(current.pid);
      return;
    }
  }

  watch(current);
  return {
    get pid() {
      return current.pid;
    },
    get restarts() {
      return restarts;
    },
    kill: () => killChild(current),
    nextStart: () => new Promise((resolve) => waiting.push(resolve)),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await stopChild(current);
    },
  };
}
