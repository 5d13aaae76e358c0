/**
 * Search in a terminology collection (ecrf-calls.md §7 "Terminology"): a code matches when every word of the
 * search occurs in its code or German display text, ignoring case and umlauts. Umlauts are folded both ways
 * ("ö" as "o" and as "oe"), so "grosszellig", "großzellig" and "Grosszellig" find the same codes.
 */

/** One code of a collection. */
export type TerminologyEntry = {
  code: string;
  /** German display text. */
  display: string;
  /** Code of the enclosing entry (e.g. C34 for C34.1), if the collection is a hierarchy. */
  parent?: string | null;
};

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lower case with umlauts written out ("ae") and other diacritics dropped. */
function spelledOut(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .replace(/[äöüß]/g, (letter) => UMLAUTS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** Lower case with every diacritic dropped ("ä" → "a", "ß" → "ss"). */
function stripped(text: string): string {
  return text.toLocaleLowerCase('de').replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words of a search, empty for a blank search (which matches everything). */
export function searchWords(search: string | null | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean);
}

/** Whether the entry's code or display text holds every word of the search. */
export function matchesTerminologySearch(entry: TerminologyEntry, search: string | null | undefined): boolean {
  const words = searchWords(search);
  const haystack = `${entry.code} ${entry.display}`;
  return [spelledOut, stripped].some((fold) => {
    const text = fold(haystack);
    return words.every((word) => text.includes(fold(word)));
  });
}
