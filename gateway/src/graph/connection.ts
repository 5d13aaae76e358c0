/**
 * Relay cursor connections over offsets: the cursor of an edge is its opaque position in the ordered list.
 * Backend lists page by `page`/`itemsPerPage`; `backendPage` turns a cursor window into such a request. A list
 * whose backend answers keyset tokens (the patient table) adds the row's token to its cursor, so `after` can
 * continue behind that row however deep it is (`keysetAfter`); the position stays for counts and backward paging.
 */
import { GraphQLError } from 'graphql';

/** Relay's paging arguments: forward (`first`/`after`) or backward (`last`/`before`). */
export type PageArgs = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };

/** Positions [offset, offset + size) of the ordered list that a page covers. */
export type PageWindow = { offset: number; size: number };

/** The largest page any list serves; larger `first`/`last` are cut to it. */
export const MAX_PAGE = 500;

const badInput = (message: string): GraphQLError => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** The cursor of the edge at `offset`, with the backend's keyset token of its row where the list has one. */
export function cursorFor(offset: number, keyset?: string): string {
  return Buffer.from(keyset ? `offset:${offset}:${keyset}` : `offset:${offset}`, 'utf8').toString('base64url');
}

function parsedCursor(cursor: string): { offset: number; keyset?: string } {
  const match = /^offset:(\d+)(?::([\w-]+))?$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw badInput('invalid cursor');
  return { offset: Number(match[1]), keyset: match[2] };
}

/** The position a cursor stands for. */
const offsetOf = (cursor: string): number => parsedCursor(cursor).offset;

/** The keyset token of `after` when the page is read forward behind it alone (no `before`, no `last`); else none. */
export function keysetAfter(args: PageArgs): string | undefined {
  if (!args.after || args.before || args.last != null) return undefined;
  return parsedCursor(args.after).keyset;
}

/** The offset of the first edge after `after`; 0 without a cursor. */
export function offsetAfter(after: string | null | undefined): number {
  return after ? offsetOf(after) + 1 : 0;
}

const limit = (count: number): number => Math.min(Math.max(count, 0), MAX_PAGE);

/** Whether the window can only be found with the list's length: the last items without a `before` cursor. */
export const needsTotal = (args: PageArgs): boolean => args.last != null && !args.before;

/**
 * The window a page covers (Relay cursor connections spec, "Pagination algorithm"): `after`/`before` cut
 * the list, then `first` keeps the head or `last` the tail. Without either, `fallback` items from the start.
 * `total` is needed only when `needsTotal(args)`.
 */
export function pageWindow(args: PageArgs, fallback: number, total?: number): PageWindow {
  if (args.first != null && args.last != null) throw badInput('use either first or last');
  const start = offsetAfter(args.after);
  const before = args.before ? offsetOf(args.before) : undefined;
  if (args.last != null) {
    const end = before ?? total;
    if (end === undefined) throw new Error('pageWindow: the total is needed for `last` without `before`');
    const offset = Math.max(start, end - limit(args.last));
    return { offset, size: Math.max(end - offset, 0) };
  }
  const size = limit(args.first ?? fallback);
  return { offset: start, size: before === undefined ? size : Math.max(Math.min(size, before - start), 0) };
}

export type Connection<T> = {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
};

/** A connection of `nodes` that start at `offset` in a list of `totalCount`; `keysetOf` names a node's keyset token. */
export function connectionOf<T>(
  nodes: readonly T[],
  offset: number,
  totalCount: number,
  keysetOf?: (node: T) => string | undefined,
): Connection<T> {
  const edges = nodes.map((node, index) => ({ cursor: cursorFor(offset + index, keysetOf?.(node)), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: offset + nodes.length < totalCount,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  };
}

/** A connection over a complete list held in memory. */
export function connectionFromList<T>(items: readonly T[], args: PageArgs, fallbackSize: number): Connection<T> {
  const { offset, size } = pageWindow(args, fallbackSize, items.length);
  return connectionOf(items.slice(offset, offset + size), offset, items.length);
}

/**
 * The backend page request that covers the window: the smallest page size whose page holds the whole window
 * (backend lists page by `page`/`itemsPerPage`), and how many items of that page come before the window.
 */
export function backendPage({ offset, size }: PageWindow): { page: number; itemsPerPage: number; skip: number } {
  if (size === 0) return { page: 1, itemsPerPage: 1, skip: 1 };
  for (let itemsPerPage = size; itemsPerPage <= MAX_PAGE; itemsPerPage += 1) {
    const page = Math.floor(offset / itemsPerPage);
    if (page === Math.floor((offset + size - 1) / itemsPerPage))
      return { page: page + 1, itemsPerPage, skip: offset - page * itemsPerPage };
  }
  throw badInput('this page cannot be read in one backend request; page with a smaller size');
}

/** The `page`/`itemsPerPage` query parameters of the backend page that holds the window. */
export function pageRequest(window: PageWindow): { page: number; itemsPerPage: number } {
  const { page, itemsPerPage } = backendPage(window);
  return { page, itemsPerPage };
}
