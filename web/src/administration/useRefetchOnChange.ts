import { useEffect, useEffectEvent, useRef, useTransition } from 'react';

/**
 * Refetches a list when its filter variables change: after a short pause (typing does not fetch on every
 * key), as a transition so the current rows stay visible, never on the first render (the screen query
 * already loaded them). `refreshKey` forces a refetch with unchanged variables, e.g. after a mutation.
 */
export function useRefetchOnChange<V>(variables: V, refetch: (variables: V) => void, refreshKey = 0, delayMs = 250): void {
  const [, startTransition] = useTransition();
  const first = useRef(true);
  const key = JSON.stringify(variables);
  const refetchNow = useEffectEvent(() => startTransition(() => refetch(variables)));
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(refetchNow, delayMs);
    return () => clearTimeout(timer);
  }, [key, refreshKey, delayMs]);
}
