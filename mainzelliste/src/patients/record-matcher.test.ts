import { describe, expect, it } from 'vitest';
import { generateStored, germanPopulation } from '../../bench/generate.js';
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
    const source: TrainingSource = { identities: async () => [...stored], decidedSame: async () => [] };
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
