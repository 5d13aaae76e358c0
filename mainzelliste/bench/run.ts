/**
 * Matching benchmark (docs/benchmarks.md "Mainzelliste"): stores BENCH_SIZE (100,000) seeded synthetic
 * identities, then measures matching quality (precision and recall of MATCH and of MATCH ∪
 * POSSIBLE_MATCH against the ground truth, and the recall ceiling the blocking leaves) and speed
 * (checkMatch-style lookups, median and p95; inserts per second, bulk and through the full add path).
 * Runs on embedded PGlite (a temporary directory), and on PostgreSQL too when DATABASE_URL or
 * MAINZELLISTE_DATABASE_URL is given (its rows are removed afterwards). Usage: npm run bench -w mainzelliste
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
import { defaultMatcherConfig } from '../src/matching/default-config.js';
import { createMatcher } from '../src/matching/epilink.js';
import { matchDataOf } from '../src/patients/fields.js';
import { findCandidates } from '../src/patients/patients.sql.js';
import { createPatientService } from '../src/patients/patients.service.js';
import { generateIdentity, generateProbes, seededRandom, type Identity } from './generate.js';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const DUPLICATES = Number(process.env.BENCH_DUPLICATES ?? 2_000);
const NEW_PEOPLE = Number(process.env.BENCH_NEW ?? 1_000);
const ADDS = Number(process.env.BENCH_ADDS ?? 500);
const BATCH = 500;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : (a / b).toFixed(4));

/** Bulk load (pid only) so 100,000 identities fit the time budget; the full add path is timed apart. */
async function bulkLoad(database: Database, stored: Identity[]): Promise<{ ids: number[]; seconds: number }> {
  const ids: number[] = [];
  const pids = new Set<string>();
  const started = performance.now();
  for (let from = 0; from < stored.length; from += BATCH) {
    const rows = stored.slice(from, from + BATCH).map((fields) => {
      const matchData = matchDataOf(fields);
      const keys = blockingKeys(matchData);
      return {
        fields: JSON.stringify(fields),
        match_data: JSON.stringify(matchData),
        tentative: false,
        bk_nachname: keys.nachnameCode,
        bk_geburtsname: keys.geburtsnameCode,
        bk_birth_date: keys.birthDate,
        bk_first_name_year: keys.firstNameYear,
        bk_insurance: keys.insurance,
      };
    });
    const inserted = await database.db.insertInto('patient').values(rows).returning('id').execute();
    const idRows = inserted.map((row) => {
      let pid = generatePid();
      while (pids.has(pid)) pid = generatePid();
      pids.add(pid);
      return { patient_id: row.id, id_type: 'pid', id_string: pid };
    });
    await database.db
      .insertInto('patient_id')
      .values(idRows)
      .onConflict((oc) => oc.doNothing())
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  await sql`ANALYZE mainzelliste.patient`.execute(database.db);
  return { ids, seconds: (performance.now() - started) / 1000 };
}

async function bench(label: string, database: Database): Promise<string> {
  await runMigrations(database);
  const random = seededRandom(20_251_121);
  const stored = Array.from({ length: SIZE }, () => generateIdentity(random));
  const probes = generateProbes(random, stored, DUPLICATES, NEW_PEOPLE);
  const load = await bulkLoad(database, stored);
  const firstId = load.ids[0] ?? 0;
  const matcher = createMatcher(defaultMatcherConfig());
  const service = createPatientService(database.db, matcher);

  const times: number[] = [];
  const counts = { match: 0, matchCorrect: 0, any: 0, anyCorrect: 0, strict: 0, strictCorrect: 0, blockHit: 0, candidates: 0 };
  // Single-error probes by kind: [probes, MATCH, MATCH ∪ POSSIBLE_MATCH] with the right record.
  const byKind = new Map<string, [number, number, number]>();
  for (const probe of probes) {
    const started = performance.now();
    const result = await service.lookup(probe.fields);
    times.push(performance.now() - started);
    const truthId = probe.truth === null ? null : (load.ids[probe.truth] ?? null);
    const correct = result.best !== null && result.best === truthId;
    if (result.type === 'MATCH') {
      counts.match += 1;
      if (correct) counts.matchCorrect += 1;
    }
    if (result.type !== 'NON_MATCH') {
      counts.any += 1;
      if (correct) counts.anyCorrect += 1;
    }
    // The eCRF's own rule (ecrf-calls.md §9): a match only from similarityScore 0.99.
    if (result.type === 'MATCH' && result.score >= 0.99) {
      counts.strict += 1;
      if (correct) counts.strictCorrect += 1;
    }
    if (probe.kinds.length === 1 && probe.kinds[0] !== undefined) {
      const row = byKind.get(probe.kinds[0]) ?? [0, 0, 0];
      row[0] += 1;
      if (correct && result.type === 'MATCH') row[1] += 1;
      if (correct) row[2] += 1;
      byKind.set(probe.kinds[0], row);
    }
    const candidates = await findCandidates(database.db, blockingQuery(matchDataOf(probe.fields)));
    counts.candidates += candidates.length;
    if (truthId !== null && candidates.some((row) => row.id === truthId)) counts.blockHit += 1;
  }
  times.sort((a, b) => a - b);

  const addRandom = seededRandom(7);
  const addStarted = performance.now();
  for (let i = 0; i < ADDS; i += 1) await service.add(generateIdentity(addRandom), true);
  const addSeconds = (performance.now() - addStarted) / 1000;

  if (database.kind === 'postgres') await database.db.deleteFrom('patient').where('id', '>=', firstId).execute();

  return [
    `### ${label}`,
    '',
    `${SIZE.toLocaleString('en')} stored identities; ${DUPLICATES} duplicate probes (one error, 25 % two) and ${NEW_PEOPLE} new people.`,
    '',
    '| measure | value |',
    '|---|---|',
    `| MATCH precision | ${ratio(counts.matchCorrect, counts.match)} |`,
    `| MATCH recall | ${ratio(counts.matchCorrect, DUPLICATES)} |`,
    `| MATCH ∪ POSSIBLE_MATCH precision | ${ratio(counts.anyCorrect, counts.any)} |`,
    `| MATCH ∪ POSSIBLE_MATCH recall | ${ratio(counts.anyCorrect, DUPLICATES)} |`,
    `| eCRF rule, score ≥ 0.99: precision / recall | ${ratio(counts.strictCorrect, counts.strict)} / ${ratio(counts.strictCorrect, DUPLICATES)} |`,
    `| blocking recall (true record among candidates) | ${ratio(counts.blockHit, DUPLICATES)} |`,
    `| candidates per lookup (mean) | ${(counts.candidates / probes.length).toFixed(0)} |`,
    `| lookup median / p95 (ms) | ${percentile(times, 0.5).toFixed(2)} / ${percentile(times, 0.95).toFixed(2)} |`,
    `| bulk load (inserts/s, batches of ${BATCH}) | ${(SIZE / load.seconds).toFixed(0)} |`,
    `| add path: match + insert in a transaction (inserts/s, ${ADDS} adds) | ${(ADDS / addSeconds).toFixed(1)} |`,
    '',
    'Recall of single-error duplicates by kind of error:',
    '',
    '| error | probes | MATCH recall | MATCH ∪ POSSIBLE_MATCH recall |',
    '|---|---|---|---|',
    ...[...byKind.entries()].sort().map(([kind, [n, match, any]]) => `| ${kind} | ${n} | ${ratio(match, n)} | ${ratio(any, n)} |`),
    '',
  ].join('\n');
}

const started = performance.now();
const sections: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mainzelliste-bench-'));
try {
  const pglite = await openDatabase({ pgliteDataDir: join(dir, 'pglite') });
  try {
    sections.push(await bench('Embedded PGlite (on disk)', pglite));
  } finally {
    await pglite.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const url = process.env.MAINZELLISTE_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) {
  const postgres = await openDatabase({ databaseUrl: url });
  try {
    sections.push(await bench('PostgreSQL', postgres));
  } finally {
    await postgres.close();
  }
}
console.log(sections.join('\n'));
console.log(`(whole run ${((performance.now() - started) / 1000).toFixed(0)} s, node ${process.version})`);
