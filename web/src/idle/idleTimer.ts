/**
 * Idle logout (ecrf-core.md §4, §9): after `warnAfterMs` without activity a countdown of
 * `countdownSeconds` starts; activity cancels it; at zero the user is logged out. Window timers and
 * Date.now only, so tests (vitest fake timers, Playwright's page.clock) can fast-forward.
 */
export type IdleTimerOptions = {
  warnAfterMs: number;
  countdownSeconds: number;
  /** Called when the countdown starts and every second with the seconds left. */
  onCountdown: (secondsLeft: number) => void;
  /** Called when activity cancels a running countdown. */
  onCancel: () => void;
  onTimeout: () => void;
};

export type IdleTimer = {
  /** Call on user activity. */
  activity: () => void;
  stop: () => void;
};

const TICK_MS = 250;

export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  let lastActivity = Date.now();
  let warning = false;
  let stopped = false;
  let lastShown = -1;
  let handle: number | undefined;

  function schedule(delay: number) {
    window.clearTimeout(handle);
    handle = window.setTimeout(check, Math.max(0, delay));
  }

  function check() {
    if (stopped) return;
    const idleMs = Date.now() - lastActivity;
    if (idleMs < options.warnAfterMs) {
      schedule(options.warnAfterMs - idleMs);
      return;
    }
    const deadline = lastActivity + options.warnAfterMs + options.countdownSeconds * 1000;
    const msLeft = deadline - Date.now();
    if (msLeft <= 0) {
      stopped = true;
      options.onTimeout();
      return;
    }
    const secondsLeft = Math.ceil(msLeft / 1000);
    warning = true;
    if (secondsLeft !== lastShown) {
      lastShown = secondsLeft;
      options.onCountdown(secondsLeft);
    }
    schedule(Math.min(TICK_MS, msLeft));
  }

  schedule(options.warnAfterMs);

  return {
    activity() {
      if (stopped) return;
      lastActivity = Date.now();
      if (warning) {
        warning = false;
        lastShown = -1;
        options.onCancel();
      }
      schedule(options.warnAfterMs);
    },
    stop() {
      stopped = true;
      window.clearTimeout(handle);
    },
  };
}

/** 'm:ss' of the countdown text 'Abmeldung in m:ss'. */
export function formatCountdown(secondsLeft: number): string {
  const safe = Math.max(0, secondsLeft);
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
