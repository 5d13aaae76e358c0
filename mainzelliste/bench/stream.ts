/**
 * The stream scenario of the record-linkage benchmark (issue 29, docs/benchmarks.md "Record linkage from an
 * empty registry"): records arrive one by one at an EMPTY service over its real HTTP API, as a site's
 * client sends them (session, addPatient token, POST /patients). About BENCH_RETURNING (10 %) are returning
 * patients with the errors of generate.ts (85 % one error, 15 % two), the rest new people. A possible match
 * (409) is answered as a clerk does: the record is sent again with sureness=true and becomes tentative.
 * Reported per window of the stream and cumulatively at 1,000, 5,000 and 10,000 records (BENCH_STREAM_SIZE,
 * e.g. 100000, for more): definite precision and recall, possible answers and how many name the right
 * person, returning patients given a new pseudonym, POST /patients p95. Seeded (BENCH_SEED).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEV_API_KEY } from '../src/config/config.js';
import { seededRandom } from '../src/matching/seeded-random.js';
import { startService } from '../src/server.js';
import {
  applicable,
  applyError,
  ERROR_KINDS,
  generateIdentity,
  germanPopulation,
  type ErrorKind,
  type Identity,
  type Random,
} from './generate.js';
import { inProcessClient, type Answer } from './replay.js';

const SIZE = Number(process.env.BENCH_STREAM_SIZE ?? 10_000);
const RETURNING = Number(process.env.BENCH_RETURNING ?? 0.1);
const TWO_ERRORS = 0.15;
const SEED = Number(process.env.BENCH_SEED ?? 20_261_129);
const CHECKPOINTS = [1_000, 5_000, 10_000, 20_000, 50_000, 100_000].filter((n) => n < SIZE).concat(SIZE);

/** One record of the stream: its fields, the person it belongs to, and for a returning patient its errors. */
type StreamRecord = { fields: Identity; person: number; returning: boolean; kinds: ErrorKind[] };

/** The stream: new people, and returning ones drawn uniformly from those already sent, with one or two errors. */
export function generateStream(random: Random, size: number, returningShare: number): StreamRecord[] {
  const population = germanPopulation(random);
  const people: Identity[] = [];
  const stream: StreamRecord[] = [];
  while (stream.length < size) {
    if (people.length === 0 || random() >= returningShare) {
      const fields = generateIdentity(random, population);
      stream.push({ fields, person: people.length, returning: false, kinds: [] });
      people.push(fields);
      continue;
    }
    const person = Math.floor(random() * people.length);
    const count = random() < TWO_ERRORS ? 2 : 1;
    const kinds: ErrorKind[] = [];
    let fields = people[person] as Identity;
    while (kinds.length < count) {
      const kind = ERROR_KINDS[Math.floor(random() * ERROR_KINDS.length)] as ErrorKind;
      // Two missing fields would be refused (the first name or the birth date may be missing, not both).
      if (kinds.includes(kind) || !applicable(kind, fields)) continue;
      fields = applyError(random, population, fields, kind);
      kinds.push(kind);
    }
    stream.push({ fields, person, returning: true, kinds });
  }
  return stream;
}

/** A site's client of the service: one session, a token per record, POST /patients (again with sureness after a 409). */
function client(base: string) {
  const headers = { mainzellisteApiKey: DEV_API_KEY, 'content-type': 'application/json', mainzellisteApiVersion: '3.2' };
  let session: string | null = null;
  const post = async (path: string, body: unknown, extra: Record<string, string> = headers): Promise<Response> =>
    fetch(`${base}${path}`, { method: 'POST', headers: extra, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const token = async (): Promise<string> => {
    session ??= ((await (await post('/sessions', {})).json()) as { sessionId: string }).sessionId;
    const response = await post(`/sessions/${session}/tokens`, {
      type: 'addPatient',
      allowedUses: 1,
      data: { idTypes: ['pid'], showPossibleMatches: true },
    });
    if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const add = async (fields: Identity, sureness: boolean): Promise<{ status: number; body: unknown; ms: number }> => {
    const tokenId = await token();
    const form = new URLSearchParams({ ...fields, ...(sureness ? { sureness: 'true' } : {}) }).toString();
    const started = performance.now();
    const response = await post(`/patients?tokenId=${tokenId}&mainzellisteApiVersion=3.2`, form, {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    const body: unknown = await response.json();
    return { status: response.status, body, ms: performance.now() - started };
  };
  return {
    insert: async (fields: Identity): Promise<Answer> => {
      const first = await add(fields, false);
      if (first.status === 201) {
        const [id] = first.body as { idString: string }[];
        return { possible: false, pid: id?.idString ?? '', possiblePid: null, ms: first.ms };
      }
      if (first.status !== 409) throw new Error(`POST /patients: ${first.status} ${JSON.stringify(first.body)}`);
      const possiblePid = (first.body as { possibleMatches?: { idString: string }[] }).possibleMatches?.[0]?.idString ?? null;
      const again = await add(fields, true);
      const [id] = again.body as { idString: string }[];
      return { possible: true, pid: id?.idString ?? '', possiblePid, ms: first.ms };
    },
  };
}

type Tally = {
  records: number;
  returning: number;
  definite: number;
  definiteRight: number;
  definiteReturningRight: number;
  possible: number;
  possibleRight: number;
  possibleForNew: number;
  newForReturning: number;
  times: number[];
};
const emptyTally = (): Tally => ({
  records: 0,
  returning: 0,
  definite: 0,
  definiteRight: 0,
  definiteReturningRight: 0,
  possible: 0,
  possibleRight: 0,
  possibleForNew: 0,
  newForReturning: 0,
  times: [],
});

const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : (a / b).toFixed(3));
const percentiles = (times: readonly number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number): string => (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN).toFixed(1);
  return `${at(0.5)} / ${at(0.95)}`;
};

function table(rows: [string, Tally][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [
    line([
      'records',
      'returning',
      'definite precision',
      'definite recall',
      'possible (share of inserts)',
      'possible naming the right person',
      'possible for a new person',
      'returning given a new pseudonym',
      'POST /patients median / p95 (ms)',
    ]),
    line(Array.from({ length: 9 }, () => '---')),
    ...rows.map(([label, t]) =>
      line([
        label,
        String(t.returning),
        ratio(t.definiteRight, t.definite),
        ratio(t.definiteReturningRight, t.returning),
        ratio(t.possible, t.records),
        ratio(t.possibleRight, t.possible),
        String(t.possibleForNew),
        ratio(t.newForReturning, t.returning),
        percentiles(t.times),
      ]),
    ),
  ].join('\n');
}

export async function streamBench(): Promise<string> {
  const stream = generateStream(seededRandom(SEED), SIZE, RETURNING);
  const dir = mkdtempSync(join(tmpdir(), 'mainzelliste-stream-'));
  const env: Record<string, string | undefined> = {
    // PGlite on disk unless an (empty) PostgreSQL is named.
    MAINZELLISTE_DATABASE_URL: process.env.BENCH_STREAM_DATABASE_URL,
    DATA_DIR: dir,
    MAINZELLISTE_PORT: '0',
    MAINZELLISTE_ALLOW_ONE_MISSING_FIELD: 'true',
    // For calibration: other thresholds than the defaults.
    MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_MATCH: process.env.MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_MATCH,
    MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_NON_MATCH: process.env.MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_NON_MATCH,
  };
  // BENCH_STREAM_IN_PROCESS=1: the same decisions without HTTP and database (replay.ts), for 100,000 records on a loaded machine.
  const inProcess = process.env.BENCH_STREAM_IN_PROCESS === '1';
  const service = inProcess ? null : await startService(env);
  const started = performance.now();
  try {
    const api = service ? client(service.url) : await inProcessClient(env);
    const personOfPid = new Map<string, number>();
    const pidsOfPerson = new Map<number, string[]>();
    const lostByKinds = new Map<string, number>();
    const possibleByKinds = new Map<string, number>();
    // Each person's first record, to show what a wrong definite answer took the record for.
    const firstRecord = new Map<number, StreamRecord>();
    const wrongDefinites: string[] = [];
    const tallyKinds = (map: Map<string, number>, kinds: readonly ErrorKind[]): void => {
      map.set(kinds.join(' + '), (map.get(kinds.join(' + ')) ?? 0) + 1);
    };
    const windows: [string, Tally][] = [];
    const cumulative: [string, Tally][] = [];
    let window = emptyTally();
    const total = emptyTally();
    for (const [index, record] of stream.entries()) {
      const answer = await api.insert(record.fields);
      const known = pidsOfPerson.has(record.person);
      // A 201 naming a pid already given is a definite match; a new pid a new patient.
      const definite = !answer.possible && personOfPid.has(answer.pid);
      const right = personOfPid.get(answer.pid) === record.person;
      for (const t of [window, total]) {
        t.records += 1;
        t.times.push(answer.ms);
        // Returning = this person already has a record in the service (earlier answers decide, not the generator).
        if (known) t.returning += 1;
        if (definite) {
          t.definite += 1;
          if (right) t.definiteRight += 1;
          if (right && known) t.definiteReturningRight += 1;
        }
        if (answer.possible) {
          t.possible += 1;
          if (answer.possiblePid !== null && personOfPid.get(answer.possiblePid) === record.person) t.possibleRight += 1;
          if (!known) t.possibleForNew += 1;
        }
        if (known && !definite && !answer.possible) t.newForReturning += 1;
      }
      if (known && !definite && !answer.possible) tallyKinds(lostByKinds, record.kinds);
      if (known && answer.possible) tallyKinds(possibleByKinds, record.kinds);
      if (definite && !right) {
        const taken = firstRecord.get(personOfPid.get(answer.pid) ?? -1);
        wrongDefinites.push(`${shown(record)} → ${taken ? shown(taken) : answer.pid}`);
      }
      if (!firstRecord.has(record.person)) firstRecord.set(record.person, record);
      if (!personOfPid.has(answer.pid)) {
        personOfPid.set(answer.pid, record.person);
        pidsOfPerson.set(record.person, [...(pidsOfPerson.get(record.person) ?? []), answer.pid]);
      }
      const done = index + 1;
      if (CHECKPOINTS.includes(done)) {
        const from = windows.length === 0 ? 0 : (CHECKPOINTS[windows.length - 1] ?? 0);
        windows.push([`${from.toLocaleString('en')}–${done.toLocaleString('en')}`, window]);
        cumulative.push([`first ${done.toLocaleString('en')}`, { ...total, times: [...total.times] }]);
        window = emptyTally();
        console.error(`${done} records in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
    }
    return [
      `Stream from an empty service: ${SIZE.toLocaleString('en')} records, ${(RETURNING * 100).toFixed(0)} % returning patients (85 % with one error, 15 % with two), seed ${SEED}, ${database(env)}.`,
      '',
      'Per window of the stream:',
      '',
      table(windows),
      '',
      'Cumulative:',
      '',
      table(cumulative),
      '',
      `Returning patients given a new pseudonym, by their errors: ${byKinds(lostByKinds)}.`,
      '',
      `Returning patients answered possible, by their errors: ${byKinds(possibleByKinds)}.`,
      '',
      `Wrong definite answers (the record → the first record of the person it was taken for): ${wrongDefinites.join('; ') || 'none'}.`,
      '',
      `(stream ${((performance.now() - started) / 1000).toFixed(0)} s, node ${process.version})`,
    ].join('\n');
  } finally {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A synthetic record as the report lists it: names, birth date, and its errors or that it is someone new. */
const shown = (record: StreamRecord): string => {
  const { vorname = '', nachname = '', geburtsname, geburtstag = '', geburtsmonat = '', geburtsjahr = '' } = record.fields;
  const birth = geburtsname ? ` geb. ${geburtsname}` : '';
  return `${vorname} ${nachname}${birth} ${geburtstag}.${geburtsmonat}.${geburtsjahr} (${record.returning ? record.kinds.join(' + ') : 'new'})`;
};

const byKinds = (map: ReadonlyMap<string, number>): string =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kinds, n]) => `${kinds} ${n}`)
    .join(', ') || 'none';

const database = (env: Record<string, string | undefined>): string =>
  process.env.BENCH_STREAM_IN_PROCESS === '1'
    ? 'replayed in process (no HTTP, no database; times are the match alone)'
    : `over HTTP, ${env.MAINZELLISTE_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite (on disk)'}`;
