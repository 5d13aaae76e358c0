/** Building blocks of the per-request loaders: each thing is asked for once, lists are matched to ids. */

/** The items in the order of the ids asked for; null where the backend had none. */
export function byId<T extends { id: string }>(ids: readonly string[], items: readonly T[]): (T | null)[] {
  const found = new Map(items.map((item) => [item.id, item]));
  return ids.map((id) => found.get(id) ?? null);
}

/** A load that runs at most once per request, however many fields need it. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= load());
}
