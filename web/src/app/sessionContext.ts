import { createContext, useContext } from 'react';
import type { PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import type { LogoutNotice } from '../session/sessionStore';

export type SessionControl = {
  /** Ends the session locally: clears session storage, drops the Relay store, goes to '/'. */
  endSession: (notice?: LogoutNotice) => void;
  /** The shell shows `shown` now: the screen queries preloaded before it are no longer needed. */
  releasePreloadedBefore: (shown: PreloadedQuery<OperationType>) => void;
};

export const SessionControlContext = createContext<SessionControl | null>(null);

export function useSessionControl(): SessionControl {
  const control = useContext(SessionControlContext);
  if (control === null) throw new Error('useSessionControl outside AppRoot');
  return control;
}
