import { createContext, useContext } from 'react';

/** What screens inside the signed-in shell may trigger in it (the dashboard's cards use these). */
export type ShellActions = {
  openAccount: () => void;
  /** Null when the role is not location-bound: there is nothing to choose. */
  openLocationSelection: (() => void) | null;
  logout: () => void;
};

export const ShellContext = createContext<ShellActions | null>(null);

export function useShellActions(): ShellActions {
  const actions = useContext(ShellContext);
  if (actions === null) throw new Error('useShellActions outside AppShell');
  return actions;
}
