/**
 * The Fellegi–Sunter matcher that learns from the identities it holds (issue 17, docs/mainzelliste.md
 * "Matching"). A pair's weight is Σ log2(m/u) over its comparisons (comparisons.ts):
 * - u (agreement by chance) of an exact agreement is the agreed value's frequency among the stored
 *   identities, smoothed towards the name's population frequency (name-frequencies.ts), so agreeing on a rare
 *   surname weighs more than agreeing on MÜLLER from the first record on. The counts follow every insert, edit
 *   and delete. The other levels' u come from random pairs of stored identities.
 * - m (agreement of the same person) is estimated by EM over blocked pairs of stored identities and over the
 *   lookups' candidate pairs (the incoming records hold the duplicates a well-linked store lacks), and from the
 *   pairs reviewers decided are one person, with REFERENCE_M (documented error rates) as its prior. While the
 *   data are too few, or hold too few duplicates for EM to find a match class, m is the prior.
 * The score is the posterior probability that the best candidate is the person looked up, against every
 * other candidate and against "someone not stored" (prior: the learnt share of additions for a stored
 * person), so two equally good candidates both stay below a definite match.
 */
import {
  compare,
  COMPARISON_NAMES,
  phoneticValue,
  singleName,
  COMPARISONS,
  isoDate,
  linkageRecord,
  type Agreement,
  type ComparisonName,
  type ComparisonVector,
  type LinkageRecord,
} from './comparisons.js';
import { thresholdClassifier, type MatchResult, type MatchResultType } from './epilink.js';
import { compoundParts } from './decompose.js';
import { koelnerPhonetik } from './phonetic.js';
import { COMMON_SURNAMES, DIRECTORY_ENTRIES, FIRST_NAMES_FEMALE, FIRST_NAMES_MALE } from './name-frequencies.js';
import { transformValue, type MatchData } from './prepare.js';
import { seededRandom } from './seeded-random.js';

export type LevelProbabilities = Record<ComparisonName, readonly number[]>;

/**
 * The prior of m (issue 29), from documented error rates:
 * - first name, surname, birth date: the error mix of the linkage benchmark's generator (bench/generate.ts:
 *   nine error kinds equally likely, 15 % of returning records with two), measured as the level shares of
 *   60,000 generated returning records against their first record (seed 4711, the calibration seed). Its
 *   returning records all carry an error, so exact agreement is rarer than in a registry: a cautious prior,
 *   which EM and reviewers' decisions refine. "Different" is held at EpiLink's error rate at least (a surname
 *   changed without the birth name given is not generated).
 * - KVNR and address: EpiLink's error rates e (Contiero et al. 2005, Mainzelliste's default weights:
 *   KVNR 0.01, address 0.04), exact agreement 1 − 5e.
 */
export const REFERENCE_M: LevelProbabilities = {
  firstName: [0.808, 0.107, 0.058, 0.019, 0.008],
  surname: [0.797, 0.128, 0.06, 0.009, 0.006],
  birthDate: [0.665, 0.052, 0.19, 0.085, 0.008],
  insurance: [0.95, 0.05],
  address: [0.8, 0.1, 0.1],
};

/** u while the data are small: the reference frequencies for exact agreement, rough shares for the rest. */
export const REFERENCE_U: LevelProbabilities = {
  firstName: [0.000235, 0.004, 0.003, 0.03, 0.962765],
  surname: [0.0000271, 0.003, 0.002, 0.03, 0.9649729],
  birthDate: [0.0000794, 0.0001, 0.001, 0.004, 0.9948206],
  insurance: [0.000001, 0.999999],
  address: [0.01, 0.02, 0.97],
};

/**
 * Definite from a match probability of 0.95, possible above 0.2: calibrated on benchmark seed 4711 (docs/benchmarks.md;
 * 0.98 until issue 29, when a definite match also came to need two identifying fields).
 */
export const FELLEGI_SUNTER_THRESHOLD_MATCH = 0.95;
export const FELLEGI_SUNTER_THRESHOLD_NON_MATCH = 0.2;

/**
 * Share of additions that are for someone already stored (the prior of a match) before the service has seen
 * any: half, as in the warm benchmark. It is learnt from the additions answered (issue 29): definite matches
 * among all, with this share as a Beta prior worth RETURNING_PRIOR_ADDS additions.
 */
export const RETURNING_SHARE = 0.5;
const RETURNING_PRIOR_ADDS = 200;

/** What the additions so far say about the share of returning people. */
export type AddCounts = { matches: number; adds: number };

export const returningShare = (counts: AddCounts): number =>
  (counts.matches + RETURNING_SHARE * RETURNING_PRIOR_ADDS) / (counts.adds + RETURNING_PRIOR_ADDS);
/** Whether a record lacks one of first name, surname and birth date. */
export const incomplete = (record: LinkageRecord): boolean =>
  record.vorname === null || record.nachname === null || record.birthDate === null;

/** The share of returning people among additions like this one: records with a field missing keep their own count. */
export function shareFor(model: Pick<LinkageModel, 'additions' | 'incompleteAdditions'>, record: LinkageRecord): number {
  return returningShare(incomplete(record) ? model.incompleteAdditions : model.additions);
}

/** Below this many identities the reference u and m are used. */
export const MIN_TRAINING_SIZE = 1_000;
/** Pseudo-identities with the reference frequency of exact agreement that smooth the value counts while they are few. */
const SMOOTHING = 1_000;
const RANDOM_PAIRS = 20_000;
/** Identities sampled for the surname-blocked pairs (the date-blocked ones use all: their blocks are small). */
const EM_RECORDS = 20_000;
const EM_MAX_PAIRS = 200_000;
const EM_ITERATIONS = 30;
/** Weight of the reference m against EM's estimate, in duplicate pairs. */
const EM_PRIOR_PAIRS = 5_000;
/** EM must find at least this many duplicate pairs for its m to replace the reference m. */
const EM_MIN_MATCHES = 30;

/**
 * The population frequency of a name before the store shows it (name-frequencies.ts, normalised as stored):
 * agreeing on MÜLLER is weak evidence from the first record on. Names not listed get the reference frequency.
 */
const NAME_FREQUENCIES: Record<'firstName' | 'surname', ReadonlyMap<string, number>> = (() => {
  const normalised = (name: string, transform: 'firstName' | 'lastName'): string => {
    const value = transformValue(transform, name);
    return typeof value === 'string' ? value : compoundParts(value).join(' ');
  };
  const table = (entries: [string, number][], transform: 'firstName' | 'lastName'): Map<string, number> => {
    const map = new Map<string, number>();
    for (const [name, share] of entries) map.set(normalised(name, transform), (map.get(normalised(name, transform)) ?? 0) + share);
    return map;
  };
  // First-name weights are per 10,000 of one sex, so per 20,000 people.
  const firstNames = [...FIRST_NAMES_FEMALE, ...FIRST_NAMES_MALE].map(([name, weight]): [string, number] => [name, weight / 20_000]);
  // A Kölner Phonetik code's frequency is the sum of its names' frequencies.
  const withCodes = (names: Map<string, number>): Map<string, number> => {
    const map = new Map(names);
    for (const [name, share] of names) {
      const code = phoneticValue(koelnerPhonetik(name.replaceAll(' ', '')));
      map.set(code, (map.get(code) ?? 0) + share);
    }
    return map;
  };
  return {
    firstName: withCodes(table(firstNames, 'firstName')),
    surname: withCodes(
      table(
        COMMON_SURNAMES.map(([name, count]): [string, number] => [name, count / DIRECTORY_ENTRIES]),
        'lastName',
      ),
    ),
  };
})();

/** The frequency an exact agreement on `value` has before any identity is stored. */
export function priorFrequency(name: ComparisonName, value: string): number {
  const listed = name === 'firstName' || name === 'surname' ? NAME_FREQUENCIES[name].get(value) : undefined;
  // A code's frequency is at least the reference u of a same-sounding agreement (names not listed share codes too).
  if (value.startsWith('~')) return Math.max(listed ?? 0, REFERENCE_U[name][1] ?? 1);
  return listed ?? REFERENCE_U[name][0] ?? 1;
}

export type ValueCounts = Record<ComparisonName, Map<string, number>>;
export type LinkageModel = {
  total: number;
  counts: ValueCounts;
  u: LevelProbabilities;
  m: LevelProbabilities;
  learnedM: boolean;
  /** Additions answered so far, for the share of returning people; the live counts, never re-estimated. */
  additions: AddCounts;
  /** The additions among them whose record lacks the first name or the birth date: their own share (issue 29). */
  incompleteAdditions: AddCounts;
};

/** The values whose frequency sets the u of an exact agreement, per comparison. */
function valuesOf(record: LinkageRecord): [ComparisonName, string][] {
  const values: [ComparisonName, string][] = [];
  if (record.vorname) values.push(['firstName', record.vorname.text], ['firstName', phoneticValue(record.vorname.code)]);
  if (record.nachname) values.push(['surname', record.nachname.text], ['surname', phoneticValue(record.nachname.code)]);
  if (record.geburtsname && record.geburtsname.text !== record.nachname?.text) values.push(['surname', record.geburtsname.text]);
  if (record.geburtsname && record.geburtsname.code !== record.nachname?.code)
    values.push(['surname', phoneticValue(record.geburtsname.code)]);
  if (record.birthDate) values.push(['birthDate', isoDate(record.birthDate)]);
  if (record.insurance) values.push(['insurance', record.insurance]);
  if (record.plz || record.ort) values.push(['address', `${record.plz ?? ''}|${record.ort ?? ''}`]);
  return values;
}

const emptyShares = (): Record<ComparisonName, number[] | null> =>
  Object.fromEntries(COMPARISON_NAMES.map((name) => [name, null])) as Record<ComparisonName, number[] | null>;

const emptyCounts = (): ValueCounts => Object.fromEntries(COMPARISON_NAMES.map((name) => [name, new Map<string, number>()])) as ValueCounts;

/** What the chance of an agreement between two different people is read from: the value counts and the levels' u. */
export type ChanceModel = Pick<LinkageModel, 'total' | 'counts' | 'u'>;

/**
 * The chance that two different people agree as `agreement` says (its u): for an exact or same-sounding agreement
 * the agreed value's smoothed frequency among the stored identities (or, for a lookup's pair kept for learning, the
 * frequency it was scored with), otherwise the level's u from random pairs.
 */
export function chanceOf(model: ChanceModel, name: ComparisonName, agreement: NonNullable<Agreement>): number {
  if (agreement.u !== undefined) return agreement.u;
  if (agreement.value !== null) {
    return ((model.counts[name].get(agreement.value) ?? 0) + SMOOTHING * priorFrequency(name, agreement.value)) / (model.total + SMOOTHING);
  }
  return model.u[name][agreement.level] ?? 1;
}

/** Counts one identity in (+1) or out (−1) of the value frequencies. */
export function observe(model: LinkageModel, data: MatchData, change: 1 | -1): void {
  model.total = Math.max(0, model.total + change);
  for (const [name, value] of valuesOf(linkageRecord(data))) {
    const count = (model.counts[name].get(value) ?? 0) + change;
    if (count > 0) model.counts[name].set(value, count);
    else model.counts[name].delete(value);
  }
}

/** Level shares among vectors, with add-one smoothing so no level has probability 0; null for a comparison never observed. */
function levelShares(vectors: readonly ComparisonVector[], weights: readonly number[] | null): Record<ComparisonName, number[] | null> {
  return Object.fromEntries(
    COMPARISON_NAMES.map((name) => {
      const size = REFERENCE_M[name].length;
      const sums = new Array<number>(size).fill(0);
      let observed = 0;
      vectors.forEach((vector, i) => {
        const agreement = vector[name];
        if (agreement === null) return;
        sums[agreement.level] = (sums[agreement.level] ?? 0) + (weights?.[i] ?? 1);
        observed += 1;
      });
      const total = sums.reduce((x, y) => x + y, 0) + size * 0.5;
      return [name, observed === 0 ? null : sums.map((sum) => (sum + 0.5) / total)];
    }),
  ) as Record<ComparisonName, number[] | null>;
}

/** Observed shares where there are any, the reference elsewhere. */
function orReference(shares: Record<ComparisonName, number[] | null>, reference: LevelProbabilities): LevelProbabilities {
  return Object.fromEntries(COMPARISON_NAMES.map((name) => [name, shares[name] ?? reference[name]])) as LevelProbabilities;
}

/**
 * Training runs in steps (a generator that yields every STEP comparisons): run to the end at once when the
 * service starts, or one step per event-loop turn when it re-estimates in the background, so lookups stay answered.
 */
export type Steps<T> = Generator<void, T>;
const STEP = 500;

/** Runs steps to the end at once. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs steps, one per turn of the event loop. */
export async function runStepsInBackground<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function* randomPairU(records: readonly LinkageRecord[], random: () => number): Steps<LevelProbabilities> {
  const vectors: ComparisonVector[] = [];
  for (let i = 0; i < RANDOM_PAIRS; i += 1) {
    const a = records[Math.floor(random() * records.length)];
    const b = records[Math.floor(random() * records.length)];
    if (a && b && a !== b) vectors.push(compare(a, b)[0] as ComparisonVector);
    if (i % STEP === 0) yield;
  }
  return orReference(levelShares(vectors, null), REFERENCE_U);
}

const levelSum = (vector: ComparisonVector): number => COMPARISON_NAMES.reduce((sum, name) => sum + (vector[name]?.level ?? 0), 0);

/** Straight or with names swapped, whichever agrees more: EM has no weights yet to choose by. */
export function closerArrangement(a: LinkageRecord, b: LinkageRecord): ComparisonVector {
  const [straight, swapped] = compare(a, b) as [ComparisonVector, ComparisonVector?];
  return swapped !== undefined && levelSum(swapped) < levelSum(straight) ? swapped : straight;
}

/**
 * Pairs that share one blocking key, as the lookups' candidates do: up to `sampleSize` identities are
 * grouped by the key and each is paired with its next few block mates.
 */
function* blockedPairs(
  records: readonly LinkageRecord[],
  keyOf: (record: LinkageRecord) => string | null,
  sampleSize: number,
  random: () => number,
): Steps<ComparisonVector[]> {
  const sample =
    records.length <= sampleSize
      ? records
      : Array.from({ length: sampleSize }, () => records[Math.floor(random() * records.length)] as LinkageRecord);
  const blocks = new Map<string, LinkageRecord[]>();
  for (const record of new Set(sample)) {
    const key = keyOf(record);
    if (key === null) continue;
    const block = blocks.get(key) ?? [];
    block.push(record);
    blocks.set(key, block);
  }
  const vectors: ComparisonVector[] = [];
  for (const block of blocks.values()) {
    for (let i = 0; i < block.length && vectors.length < EM_MAX_PAIRS; i += 1) {
      for (let j = i + 1; j < Math.min(block.length, i + 10); j += 1) {
        vectors.push(closerArrangement(block[i] as LinkageRecord, block[j] as LinkageRecord));
        if (vectors.length % STEP === 0) yield;
      }
    }
  }
  return vectors;
}

function probabilityOf(vector: ComparisonVector, p: LevelProbabilities): number {
  let product = 1;
  for (const name of COMPARISON_NAMES) {
    const agreement = vector[name];
    if (agreement !== null) product *= p[name][agreement.level] ?? 1;
  }
  return product;
}

/** The probability of a pair's agreements between two different people, each at its own chance (chanceOf). */
function chanceOfPair(vector: ComparisonVector, model: ChanceModel): number {
  let product = 1;
  for (const name of COMPARISON_NAMES) {
    const agreement = vector[name];
    if (agreement !== null) product *= chanceOf(model, name, agreement);
  }
  return product;
}

type EstimatedM = Record<ComparisonName, number[] | null>;

function* estimateMSteps(
  vectors: readonly ComparisonVector[],
  chance: ChanceModel,
  heldOut: ComparisonName | null,
): Steps<EstimatedM | null> {
  const pairs = heldOut === null ? vectors : vectors.map((vector) => ({ ...vector, [heldOut]: null }));
  // Each pair's chance agreement is fixed as the score weighs it: a pair sharing MÜLLER is likelier two people than one
  // sharing a rare name (issue 29: with the levels' average u, EM took namesakes born the same day who share a common
  // surname for one person whose first name differs, which raised the m of a wholly different first name).
  const chances = pairs.map((vector) => chanceOfPair(vector, chance));
  let m: LevelProbabilities = REFERENCE_M;
  let share = 0.01;
  let shares = levelShares(pairs, null);
  for (let iteration = 0; iteration < EM_ITERATIONS; iteration += 1) {
    const posteriors: number[] = [];
    for (const vector of pairs) {
      const match = share * probabilityOf(vector, m);
      posteriors.push(match / (match + (1 - share) * (chances[posteriors.length] ?? 1)));
      if (posteriors.length % STEP === 0) yield;
    }
    share = posteriors.reduce((a, b) => a + b, 0) / Math.max(1, pairs.length);
    shares = levelShares(pairs, posteriors);
    m = orReference(shares, REFERENCE_M);
    yield;
  }
  const exactDominates = COMPARISON_NAMES.every((name) => (shares[name]?.[0] ?? 1) > 0.5);
  // Most blocked pairs are different people; a 'match class' holding half of them is not one.
  const matches = share * pairs.length;
  if (matches < EM_MIN_MATCHES || share >= 0.5 || !exactDominates) return null;
  // The reference m as a Dirichlet prior worth EM_PRIOR_PAIRS duplicate pairs: EM's estimate takes over as duplicates accumulate.
  const blend = (name: ComparisonName, observed: number[]): number[] =>
    observed.map((value, level) => (matches * value + EM_PRIOR_PAIRS * (REFERENCE_M[name][level] ?? 0)) / (matches + EM_PRIOR_PAIRS));
  return Object.fromEntries(COMPARISON_NAMES.map((name) => [name, shares[name] === null ? null : blend(name, shares[name])])) as EstimatedM;
}

/**
 * EM for the match share and m, u held fixed (as Splink does). The comparison the pairs were blocked on
 * agrees far more often than u says, so it is held out; its m comes from pairs blocked otherwise. Null
 * when no match class emerges.
 */
export function estimateM(
  vectors: readonly ComparisonVector[],
  chance: ChanceModel,
  heldOut: ComparisonName | null = null,
): EstimatedM | null {
  return runSteps(estimateMSteps(vectors, chance, heldOut));
}

/**
 * The pairs data managers decided are one person (possible-match review) are labelled duplicates: their
 * levels are counted into m on top of the estimate, which weighs as EM_PRIOR_PAIRS pairs.
 */
function withDecisions(m: LevelProbabilities, decided: readonly ComparisonVector[]): LevelProbabilities {
  if (decided.length === 0) return m;
  const counts = levelShares(decided, null);
  return Object.fromEntries(
    COMPARISON_NAMES.map((name) => {
      const observed = counts[name];
      const levels = m[name];
      if (observed === null) return [name, levels];
      const n = decided.filter((vector) => vector[name] !== null).length;
      return [name, levels.map((value, level) => (EM_PRIOR_PAIRS * value + n * (observed[level] ?? 0)) / (EM_PRIOR_PAIRS + n))];
    }),
  ) as LevelProbabilities;
}

/** A pair of identities a data manager decided are the same person. */
export type DecidedPair = readonly [MatchData, MatchData];

/** The most recent lookups' candidate pairs kept for EM (levels only: no value, so no IDAT is held). */
export const LOOKUP_PAIRS = 100_000;
/** From this many lookup pairs on, EM learns m from them without the stored pairs (trainingSteps). */
export const LOOKUP_PAIRS_ALONE = 20_000;

/**
 * The candidate pairs of the latest lookups, as Splink learns from blocked pairs of the incoming data: a registry
 * that links well stores almost no duplicates, but about one addition in ten is a returning person, whose pair
 * with their stored record is among its lookup's candidates. A ring of LOOKUP_PAIRS; the same lookups in the same
 * order give the same pairs. Not kept across restarts (the stored pairs and reviewed pairs are).
 */
export type LookupPairs = {
  add: (vector: ComparisonVector, chance: ChanceModel) => void;
  snapshot: () => ComparisonVector[];
  size: () => number;
};

export function lookupPairs(capacity = LOOKUP_PAIRS): LookupPairs {
  const ring: ComparisonVector[] = [];
  let next = 0;
  return {
    add: (vector, chance) => {
      // An agreed value is replaced by its frequency, which EM weighs the pair by.
      const levels = Object.fromEntries(
        COMPARISON_NAMES.map((name) => {
          const agreement = vector[name];
          if (agreement === null) return [name, null];
          return [
            name,
            { level: agreement.level, value: null, ...(agreement.value === null ? {} : { u: chanceOf(chance, name, agreement) }) },
          ];
        }),
      ) as ComparisonVector;
      if (ring.length < capacity) ring.push(levels);
      else ring[next] = levels;
      next = (next + 1) % capacity;
    },
    // Oldest first, so the same lookups give the same order whatever the ring's position.
    snapshot: () => (ring.length < capacity ? [...ring] : [...ring.slice(next), ...ring.slice(0, next)]),
    size: () => ring.length,
  };
}

/**
 * The training in steps: value counts, u from random pairs, m by EM (over stored pairs and the lookups' candidate
 * pairs) and from reviewed pairs.
 */
export function* trainingSteps(
  data: readonly MatchData[],
  decided: readonly DecidedPair[] = [],
  lookups: readonly ComparisonVector[] = [],
): Steps<LinkageModel> {
  const model: LinkageModel = {
    total: 0,
    counts: emptyCounts(),
    u: REFERENCE_U,
    m: REFERENCE_M,
    learnedM: false,
    additions: { matches: 0, adds: 0 },
    incompleteAdditions: { matches: 0, adds: 0 },
  };
  for (const [index, item] of data.entries()) {
    observe(model, item, 1);
    if (index % STEP === 0) yield;
  }
  const labelled = decided.map(([a, b]) => closerArrangement(linkageRecord(a), linkageRecord(b)));
  model.m = withDecisions(REFERENCE_M, labelled);
  model.learnedM = labelled.length > 0;
  if (data.length < MIN_TRAINING_SIZE) return model;
  const random = seededRandom(17);
  const records: LinkageRecord[] = [];
  for (const item of data) {
    records.push(linkageRecord(item));
    if (records.length % STEP === 0) yield;
  }
  model.u = yield* randomPairU(records, random);
  // Names' m from pairs born the same day, the date's m from pairs whose surnames sound alike: stored pairs and the
  // lookups' candidate pairs alike (held out, the comparison that selected a pair says nothing about it). Once the
  // lookups hold enough pairs, m is learnt from them alone: the duplicates a linking registry stores are the returning
  // people its lookups did not find definitely, a sample biased towards errors (issue 29).
  const storedToo = lookups.length < LOOKUP_PAIRS_ALONE;
  const byDatePairs = storedToo
    ? yield* blockedPairs(records, (record) => (record.birthDate ? isoDate(record.birthDate) : null), records.length, random)
    : [];
  const lookupsByDate = lookups.filter((vector) => vector.birthDate?.level === 0);
  const byDate = yield* estimateMSteps([...byDatePairs, ...lookupsByDate], model, 'birthDate');
  const bySurnamePairs = storedToo ? yield* blockedPairs(records, (record) => record.nachname?.code ?? null, EM_RECORDS, random) : [];
  const lookupsBySurname = lookups.filter((vector) => vector.surname !== null && vector.surname.level <= 1);
  const bySurname = yield* estimateMSteps([...bySurnamePairs, ...lookupsBySurname], model, 'surname');
  const learned: EstimatedM = { ...(byDate ?? emptyShares()), birthDate: bySurname?.birthDate ?? null };
  model.m = withDecisions(orReference(learned, REFERENCE_M), labelled);
  model.learnedM = byDate !== null || bySurname !== null || labelled.length > 0;
  return model;
}

/** Trains a model on the stored identities at once (the service's start, tests, the benchmark). */
export function trainModel(
  data: readonly MatchData[],
  decided: readonly DecidedPair[] = [],
  lookups: readonly ComparisonVector[] = [],
): LinkageModel {
  return runSteps(trainingSteps(data, decided, lookups));
}

/**
 * Of the same person's surname agreements, the share that agree only through a birth name (a name changed at
 * marriage): in the benchmark generator's error mix 0.12 of 0.8, so a surname agreeing with the other's birth name
 * is weaker evidence than the surname itself.
 */
const BIRTH_NAME_SHARE = 0.4;

/** Weight of one arrangement in bits; an exact agreement's u is its value's smoothed frequency. */
export function weightOf(model: LinkageModel, vector: ComparisonVector): number {
  let weight = 0;
  for (const name of COMPARISON_NAMES) {
    const agreement = vector[name];
    if (agreement === null) continue;
    // Exact and same-sounding agreements weigh by how often their value (the name, the date, the code) is stored.
    const u = chanceOf(model, name, agreement);
    const m = (model.m[name][agreement.level] ?? 1) * (agreement.birthName ? BIRTH_NAME_SHARE : 1);
    weight += Math.log2(m / u);
  }
  return weight;
}

/**
 * A definite match needs more than one identifying field (issue 29): at least two of first name, surname and
 * birth date agree exactly or nearly (same Kölner Phonetik; day and month swapped), one of the names exactly,
 * and birth dates given on both sides are not wholly different. The prior counts the real store size, so in a
 * small registry the weights alone would call a pair that shares only a rare name the same person; and two
 * names that merely sound alike are too coarse a match (HANS = JONAS, MEICHER = MUGER).
 */
export function corroborated(vector: ComparisonVector): boolean {
  // A surname that only sounds like the other's birth name (or agrees with it only through one) is no near agreement:
  // two surnames compared with two others make a chance agreement of sound likely (benchmark: four of ten wrong merges).
  const near = [vector.firstName, vector.surname, vector.birthDate].filter(
    (agreement) => agreement !== null && agreement.level <= (agreement.birthName ? 0 : 1),
  );
  const exactName = vector.firstName?.level === 0 || vector.surname?.level === 0;
  const compared = [vector.firstName, vector.surname, vector.birthDate].filter((agreement) => agreement !== null);
  // With a field missing on either side, the two left must both agree exactly.
  const complete = compared.length === 3 || compared.every((agreement) => agreement.level === 0);
  return complete && near.length >= 2 && exactName && vector.birthDate?.level !== COMPARISONS.birthDate.length - 1;
}

export type FellegiSunterThresholds = { thresholdMatch: number; thresholdNonMatch: number };

/** The highest score below the definite threshold: where an uncorroborated pair's score is capped. */
const belowDefinite = (thresholdMatch: number): number => thresholdMatch - 1e-9;

/** A lookup that is a second look at a pair already compared (not a lookup over blocks) is not learnt from. */
export type LookupOptions = { learn?: boolean };

export type FellegiSunterMatcher = {
  model: LinkageModel;
  classify: (score: number) => MatchResultType;
  bestMatch: <K>(input: MatchData, candidates: Iterable<{ key: K; data: MatchData }>, options?: LookupOptions) => MatchResult<K>;
  observe: (data: MatchData, change: 1 | -1) => void;
};

export function createFellegiSunterMatcher(
  model: LinkageModel,
  thresholds: FellegiSunterThresholds,
  lookups?: LookupPairs,
): FellegiSunterMatcher {
  const classify = thresholdClassifier(thresholds);
  const bestMatch = <K>(
    input: MatchData,
    candidates: Iterable<{ key: K; data: MatchData }>,
    { learn = true }: LookupOptions = {},
  ): MatchResult<K> => {
    const record = linkageRecord(input);
    // Each stored identity is equally likely the person looked up: the prior counts the identities really stored.
    const share = shareFor(model, record);
    const prior = share / Math.max(1, model.total);
    let evidence = 0;
    let best: { key: K; odds: number; vectors: ComparisonVector[]; vector: ComparisonVector; loneNameSwapped: boolean } | null = null;
    for (const candidate of candidates) {
      const stored = linkageRecord(candidate.data);
      const vectors = compare(record, stored);
      const weights = vectors.map((vector) => weightOf(model, vector));
      const strongest = weights.indexOf(Math.max(...weights));
      const odds = prior * 2 ** (weights[strongest] ?? 0);
      if (learn) lookups?.add(vectors[strongest] as ComparisonVector, model);
      evidence += odds;
      if (best === null || odds > best.odds) {
        const loneNameSwapped = strongest === 1 && (singleName(record) || singleName(stored));
        best = { key: candidate.key, odds, vectors, vector: vectors[strongest] as ComparisonVector, loneNameSwapped };
      }
    }
    // mainzelliste-api.md §1 "checkMatch": no candidate → -Double.MAX_VALUE and no best patient.
    if (best === null) return { type: 'NON_MATCH', score: -Number.MAX_VALUE, best: null };
    const score = best.odds / (1 - share + evidence);
    let type = classify(score);
    // A single name taken for the other field's name: whether it is a first name or a surname is a guess.
    if (type === 'MATCH' && (!corroborated(best.vector) || best.loneNameSwapped)) type = 'POSSIBLE_MATCH';
    // Taking it for the other field's name is one guess; with the birth date not exact as well, it is no lead for a clerk
    // (issue 29: at 100,000 identities every such possible answer went to a new person).
    if (best.loneNameSwapped && best.vector.birthDate?.level !== 0) type = 'NON_MATCH';
    // The insurance number alone never makes a definite match: a record that shares it while the person's own data
    // would not match is a conflict for the clerk to see (ecrf-calls.md §5 'Versichertennummer und weitere
    // Patientendaten passen nicht zusammen.'), not the same person.
    if (type === 'MATCH' && best.vectors.some((vector) => vector.insurance?.level === 0)) {
      const withoutNumber = prior * 2 ** Math.max(...best.vectors.map((vector) => weightOf(model, { ...vector, insurance: null })));
      if (classify(withoutNumber / (1 - share + evidence - best.odds + withoutNumber)) !== 'MATCH') type = 'POSSIBLE_MATCH';
    }
    // A pair the checks above keep from being definite never reports a definite score: callers that judge by the score
    // alone (checkMatch, and the registry's ≥ 0.99 rule of ecrf-calls.md §5) must reach the same verdict.
    const reported = type === 'POSSIBLE_MATCH' ? Math.min(score, belowDefinite(thresholds.thresholdMatch)) : score;
    return { type, score: reported, best: type === 'NON_MATCH' ? null : best.key };
  };
  return { model, classify, bestMatch, observe: (data, change) => observe(model, data, change) };
}
