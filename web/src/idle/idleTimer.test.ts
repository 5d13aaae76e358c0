import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, formatCountdown } from './idleTimer';

describe('idle timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const onCountdown = vi.fn();
    const onCancel = vi.fn();
    const onTimeout = vi.fn();
    const timer = createIdleTimer({ warnAfterMs: 1_620_000, countdownSeconds: 180, onCountdown, onCancel, onTimeout });
    return { timer, onCountdown, onCancel, onTimeout };
  }

  it('warns after 27 minutes of inactivity with 3:00 to go', () => {
    const { onCountdown } = setup();
    vi.advanceTimersByTime(1_619_999);
    expect(onCountdown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCountdown).toHaveBeenLastCalledWith(180);
  });

  it('counts down every second and logs out at zero', () => {
    const { onCountdown, onTimeout } = setup();
    vi.advanceTimersByTime(1_620_000 + 61_000);
    expect(onCountdown).toHaveBeenLastCalledWith(119);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(119_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('restarts the idle period on activity before the warning', () => {
    const { timer, onCountdown } = setup();
    vi.advanceTimersByTime(1_000_000);
    timer.activity();
    vi.advanceTimersByTime(1_000_000);
    expect(onCountdown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(620_000);
    expect(onCountdown).toHaveBeenCalledWith(180);
  });

  it('cancels a running countdown on activity', () => {
    const { timer, onCancel, onTimeout } = setup();
    vi.advanceTimersByTime(1_700_000);
    timer.activity();
    expect(onCancel).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(180_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('does nothing after stop', () => {
    const { timer, onCountdown, onTimeout } = setup();
    timer.stop();
    vi.advanceTimersByTime(2_000_000);
    expect(onCountdown).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('formats m:ss', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
