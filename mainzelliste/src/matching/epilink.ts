/**
 * The EpiLink matcher (mainzelliste-api.md §1 "Matcher"): weight w_i = log2((1 − errorRate_i) /
 * frequency_i); score = Σ w_i·s_i / Σ w_i over the fields non-empty on both sides; fields of an exchange
 * group are compared in the permutation with the best score. Compound (decomposed) names are compared
 * by the best pairwise assignment of their parts divided by the smaller count of non-empty parts.
 * Pure: candidates come in, a classification goes out.
 */
import { bigrams, diceOfBigrams, type Bigrams } from './dice.js';
import { isEmptyValue, type MatchData, type MatchValue } from './prepare.js';

export type Comparator = 'ngram' | 'binary';
export type MatchFieldSpec = { name: string; comparator: Comparator; frequency: number; errorRate: number };
export type MatcherConfig = {
  fields: readonly MatchFieldSpec[];
  /** Groups of fields whose values may have been entered in each other's place. */
  exchangeGroups: readonly (readonly string[])[];
  thresholdMatch: number;
  thresholdNonMatch: number;
};

export type MatchResultType = 'MATCH' | 'POSSIBLE_MATCH' | 'NON_MATCH';
export type MatchResult<K> = { type: MatchResultType; score: number; best: K | null };

export const fieldWeight = (spec: Pick<MatchFieldSpec, 'frequency' | 'errorRate'>): number =>
  Math.log2((1 - spec.errorRate) / spec.frequency);

/** A field value with its bigrams computed once. */
type Prepared = { parts: string[]; grams: Bigrams[] } | null;

function prepareValue(value: MatchValue | undefined, comparator: Comparator): Prepared {
  if (value === undefined || isEmptyValue(value)) return null;
  const parts = typeof value === 'string' ? [value] : value.filter((part) => part !== '');
  return { parts, grams: comparator === 'ngram' ? parts.map(bigrams) : [] };
}

function partSimilarity(a: Prepared & object, i: number, b: Prepared & object, j: number, comparator: Comparator): number {
  if (a.parts[i] === b.parts[j]) return 1;
  if (comparator === 'binary') return 0;
  return diceOfBigrams(a.grams[i] ?? new Map(), b.grams[j] ?? new Map());
}

/** Best assignment of parts (at most 3 each, so trying every injection is cheap). */
function bestAssignment(a: Prepared & object, b: Prepared & object, comparator: Comparator): number {
  const [small, large, swapped] = a.parts.length <= b.parts.length ? [a, b, false] : [b, a, true];
  let best = 0;
  const used = new Array<boolean>(large.parts.length).fill(false);
  const walk = (i: number, sum: number): void => {
    if (i === small.parts.length) {
      best = Math.max(best, sum);
      return;
    }
    for (let j = 0; j < large.parts.length; j += 1) {
      if (used[j]) continue;
      used[j] = true;
      const similarity = swapped ? partSimilarity(large, j, small, i, comparator) : partSimilarity(small, i, large, j, comparator);
      walk(i + 1, sum + similarity);
      used[j] = false;
    }
  };
  walk(0, 0);
  return best / small.parts.length;
}

function similarity(a: Prepared, b: Prepared, comparator: Comparator): number | null {
  if (a === null || b === null) return null;
  if (a.parts.length === 1 && b.parts.length === 1) return partSimilarity(a, 0, b, 0, comparator);
  return bestAssignment(a, b, comparator);
}

function permutations(n: number): number[][] {
  if (n <= 1) return [Array.from({ length: n }, (_, i) => i)];
  return permutations(n - 1).flatMap((perm) => Array.from({ length: n }, (_, at) => [...perm.slice(0, at), n - 1, ...perm.slice(at)]));
}

/** MATCH from the upper threshold on, POSSIBLE_MATCH above the lower one (mainzelliste-api.md §1 "Matcher"). */
export function thresholdClassifier(
  thresholds: Pick<MatcherConfig, 'thresholdMatch' | 'thresholdNonMatch'>,
): (score: number) => MatchResultType {
  return (score) => {
    if (score >= thresholds.thresholdMatch) return 'MATCH';
    if (score > thresholds.thresholdNonMatch) return 'POSSIBLE_MATCH';
    return 'NON_MATCH';
  };
}

/** A matcher bound to one configuration; prepare() the input once, then score() many candidates. */
export type Matcher = {
  config: MatcherConfig;
  prepare: (data: MatchData) => PreparedRecord;
  score: (input: PreparedRecord, candidate: PreparedRecord) => number;
  classify: (score: number) => MatchResultType;
  bestMatch: <K>(input: MatchData, candidates: Iterable<{ key: K; data: MatchData }>) => MatchResult<K>;
};

export type PreparedRecord = ReadonlyMap<string, Prepared>;

export function createMatcher(config: MatcherConfig): Matcher {
  const specs = new Map(config.fields.map((spec) => [spec.name, { ...spec, weight: fieldWeight(spec) }]));
  const grouped = new Set(config.exchangeGroups.flat());
  const single = config.fields.filter((spec) => !grouped.has(spec.name));
  const groups = config.exchangeGroups.map((names) => ({
    specs: names.map((name) => {
      const spec = specs.get(name);
      if (!spec) throw new Error(`exchange group field ${name} is not a matcher field`);
      return spec;
    }),
    perms: permutations(names.length),
  }));

  const prepare = (data: MatchData): PreparedRecord =>
    new Map(config.fields.map((spec) => [spec.name, prepareValue(data[spec.name], spec.comparator)]));

  const score = (input: PreparedRecord, candidate: PreparedRecord): number => {
    let numerator = 0;
    let denominator = 0;
    for (const spec of single) {
      const s = similarity(input.get(spec.name) ?? null, candidate.get(spec.name) ?? null, spec.comparator);
      if (s === null) continue;
      const weight = specs.get(spec.name)?.weight ?? 0;
      numerator += weight * s;
      denominator += weight;
    }
    let best = denominator === 0 ? Number.NaN : numerator / denominator;
    const groupTerms = groups.map((group) => {
      // s[i][j]: the input's field i compared with the candidate's field j (compared as field j).
      const matrix = group.specs.map((from) =>
        group.specs.map((to) => similarity(input.get(from.name) ?? null, candidate.get(to.name) ?? null, to.comparator)),
      );
      const terms = group.perms.map((perm) => {
        let num = 0;
        let den = 0;
        let pairs = 0;
        group.specs.forEach((to, j) => {
          const s = matrix[perm[j] ?? j]?.[j] ?? null;
          if (s === null) return;
          num += to.weight * s;
          den += to.weight;
          pairs += 1;
        });
        return { num, den, pairs };
      });
      // Only permutations that compare as many pairs as possible: otherwise moving a differing surname
      // onto an empty birth name would drop it from the score (Schulz vs Mustermann → 1). A surname
      // changed at marriage still matches: its birth name meets the stored surname.
      const most = Math.max(...terms.map((term) => term.pairs));
      return terms.filter((term) => term.pairs === most);
    });
    // Groups are independent; with the one default group this is a max over its permutations.
    const combine = (index: number, num: number, den: number): void => {
      const terms = groupTerms[index];
      if (terms === undefined) {
        if (den > 0) best = Number.isNaN(best) ? num / den : Math.max(best, num / den);
        return;
      }
      for (const term of terms) combine(index + 1, num + term.num, den + term.den);
    };
    if (groups.length > 0) best = Number.NaN;
    combine(0, numerator, denominator);
    return best;
  };

  const classify = thresholdClassifier(config);

  const bestMatch = <K>(input: MatchData, candidates: Iterable<{ key: K; data: MatchData }>): MatchResult<K> => {
    const prepared = prepare(input);
    let bestScore = -Number.MAX_VALUE;
    let bestKey: K | null = null;
    for (const candidate of candidates) {
      const value = score(prepared, prepare(candidate.data));
      if (!Number.isNaN(value) && (bestKey === null || value > bestScore)) {
        bestScore = value;
        bestKey = candidate.key;
      }
    }
    // mainzelliste-api.md §1 "checkMatch": no candidate → -Double.MAX_VALUE and no best patient.
    if (bestKey === null) return { type: 'NON_MATCH', score: -Number.MAX_VALUE, best: null };
    const type = classify(bestScore);
    return { type, score: bestScore, best: type === 'NON_MATCH' ? null : bestKey };
  };

  return { config, prepare, score, classify, bestMatch };
}
