/**
 * The stream scenario replayed in process (BENCH_STREAM_IN_PROCESS=1, docs/benchmarks.md "Record linkage from an
 * empty registry"): the learning matcher and the blocking keys of the service, with the store and its blocks in
 * memory instead of the database and no HTTP. It answers as POST /patients does (a definite match stores nothing; a
 * possible match is asked again with sureness and stored; the additions counted, the store observed, a re-estimation
 * awaited where the service runs it in the background), so its decisions equal the HTTP run's (the 10,000-record
 * stream gives the same tables) at a fraction of the time: for measuring the matcher at 100,000 records on a loaded
 * machine. Its times are the matcher's alone.
 */
import { performance } from 'node:perf_hooks';
import { blockingKeys, blockingQuery, type BlockingKeys, type BlockingQuery } from '../src/matching/blocking.js';
import { FELLEGI_SUNTER_THRESHOLD_MATCH, FELLEGI_SUNTER_THRESHOLD_NON_MATCH } from '../src/matching/fellegi-sunter.js';
import type { MatchData } from '../src/matching/prepare.js';
import { matchDataOf, pickFields } from '../src/patients/fields.js';
import { createLearningMatcher } from '../src/patients/record-matcher.js';
import type { Identity } from './generate.js';

/** The pid the record ended with; after a possible match also the pid it named. */
export type Answer = { possible: boolean; pid: string; possiblePid: string | null; ms: number };

/** Which stored key each column of a lookup asks (patients.sql.ts findCandidates). */
const asked = (query: BlockingQuery): [string, string[]][] => [
  ['surnameYear', query.surnameYears],
  ['names', query.names],
  ['birthDate', query.birthDates],
  ['firstNameYear', query.firstNameYears],
  ['nameDayMonth', query.nameDayMonths],
  ['nameInitial', query.nameInitials],
  ['insurance', query.insurances],
];
const stored = (keys: BlockingKeys): [string, string | null][] => [
  ['surnameYear', keys.nachnameYear],
  ['surnameYear', keys.geburtsnameYear],
  ['names', keys.names],
  ['birthDate', keys.birthDate],
  ['firstNameYear', keys.firstNameYear],
  ['nameDayMonth', keys.firstNameDayMonth],
  ['nameDayMonth', keys.surnameDayMonth],
  ['nameInitial', keys.firstNameInitial],
  ['nameInitial', keys.surnameInitial],
  ['insurance', keys.insurance],
];

export async function inProcessClient(env: Record<string, string | undefined>): Promise<{ insert: (fields: Identity) => Promise<Answer> }> {
  const identities: MatchData[] = [];
  const blocks = new Map<string, number[]>();
  const additions = { matches: 0, adds: 0 };
  const matcher = await createLearningMatcher(
    { identities: async () => [...identities], decidedSame: async () => [], additions: async () => ({ ...additions }) },
    {
      thresholdMatch: Number(env.MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_MATCH ?? FELLEGI_SUNTER_THRESHOLD_MATCH),
      thresholdNonMatch: Number(env.MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_NON_MATCH ?? FELLEGI_SUNTER_THRESHOLD_NON_MATCH),
    },
    { intervalMs: 0 },
  );
  // Stored identities sharing a key with the lookup, in id order (ids count from 1).
  const candidates = (data: MatchData) => {
    const ids = new Set<number>();
    for (const [column, values] of asked(blockingQuery(data))) {
      for (const value of values) for (const id of blocks.get(`${column}=${value}`) ?? []) ids.add(id);
    }
    return [...ids].sort((a, b) => a - b).map((id) => ({ key: id, data: identities[id - 1] as MatchData }));
  };
  return {
    insert: async (fields) => {
      const data = matchDataOf(pickFields(fields));
      const started = performance.now();
      const first = matcher.bestMatch(data, candidates(data));
      const ms = performance.now() - started;
      if (first.type === 'MATCH' && first.best !== null) {
        matcher.countAddition?.(true, data);
        return { possible: false, pid: String(first.best), possiblePid: null, ms };
      }
      const possible = first.type === 'POSSIBLE_MATCH' && first.best !== null;
      // The clerk sends the record again with sureness: a second lookup, then it is stored.
      if (possible) matcher.bestMatch(data, candidates(data));
      matcher.countAddition?.(false, data);
      identities.push(data);
      const id = identities.length;
      for (const [column, value] of stored(blockingKeys(data))) {
        if (value === null) continue;
        const block = blocks.get(`${column}=${value}`) ?? [];
        block.push(id);
        blocks.set(`${column}=${value}`, block);
      }
      matcher.observe?.(data, 1);
      if (matcher.estimate?.().running) await matcher.reestimate?.();
      return { possible, pid: String(id), possiblePid: possible ? String(first.best) : null, ms };
    },
  };
}
