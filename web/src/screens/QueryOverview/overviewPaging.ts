/** Page position of the query overview: the page number shown and the cursor it was reached from. */
export type PageRequest = { number: number; cursor: string | null; direction: 'forward' | 'backward' };

/** The page shown and how many there are; at least one page, also when nothing matches. */
export function overviewPage(number: number, totalCount: number, pageSize: number): { number: number; pages: number } {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  return { number: Math.min(Math.max(1, number), pages), pages };
}
