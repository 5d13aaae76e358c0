import type { EnvironmentCallbacks } from './environment';

/**
 * Relay environments outlive renders, while the handlers of their events (navigate, show an alert)
 * change with them. The environment gets stable callbacks that forward to the handler set last.
 */
export type EnvironmentEvents = {
  callbacks: EnvironmentCallbacks;
  /** Installs the current handlers; returns a function that removes them again. */
  setHandlers: (handlers: EnvironmentCallbacks) => () => void;
};

export function createEnvironmentEvents(): EnvironmentEvents {
  let current: EnvironmentCallbacks | null = null;
  return {
    callbacks: {
      onSessionExpired: () => current?.onSessionExpired(),
      onError: (report) => current?.onError(report),
    },
    setHandlers(handlers) {
      current = handlers;
      return () => {
        if (current === handlers) current = null;
      };
    },
  };
}
