import { describe, expect, it } from 'vitest';
import { applyError, generateProbes, generateStored, germanPopulation } from '../../bench/generate.js';
import { blockingKeys } from '../matching/blocking.js';
import { seededRandom } from '../matching/seeded-random.js';
import { REFERENCE_M, trainModel } from '../matching/fellegi-sunter.js';
import type { MatchData } from '../matching/prepare.js';
import { matchDataOf } from './fields.js';
import { createLearningMatcher, type TrainingSource } from './record-matcher.js';

const thresholds = { thresholdMatch: 0.98, thresholdNonMatch: 0.2 };
/** Seeded German identities, 5 % of them duplicates with one error, so EM finds a match class. */
const identities = (size: number, seed: number): MatchData[] => {
  const random = seededRandom(seed);
  return generateStored(random, germanPopulation(random), size, 0.05).stored.map((fields) => matchDataOf(fields));
};
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the Fellegi–Sunter matcher learning while running (issue 29)', () => {
  it('re-estimates u and m after the store doubles, without restart, and answers lookups meanwhile', async () => {
    const all = identities(2_400, 29);
    const stored = all.slice(0, 1_200);
    const source: TrainingSource = {
      identities: async () => [...stored],
      decidedSame: async () => [],
      additions: async () => ({ matches: 0, adds: 0 }),
    };
    const matcher = await createLearningMatcher(source, thresholds, { intervalMs: 0 });
    const before = matcher.estimate?.();
    expect(before).toMatchObject({ identities: 1_200, trainedOn: 1_200, reestimations: 0, running: false });

    // The store doubles, as the inserts report it; the second half triggers the re-estimation.
    for (const item of all.slice(1_200)) {
      stored.push(item);
      matcher.observe?.(item, 1);
    }
    expect(matcher.estimate?.().running).toBe(true);
    const answeredWhileRunning: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await nextTurn();
      const probe = all[i] as MatchData;
      const result = matcher.bestMatch(probe, [{ key: i, data: probe }]);
      if (matcher.estimate?.().running) answeredWhileRunning.push(result.type);
    }
    expect(answeredWhileRunning).toEqual(['MATCH', 'MATCH', 'MATCH', 'MATCH', 'MATCH']);

    await matcher.reestimate?.();
    const after = matcher.estimate?.();
    expect(after).toMatchObject({ identities: 2_400, trainedOn: 2_400, reestimations: 1, running: false });
    expect(after?.u).not.toEqual(before?.u);
    expect(after?.m).not.toEqual(before?.m);
    // The same data give the same estimate (seeded sampling, rows in id order).
    expect(after?.m).toEqual(trainModel(all).m);
    matcher.close?.();
  });

  it('learns m from the lookups of returning people when the store holds no duplicates, the same lookups the same m', async () => {
    const random = seededRandom(41);
    const population = germanPopulation(random);
    const people = generateStored(random, population, 3_000, 0).stored;
    const stored = people.map((fields) => matchDataOf(fields));
    // A site whose returning patients come back as stored, or with one wrong birth-date part (every third: more often
    // than the prior expects), among new people: about one lookup in five.
    const returning = people.slice(0, 600).map((fields, truth) => ({
      data: matchDataOf(truth % 3 === 0 ? applyError(random, population, fields, 'wrongDatePart') : fields),
      truth,
    }));
    const lookups = [
      ...returning,
      ...generateProbes(random, population, people, 0, 2_400).map((probe) => ({ data: matchDataOf(probe.fields), truth: null })),
    ];
    // The candidates a lookup reads: stored identities sharing a blocking key with it.
    const index = new Map<string, number[]>();
    const keysOf = (data: MatchData): string[] =>
      Object.entries(blockingKeys(data)).flatMap(([key, value]) => (value === null ? [] : [`${key}=${value}`]));
    stored.forEach((data, i) => keysOf(data).forEach((key) => index.set(key, [...(index.get(key) ?? []), i])));
    const candidatesOf = (data: MatchData) =>
      [...new Set(keysOf(data).flatMap((key) => index.get(key) ?? []))].map((i) => ({ key: i, data: stored[i] as MatchData }));
    const source: TrainingSource = {
      identities: async () => stored,
      decidedSame: async () => [],
      additions: async () => ({ matches: 0, adds: 0 }),
    };

    const learnFromLookups = async () => {
      const matcher = await createLearningMatcher(source, thresholds, { intervalMs: 0 });
      expect(matcher.estimate?.()).toMatchObject({ learnedM: false, lookupPairs: 0 });
      // The returning people's match probabilities, and the new people taken for someone stored.
      const answers = () => {
        const scores = returning.map(({ data }) => matcher.bestMatch(data, candidatesOf(data), { learn: false }).score);
        const merged = lookups.filter(
          ({ data, truth }) => truth === null && matcher.bestMatch(data, candidatesOf(data), { learn: false }).type === 'MATCH',
        );
        return { scores, merged: merged.length };
      };
      const before = answers();
      for (const { data } of lookups) matcher.bestMatch(data, candidatesOf(data));
      await matcher.reestimate?.();
      return { before, after: answers(), estimate: matcher.estimate?.() };
    };
    const first = await learnFromLookups();
    expect(first.estimate?.learnedM).toBe(true);
    expect(first.estimate?.lookupPairs).toBeGreaterThan(lookups.length);
    // One wrong date part is more likely for the same person than the prior said: such returning people score higher,
    // and no new person is taken for someone stored.
    expect(first.estimate?.m.birthDate[3]).toBeGreaterThan(REFERENCE_M.birthDate[3] ?? 1);
    const wrongDate = (scores: number[]) => scores.filter((_, truth) => truth % 3 === 0).reduce((a, b) => a + b, 0);
    expect(wrongDate(first.after.scores)).toBeGreaterThan(wrongDate(first.before.scores));
    expect(first.after.merged).toBe(0);
    expect((await learnFromLookups()).estimate?.m).toEqual(first.estimate?.m);
  });

  it('learns the share of returning people, the prior of a match, from the additions answered', async () => {
    const stored = identities(50, 11);
    const matcher = await createLearningMatcher(
      { identities: async () => stored, decidedSame: async () => [], additions: async () => ({ matches: 0, adds: 0 }) },
      thresholds,
      { intervalMs: 0 },
    );
    const probe = { ...(stored[0] as MatchData), vorname: 'Zwetlana' };
    const candidates = [{ key: 0, data: stored[0] as MatchData }];
    const before = matcher.bestMatch(probe, candidates).score;
    expect(matcher.estimate?.().returningShare).toBe(0.5);
    for (let i = 0; i < 1_000; i += 1) matcher.countAddition?.(i % 10 === 0, stored[1] as MatchData);
    expect(matcher.estimate?.().returningShare).toBeCloseTo((100 + 100) / 1_200, 6);
    // Fewer returning people: the same evidence is less likely the stored person.
    expect(matcher.bestMatch(probe, candidates).score).toBeLessThan(before);
  });

  it('keeps a share of its own for additions lacking the birth date or the first name, learnt from their answers', async () => {
    const stored = identities(50, 13);
    const matcher = await createLearningMatcher(
      { identities: async () => stored, decidedSame: async () => [], additions: async () => ({ matches: 0, adds: 0 }) },
      thresholds,
      { intervalMs: 0 },
    );
    const withoutDate = { ...(stored[0] as MatchData), geburtstag: '', geburtsmonat: '', geburtsjahr: '' };
    const candidates = [{ key: 0, data: stored[0] as MatchData }];
    const before = matcher.bestMatch(withoutDate, candidates).score;
    // Complete additions, mostly new people, lower the share of complete records only.
    for (let i = 0; i < 1_000; i += 1) matcher.countAddition?.(i % 10 === 0, stored[1] as MatchData);
    expect(matcher.estimate?.()).toMatchObject({ incompleteReturningShare: 0.5 });
    expect(matcher.estimate?.().returningShare).toBeLessThan(0.2);
    expect(matcher.bestMatch(withoutDate, candidates).score).toBeCloseTo(before, 9);
    // Records without a birth date that were mostly found: the same evidence is more likely the stored person.
    for (let i = 0; i < 300; i += 1) matcher.countAddition?.(true, withoutDate);
    expect(matcher.estimate?.().incompleteReturningShare).toBeCloseTo((300 + 100) / 500, 6);
    expect(matcher.bestMatch(withoutDate, candidates).score).toBeGreaterThan(before);
  });

  it('counts the pairs data managers decided are one person into m', () => {
    const stored = identities(50, 7);
    const [a, b] = [stored[0] as MatchData, { ...(stored[0] as MatchData), geburtsjahr: '1901' }];
    const reviewed = trainModel(
      stored,
      Array.from({ length: 500 }, () => [a, b] as const),
    );
    expect(reviewed.learnedM).toBe(true);
    // Every reviewed pair differs in one date part: that level's m grows, exact agreement's shrinks.
    expect(reviewed.m.birthDate[3]).toBeGreaterThan(REFERENCE_M.birthDate[3] ?? 1);
    expect(reviewed.m.birthDate[0]).toBeLessThan(REFERENCE_M.birthDate[0] ?? 0);
    expect(trainModel(stored).m).toEqual(REFERENCE_M);
  });
});
