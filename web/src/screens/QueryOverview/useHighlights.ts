import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a live change stays marked; the CSS fade takes as long. */
export const HIGHLIGHT_MS = 4000;

/** Ids of records that changed live a moment ago; each drops out of the set after HIGHLIGHT_MS. */
export function useHighlights(durationMs = HIGHLIGHT_MS): { highlighted: ReadonlySet<string>; highlight: (id: string) => void } {
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const highlight = useCallback(
    (id: string) => {
      clearTimeout(timers.current.get(id));
      setHighlighted((current) => new Set(current).add(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setHighlighted((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, durationMs),
      );
    },
    [durationMs],
  );
  return { highlighted, highlight };
}
