import type { EnvironmentCallbacks } from './environment';

/**
 * Relay environments outlive renders, while the handlers of their events (navigate, show an alert)
 * change with them. The environment gets stable callbacks that forward to the handler set last.
 * Route loaders start queries before the app has rendered: events that come before any handler is set
 * wait for it.
 */
export type EnvironmentEvents = {
  callbacks: EnvironmentCallbacks;
  /** Installs the current handlers; returns a function that removes them again. */
  setHandlers: (handlers: EnvironmentCallbacks) => () => void;
};

type Event = (handlers: EnvironmentCallbacks) => void;

export function createEnvironmentEvents(): EnvironmentEvents {
  let current: EnvironmentCallbacks | null = null;
  let waiting: Event[] = [];
  const deliver = (event: Event) => {
    if (current === null) waiting.push(event);
    else event(current);
  };
  return {
    callbacks: {
      onSessionExpired: () => deliver((handlers) => handlers.onSessionExpired()),
      onError: (report) => deliver((handlers) => handlers.onError(report)),
    },
    setHandlers(handlers) {
      current = handlers;
      const events = waiting;
      waiting = [];
      for (const event of events) event(handlers);
      return () => {
        if (current === handlers) current = null;
      };
    },
  };
}
