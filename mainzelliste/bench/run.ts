/**
 * Record-linkage benchmark (docs/benchmarks.md "Record linkage"): stores BENCH_SIZE (100,000) seeded
 * German identities without addresses, then looks up duplicates with known errors and people not stored,
 * through the service's lookup (blocking query plus matcher), once per matching model, and reports per
 * error kind and overall: definite precision and recall, possible matches, duplicates that would get a
 * new pseudonym, blocking recall and lookup time. Runs on PostgreSQL when DATABASE_URL or
 * MAINZELLISTE_DATABASE_URL is given (its rows are removed afterwards), else on embedded PGlite.
 * Usage: npm run bench -w mainzelliste (warm), npm run bench -w mainzelliste -- stream (from an empty
 * service over HTTP, stream.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/db/database.js';
import { runMigrations } from '../src/db/migrate.js';
import { generatePid } from '../src/ids/pid.js';
import { blockingKeys, blockingQuery } from '../src/matching/blocking.js';
import { createConfig } from '../src/config/config.js';
import type { FellegiSunterMatcher } from '../src/matching/fellegi-sunter.js';
import { matchDataOf } from '../src/patients/fields.js';
import { findCandidates, keyColumns } from '../src/patients/patients.sql.js';
import { createPatientService, type PatientService } from '../src/patients/patients.service.js';
import { createRecordMatcher } from '../src/patients/record-matcher.js';
import { seededRandom } from '../src/matching/seeded-random.js';
import { streamBench } from './stream.js';
import { ERROR_KINDS, generateProbes, generateStored, germanPopulation, type Identity, type Probe } from './generate.js';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const PER_KIND = Number(process.env.BENCH_PER_KIND ?? 300);
const NEW_PEOPLE = Number(process.env.BENCH_NEW ?? 3_000);
const STORED_DUPLICATES = Number(process.env.BENCH_STORED_DUPLICATES ?? 0.02);
/** Another seed gives data the thresholds were not calibrated on. */
const SEED = Number(process.env.BENCH_SEED ?? 20_261_127);
/** BENCH_SWEEP=1 adds, per model, the goals' measures at other thresholds (for calibration). */
const SWEEP = process.env.BENCH_SWEEP === '1';
const BATCH = 500;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : (a / b).toFixed(3));

/** Bulk load (pid only) so 100,000 identities fit the time budget. */
async function bulkLoad(database: Database, stored: Identity[]): Promise<number[]> {
  const ids: number[] = [];
  const pids = new Set<string>();
  for (let from = 0; from < stored.length; from += BATCH) {
    const rows = stored.slice(from, from + BATCH).map((fields) => {
      const matchData = matchDataOf(fields);
      return {
        fields: JSON.stringify(fields),
        match_data: JSON.stringify(matchData),
        tentative: false,
        ...keyColumns(blockingKeys(matchData)),
      };
    });
    const inserted = await database.db.insertInto('patient').values(rows).returning('id').execute();
    const idRows = inserted.map((row) => {
      let pid = generatePid();
      while (pids.has(pid)) pid = generatePid();
      pids.add(pid);
      return { patient_id: row.id, id_type: 'pid', id_string: pid };
    });
    await database.db.insertInto('patient_id').values(idRows).execute();
    ids.push(...inserted.map((row) => row.id));
  }
  await sql`ANALYZE mainzelliste.patient`.execute(database.db);
  return ids;
}

type Tally = { probes: number; definite: number; wrongDefinite: number; possible: number; wrongPossible: number; newPseudonym: number };
const emptyTally = (): Tally => ({ probes: 0, definite: 0, wrongDefinite: 0, possible: 0, wrongPossible: 0, newPseudonym: 0 });
/** A lookup's best score and whether its best candidate is the person looked up. */
type Outcome = { score: number; right: boolean; duplicate: boolean };
type ModelRun = { label: string; byKind: Map<string, Tally>; duplicates: Tally; newPeople: Tally; times: number[]; outcomes: Outcome[] };

const kindOf = (probe: Probe): string => (probe.kinds.length === 2 ? 'two errors' : (probe.kinds[0] ?? 'new person'));

/** Right when the best candidate is the person looked up (any of its stored records). */
type Judge = { truth: (probe: Probe) => number | null; sameAs: (id: number, truth: number) => boolean };

async function runModel(label: string, service: PatientService, probes: Probe[], judge: Judge): Promise<ModelRun> {
  const run: ModelRun = { label, byKind: new Map(), duplicates: emptyTally(), newPeople: emptyTally(), times: [], outcomes: [] };
  for (const probe of probes) {
    const started = performance.now();
    const result = await service.lookup({ fields: probe.fields, ids: {} });
    run.times.push(performance.now() - started);
    const truth = judge.truth(probe);
    const right = result.best !== null && truth !== null && judge.sameAs(result.best, truth);
    run.outcomes.push({ score: result.score, right: truth !== null && result.best === null ? false : right, duplicate: truth !== null });
    const tallies = truth === null ? [run.newPeople] : [run.duplicates, run.byKind.get(kindOf(probe)) ?? emptyTally()];
    if (truth !== null) run.byKind.set(kindOf(probe), tallies[1] as Tally);
    for (const tally of tallies) {
      tally.probes += 1;
      if (result.type === 'MATCH') tally[right ? 'definite' : 'wrongDefinite'] += 1;
      if (result.type === 'POSSIBLE_MATCH') {
        tally.possible += 1;
        if (!right) tally.wrongPossible += 1;
      }
      if (result.type === 'NON_MATCH') tally.newPseudonym += 1;
    }
  }
  run.times.sort((a, b) => a - b);
  return run;
}

/** Definite precision and recall, new people flagged possible and duplicates left new, at other thresholds. */
function sweep(run: ModelRun, matchThresholds: number[], nonMatchThresholds: number[]): string[] {
  const duplicates = run.outcomes.filter((o) => o.duplicate);
  const newPeople = run.outcomes.filter((o) => !o.duplicate);
  const lines = [`${run.label}, thresholds (definite ≥, possible >): precision / recall / new people possible / duplicates left new`, ''];
  lines.push(`| definite \\ possible | ${nonMatchThresholds.join(' | ')} |`, `|---|${nonMatchThresholds.map(() => '---|').join('')}`);
  for (const match of matchThresholds) {
    const definite = run.outcomes.filter((o) => o.score >= match);
    const precision = ratio(definite.filter((o) => o.right).length, definite.length);
    const recall = ratio(duplicates.filter((o) => o.score >= match && o.right).length, duplicates.length);
    const cells = nonMatchThresholds.map((nonMatch) => {
      const flagged = ratio(newPeople.filter((o) => o.score > nonMatch && o.score < match).length, newPeople.length);
      const left = ratio(duplicates.filter((o) => o.score <= nonMatch).length, duplicates.length);
      return `${precision} / ${recall} / ${flagged} / ${left}`;
    });
    lines.push(`| ${match} | ${cells.join(' | ')} |`);
  }
  return [...lines, ''];
}

function report(
  size: number,
  runs: ModelRun[],
  blocking: { hits: Map<string, number>; found: number; candidates: number; lookups: number },
): string {
  const head = (title: string): string[] => [
    `| ${title} | ${runs.map((run) => run.label).join(' | ')} |`,
    `|---|${runs.map(() => '---|').join('')}`,
  ];
  const row = (name: string, value: (run: ModelRun) => string): string => `| ${name} | ${runs.map(value).join(' | ')} |`;
  const overall = [
    ...head('measure'),
    row('definite precision', (r) =>
      ratio(r.duplicates.definite, r.duplicates.definite + r.duplicates.wrongDefinite + r.newPeople.wrongDefinite),
    ),
    row('definite recall', (r) => ratio(r.duplicates.definite, r.duplicates.probes)),
    row('duplicates answered possible', (r) => ratio(r.duplicates.possible, r.duplicates.probes)),
    row('duplicates issued a new pseudonym', (r) => ratio(r.duplicates.newPseudonym, r.duplicates.probes)),
    row('new people flagged possible', (r) => ratio(r.newPeople.possible, r.newPeople.probes)),
    row('new people merged (definite)', (r) => String(r.newPeople.wrongDefinite)),
    row('possible matches pointing to someone else', (r) =>
      ratio(r.duplicates.wrongPossible + r.newPeople.possible, r.duplicates.possible + r.newPeople.possible),
    ),
    row('lookup median / p95 (ms)', (r) => `${percentile(r.times, 0.5).toFixed(1)} / ${percentile(r.times, 0.95).toFixed(1)}`),
  ];
  const kinds = [...ERROR_KINDS, 'two errors'];
  const perKind = [
    `| error | probes | blocking recall | ${runs.map((r) => `${r.label}: definite / possible / new pseudonym / wrong definite`).join(' | ')} |`,
    `|---|---|---|${runs.map(() => '---|').join('')}`,
    ...kinds.map((kind) => {
      const n = runs[0]?.byKind.get(kind)?.probes ?? 0;
      const cells = runs.map((r) => {
        const t = r.byKind.get(kind) ?? emptyTally();
        return `${ratio(t.definite, n)} / ${ratio(t.possible, n)} / ${ratio(t.newPseudonym, n)} / ${t.wrongDefinite}`;
      });
      return `| ${kind} | ${n} | ${ratio(blocking.hits.get(kind) ?? 0, n)} | ${cells.join(' | ')} |`;
    }),
  ];
  const duplicates = runs[0]?.duplicates.probes ?? 0;
  return [
    `${size.toLocaleString('en')} stored identities (${STORED_DUPLICATES * 100} % of them undetected duplicates); ${duplicates} duplicates (${PER_KIND} per error kind and ${PER_KIND} with two errors) and ${runs[0]?.newPeople.probes ?? 0} new people.`,
    `Blocking recall ${ratio(blocking.found, duplicates)}; ${(blocking.candidates / blocking.lookups).toFixed(0)} candidates per lookup (mean).`,
    '',
    ...overall,
    '',
    'Per error kind (share of its duplicates; wrong definite = merged with someone else, a count):',
    '',
    ...perKind,
    '',
    ...(SWEEP
      ? runs.flatMap((run) =>
          run.label.startsWith('EpiLink')
            ? sweep(run, [0.9, 0.95, 0.99], [0.5, 0.6, 0.7])
            : sweep(run, [0.8, 0.9, 0.95, 0.98, 0.99], [0.02, 0.05, 0.1, 0.2]),
        )
      : []),
  ].join('\n');
}

async function bench(database: Database): Promise<string> {
  await runMigrations(database);
  const random = seededRandom(SEED);
  const population = germanPopulation(random);
  const { stored, person } = generateStored(random, population, SIZE, STORED_DUPLICATES);
  const probes = generateProbes(random, population, stored, PER_KIND, NEW_PEOPLE);
  const ids = await bulkLoad(database, stored);
  const personOfId = new Map(ids.map((id, index) => [id, person[index]]));
  const judge: Judge = {
    truth: (probe) => (probe.truth === null ? null : (ids[probe.truth] ?? null)),
    sameAs: (id, truth) => personOfId.get(id) === personOfId.get(truth),
  };
  try {
    const blocking = { hits: new Map<string, number>(), found: 0, candidates: 0, lookups: 0 };
    for (const probe of probes) {
      const candidates = await findCandidates(database.db, blockingQuery(matchDataOf(probe.fields)));
      blocking.candidates += candidates.length;
      blocking.lookups += 1;
      const truth = judge.truth(probe);
      if (truth !== null && candidates.some((row) => judge.sameAs(row.id, truth))) {
        blocking.found += 1;
        blocking.hits.set(kindOf(probe), (blocking.hits.get(kindOf(probe)) ?? 0) + 1);
      }
    }
    const runs: ModelRun[] = [];
    for (const [label, matcher] of [
      ['EpiLink (reference)', 'epilink'],
      ['Fellegi–Sunter (new)', 'fellegi-sunter'],
    ] as const) {
      const trainingStarted = performance.now();
      const recordMatcher = await createRecordMatcher(database.db, createConfig({ matcher }));
      const service = createPatientService(database.db, recordMatcher);
      const model = (recordMatcher as Partial<FellegiSunterMatcher>).model;
      const learned = model ? `, m learned by EM: ${String(model.learnedM)}` : '';
      console.error(`${label}: ready in ${((performance.now() - trainingStarted) / 1000).toFixed(1)} s${learned}`);
      runs.push(await runModel(label, service, probes, judge));
    }
    return report(SIZE, runs, blocking);
  } finally {
    if (database.kind === 'postgres')
      await database.db
        .deleteFrom('patient')
        .where('id', '>=', ids[0] ?? 0)
        .execute();
  }
}

async function warmBench(): Promise<void> {
  const started = performance.now();
  const url = process.env.MAINZELLISTE_DATABASE_URL ?? process.env.DATABASE_URL;
  const dir = url ? null : mkdtempSync(join(tmpdir(), 'mainzelliste-bench-'));
  const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDataDir: join(dir ?? '', 'pglite') });
  try {
    console.log(`### ${database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded PGlite (on disk)'}\n`);
    console.log(await bench(database));
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  console.log(`(whole run ${((performance.now() - started) / 1000).toFixed(0)} s, node ${process.version})`);
}

// `npm run bench -w mainzelliste` runs the warm scenario; `… -- stream` the stream from an empty service.
const scenario = process.argv[2] ?? 'warm';
if (scenario === 'stream') console.log(await streamBench());
else if (scenario === 'warm') await warmBench();
else throw new Error(`unknown scenario '${scenario}' (warm, stream)`);
