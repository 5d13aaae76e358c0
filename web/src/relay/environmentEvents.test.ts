import { describe, expect, it, vi } from 'vitest';
import { createEnvironmentEvents } from './environmentEvents';

const report = { kind: 'alert', message: 'Der Server antwortet nicht.' } as const;

describe('environment events', () => {
  it('forward to the handlers set last', () => {
    const events = createEnvironmentEvents();
    const first = { onSessionExpired: vi.fn(), onError: vi.fn() };
    const second = { onSessionExpired: vi.fn(), onError: vi.fn() };
    events.setHandlers(first);
    events.setHandlers(second);
    events.callbacks.onError(report);
    expect(first.onError).not.toHaveBeenCalled();
    expect(second.onError).toHaveBeenCalledWith(report);
  });

  it('keep what happens before the app has set its handlers (a route loader answered first) and deliver it then', () => {
    const events = createEnvironmentEvents();
    events.callbacks.onError(report);
    events.callbacks.onSessionExpired();
    const handlers = { onSessionExpired: vi.fn(), onError: vi.fn() };
    const remove = events.setHandlers(handlers);
    expect(handlers.onError).toHaveBeenCalledWith(report);
    expect(handlers.onSessionExpired).toHaveBeenCalledTimes(1);

    remove();
    events.callbacks.onError(report);
    expect(handlers.onError).toHaveBeenCalledTimes(1);
    const later = { onSessionExpired: vi.fn(), onError: vi.fn() };
    events.setHandlers(later);
    expect(later.onError).toHaveBeenCalledTimes(1);
  });
});
