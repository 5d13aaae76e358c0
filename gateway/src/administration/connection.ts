/**
 * Relay cursor connections over offsets: the cursor of an edge is its opaque position in the ordered list.
 * Backend lists page by `page`/`itemsPerPage`; `backendPage` turns a cursor window into such a request.
 */
import { GraphQLError } from 'graphql';

export type PageArgs = { first?: number | null; after?: string | null };

const MAX_PAGE = 500;

export function cursorFor(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');
}

/** The offset of the first edge after `after`; 0 without a cursor. */
export function offsetAfter(after: string | null | undefined): number {
  if (!after) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(after, 'base64url').toString('utf8'));
  if (!match?.[1]) throw new GraphQLError('invalid cursor', { extensions: { code: 'BAD_USER_INPUT' } });
  return Number(match[1]) + 1;
}

export function pageSize(first: number | null | undefined, fallback: number): number {
  return Math.min(Math.max(first ?? fallback, 0), MAX_PAGE);
}

export type Connection<T> = {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
};

/** A connection of `nodes` that start at `offset` in a list of `totalCount`. */
export function connectionOf<T>(nodes: readonly T[], offset: number, totalCount: number): Connection<T> {
  const edges = nodes.map((node, index) => ({ cursor: cursorFor(offset + index), node }));
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
  const offset = offsetAfter(args.after);
  const size = pageSize(args.first, fallbackSize);
  return connectionOf(items.slice(offset, offset + size), offset, items.length);
}

/** The backend page request that covers the window [offset, offset + size), and how much to skip of it. */
export function backendPage(offset: number, size: number): { page: number; itemsPerPage: number; skip: number } {
  if (size === 0) return { page: 1, itemsPerPage: 1, skip: 1 };
  if (offset % size === 0) return { page: offset / size + 1, itemsPerPage: size, skip: 0 };
  return { page: 1, itemsPerPage: Math.min(offset + size, MAX_PAGE), skip: offset };
}
