/**
 * NGramComparator (mainzelliste-api.md §1 "Comparators"): the Dice coefficient of the bigram multisets of
 * both strings, each padded with one space on either side, so first and last letters weigh as much as
 * inner ones: 'MEIER' vs 'MEYER' → bigrams ' M','ME','EI'|'EY','IE'|'YE','ER','R ' → 2·4/(6+6) = 0.667.
 * Written here because the npm Dice packages pad differently or drop spaces.
 */

export type Bigrams = ReadonlyMap<string, number>;

export function bigrams(value: string): Bigrams {
  const padded = ` ${value} `;
  const counts = new Map<string, number>();
  for (let i = 0; i < padded.length - 1; i += 1) {
    const gram = padded.slice(i, i + 2);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function total(grams: Bigrams): number {
  let sum = 0;
  for (const count of grams.values()) sum += count;
  return sum;
}

export function diceOfBigrams(a: Bigrams, b: Bigrams): number {
  const size = total(a) + total(b);
  if (size === 0) return 1;
  let common = 0;
  for (const [gram, count] of a) common += Math.min(count, b.get(gram) ?? 0);
  return (2 * common) / size;
}

/** Dice similarity of two strings in [0, 1]; identical strings give 1. */
export function dice(a: string, b: string): number {
  if (a === b) return 1;
  return diceOfBigrams(bigrams(a), bigrams(b));
}
