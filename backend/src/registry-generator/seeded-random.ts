/**
 * The generator's randomness: seeded (pure-rand's xoroshiro128+), so one seed always gives the same registry,
 * and Zipf-like, because real registries are uneven (one large centre, a long tail; a few common diagnoses).
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export type Random = {
  /** In [0, 1). */
  next: () => number;
  pick: <T>(list: readonly T[]) => T;
  /** Rank r is chosen with weight 1 / (r + 1)^exponent. */
  zipf: <T>(list: readonly T[], exponent?: number) => T;
  chance: (probability: number) => boolean;
  int: (min: number, max: number) => number;
};

export function seededRandom(seed: number): Random {
  const generator = xoroshiro128plus(seed);
  const next = () => uniformFloat64(generator);
  const at = <T>(list: readonly T[], index: number): T => {
    const item = list[Math.min(index, list.length - 1)];
    if (item === undefined) throw new Error('cannot pick from an empty list');
    return item;
  };
  const zipf = <T>(list: readonly T[], exponent = 1): T => {
    const weights = list.map((_, rank) => 1 / (rank + 1) ** exponent);
    let left = next() * weights.reduce((a, b) => a + b, 0);
    for (const [rank, weight] of weights.entries()) {
      left -= weight;
      if (left < 0) return at(list, rank);
    }
    return at(list, list.length - 1);
  };
  return {
    next,
    pick: (list) => at(list, Math.floor(next() * list.length)),
    zipf,
    chance: (probability) => next() < probability,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}
