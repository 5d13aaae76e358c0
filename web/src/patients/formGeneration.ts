import { useReducer, useState } from 'react';

/**
 * A documentation form opens on the screen's data as it then is and keeps it while the user edits, even when
 * a refused stale save or a lock brings a newer stored state into the store: saves send the versions read
 * when the form opened, so the newer state is refused, not overwritten (docs/web.md "Stale saves").
 * `reopen` opens the form again on what the store now holds; nothing is loaded again.
 */
export function useFormGeneration(): { generation: number; reopen: () => void } {
  const [generation, reopen] = useReducer((n: number) => n + 1, 0);
  return { generation, reopen };
}

/** The value as it was when the component mounted (the form's generation). */
export function useOpenedWith<T>(value: T): T {
  const [opened] = useState(value);
  return opened;
}
