/**
 * The configured record-linkage model (docs/mainzelliste.md "Matching"): the Fellegi–Sunter matcher,
 * trained on the stored identities when the service starts and kept current on every insert, edit and
 * delete, or the reference EpiLink matcher (MAINZELLISTE_MATCHER=epilink) with its fixed weights.
 *
 * The Fellegi–Sunter matcher learns while running (issue 29): when the store has doubled since the last
 * estimate, and on a schedule, u and m are re-estimated in the background (the training yields to the event
 * loop, the rows are read in pages), then swapped in; the value counts stay the live ones. Pairs data managers
 * decided are one person count into m, and so do the candidate pairs of the latest lookups. The share of additions for someone already stored (the prior of a
 * match) follows the answers. The estimate in use is logged and shown on /monitoring/linkage.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../__generated__/database.js';
import type { MainzellisteConfig } from '../config/config.js';
import { defaultMatcherConfig } from '../matching/default-config.js';
import { createMatcher, type MatchResult } from '../matching/epilink.js';
import {
  createFellegiSunterMatcher,
  incomplete,
  lookupPairs,
  returningShare,
  runStepsInBackground,
  trainingSteps,
  trainModel,
  type AddCounts,
  type DecidedPair,
  type LevelProbabilities,
  type LinkageModel,
  type LookupOptions,
} from '../matching/fellegi-sunter.js';
import { linkageRecord } from '../matching/comparisons.js';
import type { MatchData } from '../matching/prepare.js';

/** The estimate in use, as the monitoring endpoint and the log show it (no IDAT: probabilities and counts only). */
export type LinkageEstimate = {
  identities: number;
  trainedOn: number;
  /** The share of additions for someone already stored, the prior of a match. */
  returningShare: number;
  /** The same share among additions whose record lacks the first name or the birth date (learnt since the start). */
  incompleteReturningShare: number;
  reviewedPairs: number;
  /** The lookups' candidate pairs the estimate learnt m from. */
  lookupPairs: number;
  learnedM: boolean;
  estimatedAt: string;
  reestimations: number;
  running: boolean;
  m: LevelProbabilities;
  u: LevelProbabilities;
};

export type RecordMatcher = {
  bestMatch: <K>(input: MatchData, candidates: Iterable<{ key: K; data: MatchData }>, options?: LookupOptions) => MatchResult<K>;
  /** Counts an identity in (+1) or out (−1) of what a learning model knows. */
  observe?: (data: MatchData, change: 1 | -1) => void;
  /** Counts an answered addition: found (a definite match) or created. */
  countAddition?: (matched: boolean, input: MatchData) => void;
  /** The learning model's estimate in use. */
  estimate?: () => LinkageEstimate;
  /** Re-estimates now in the background; resolves when the new estimate is in use. */
  reestimate?: () => Promise<void>;
  close?: () => void;
};

/**
 * What the learning matcher reads: the stored identities and the reviewed pairs, each in a stable order, and
 * the additions answered so far (from the audit trail).
 */
export type TrainingSource = {
  identities: () => Promise<MatchData[]>;
  decidedSame: () => Promise<DecidedPair[]>;
  additions: () => Promise<AddCounts>;
};

export type LearningOptions = {
  /** Re-estimate on a schedule as well (ms; 0: only when the store doubles). */
  intervalMs: number;
  /** The first re-estimation comes at this many identities at the earliest. */
  minimumSize?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
};

const PAGE = 5_000;

/** The stored identities with IDAT in id order (deterministic training), a page per query so the event loop breathes. */
export function databaseSource(db: Kysely<DB>): TrainingSource {
  return {
    identities: async () => {
      const all: MatchData[] = [];
      let after = 0;
      for (;;) {
        // Patients known by external ids alone have no IDAT to learn from.
        const rows = await db
          .selectFrom('patient')
          .select(['id', 'match_data'])
          .where(sql<boolean>`fields <> '{}'::jsonb`)
          .where('id', '>', after)
          .orderBy('id')
          .limit(PAGE)
          .execute();
        all.push(...rows.map((row) => row.match_data));
        if (rows.length < PAGE) return all;
        after = rows[rows.length - 1]?.id ?? after;
      }
    },
    decidedSame: async () => {
      const rows = await db
        .selectFrom('possible_match as pm')
        .innerJoin('patient as a', 'a.id', 'pm.patient_id')
        .innerJoin('patient as b', 'b.id', 'pm.candidate_id')
        .select(['a.match_data as a', 'b.match_data as b'])
        .where('pm.decision', '=', 'same')
        .orderBy('pm.patient_id')
        .execute();
      return rows.map((row): DecidedPair => [row.a, row.b]);
    },
    additions: async () => {
      const rows = await db
        .selectFrom('audit_event')
        .select(['outcome', (eb) => eb.fn.countAll<string>().as('n')])
        .where('action', '=', 'patient.create')
        .where('outcome', 'in', ['match', 'created', 'createdTentative'])
        .groupBy('outcome')
        .execute();
      const count = (outcome: string): number => Number(rows.find((row) => row.outcome === outcome)?.n ?? 0);
      return { matches: count('match'), adds: count('match') + count('created') + count('createdTentative') };
    },
  };
}

/** A summary for the log line: exact-agreement m and u per comparison. */
const summary = (estimate: LinkageEstimate): Record<string, unknown> => ({
  identities: estimate.identities,
  trainedOn: estimate.trainedOn,
  returningShare: Number(estimate.returningShare.toFixed(4)),
  incompleteReturningShare: Number(estimate.incompleteReturningShare.toFixed(4)),
  reviewedPairs: estimate.reviewedPairs,
  lookupPairs: estimate.lookupPairs,
  learnedM: estimate.learnedM,
  mExact: Object.fromEntries(Object.entries(estimate.m).map(([name, levels]) => [name, Number((levels[0] ?? 0).toFixed(4))])),
  uExact: Object.fromEntries(Object.entries(estimate.u).map(([name, levels]) => [name, Number((levels[0] ?? 0).toFixed(6))])),
});

export async function createLearningMatcher(
  source: TrainingSource,
  thresholds: { thresholdMatch: number; thresholdNonMatch: number },
  options: LearningOptions,
): Promise<RecordMatcher> {
  const [identities, decided, additions] = await Promise.all([source.identities(), source.decidedSame(), source.additions()]);
  // The audit trail does not say which additions lacked a field: their share starts from the prior at each start.
  const model: LinkageModel = { ...trainModel(identities, decided), additions };
  const lookups = lookupPairs();
  const matcher = createFellegiSunterMatcher(model, thresholds, lookups);
  const minimumSize = options.minimumSize ?? 200;
  let trainedOn = identities.length;
  let reviewedPairs = decided.length;
  let learntLookupPairs = 0;
  let estimatedAt = new Date().toISOString();
  let reestimations = 0;
  let running: Promise<void> | null = null;

  const estimate = (): LinkageEstimate => ({
    identities: model.total,
    trainedOn,
    returningShare: returningShare(model.additions),
    incompleteReturningShare: returningShare(model.incompleteAdditions),
    reviewedPairs,
    lookupPairs: learntLookupPairs,
    learnedM: model.learnedM,
    estimatedAt,
    reestimations,
    running: running !== null,
    m: model.m,
    u: model.u,
  });
  options.log?.info({ linkageModel: summary(estimate()) }, 'record linkage: estimate in use');

  const reestimate = (): Promise<void> => {
    running ??= (async () => {
      try {
        const [rows, pairs] = await Promise.all([source.identities(), source.decidedSame()]);
        const compared = lookups.snapshot();
        const next = await runStepsInBackground(trainingSteps(rows, pairs, compared));
        // u and m are swapped in at once; the value counts stay the live ones, which followed every change meanwhile.
        model.u = next.u;
        model.m = next.m;
        model.learnedM = next.learnedM;
        trainedOn = rows.length;
        reviewedPairs = pairs.length;
        learntLookupPairs = compared.length;
        estimatedAt = new Date().toISOString();
        reestimations += 1;
        options.log?.info({ linkageModel: summary(estimate()) }, 'record linkage: re-estimated');
      } catch (error) {
        // The old estimate stays in use; the next trigger tries again.
        options.log?.error({ err: error }, 'record linkage: re-estimation failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const timer = options.intervalMs > 0 ? setInterval(() => void reestimate(), options.intervalMs) : null;
  timer?.unref();

  return {
    bestMatch: matcher.bestMatch,
    observe: (data, change) => {
      matcher.observe(data, change);
      if (running === null && model.total >= Math.max(minimumSize, 2 * trainedOn)) void reestimate();
    },
    countAddition: (matched, input) => {
      const counts = incomplete(linkageRecord(input)) ? [model.additions, model.incompleteAdditions] : [model.additions];
      for (const count of counts) {
        count.adds += 1;
        if (matched) count.matches += 1;
      }
    },
    estimate,
    reestimate,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}

export async function createRecordMatcher(
  db: Kysely<DB>,
  config: Pick<
    MainzellisteConfig,
    | 'matcher'
    | 'thresholdMatch'
    | 'thresholdNonMatch'
    | 'fellegiSunterThresholdMatch'
    | 'fellegiSunterThresholdNonMatch'
    | 'linkageReestimateHours'
  >,
  log?: LearningOptions['log'],
): Promise<RecordMatcher> {
  if (config.matcher === 'epilink') {
    return createMatcher(defaultMatcherConfig({ thresholdMatch: config.thresholdMatch, thresholdNonMatch: config.thresholdNonMatch }));
  }
  return createLearningMatcher(
    databaseSource(db),
    { thresholdMatch: config.fellegiSunterThresholdMatch, thresholdNonMatch: config.fellegiSunterThresholdNonMatch },
    { intervalMs: config.linkageReestimateHours * 3_600_000, ...(log ? { log } : {}) },
  );
}
