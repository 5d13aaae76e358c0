/**
 * Cloning a template patient (template-patients.ts) many times, in batches of multi-row inserts: every row
 * that belongs to the patient (patient, study patient, visits, instruments, case process steps, queries with
 * their threads, verification flags, master data log) and every audit row about them. Ids, field instance
 * ids included, are the template's XOR a per-clone key, so each clone is consistent in itself (audit rows and
 * queries point at the clone's fields) and as the API saved the template. Domain events are not cloned: they
 * are the live feed of changes (ARCHITECTURE.md), not data.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { newPseudonym } from '../patients/patients.service.js';
import type { Random } from './seeded-random.js';
import type { Template } from './template-patients.js';

/** In foreign-key order. */
const PATIENT_TABLES = [
  'patient',
  'study_patient',
  'study_patient_data_log',
  'visit',
  'instrument',
  'case_process_step',
  'data_query',
  'data_query_action',
  'data_verification_flag',
  'audit_trail',
] as const;
type PatientTable = (typeof PATIENT_TABLES)[number];
type Row = Record<string, unknown>;
type Rows = Record<PatientTable, Row[]>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The template as text cut at the ids and the pseudonym to replace: even parts are kept, odd parts replaced. */
export type TemplateText = { template: Template; parts: string[]; pseudonym: string };

/** The rows as JSON; numbered ids (audit rows, query thread entries) are left out for the database to number. */
async function rowsOf(db: Kysely<DB>, table: PatientTable, where: ReturnType<typeof sql>): Promise<Row[]> {
  const { rows } = await sql<{ r: Row }>`select row_to_json(t) as r from ${sql.table(table)} t where ${where}`.execute(db);
  return rows.map(({ r: { id, ...row } }) => (typeof id === 'number' ? row : { id, ...row }));
}

function fieldInstanceIds(fields: unknown, into: Set<string>): void {
  if (!Array.isArray(fields)) return;
  for (const field of fields as { id?: unknown; childFields?: unknown }[]) {
    if (typeof field.id === 'string') into.add(field.id);
    fieldInstanceIds(field.childFields, into);
  }
}

export async function readTemplate(db: Kysely<DB>, template: Template): Promise<TemplateText> {
  const sp = template.studyPatientId;
  const rows = {} as Rows;
  rows.patient = await rowsOf(db, 'patient', sql`id = ${template.patientId}`);
  rows.study_patient = await rowsOf(db, 'study_patient', sql`id = ${sp}`);
  for (const table of [
    'study_patient_data_log',
    'visit',
    'instrument',
    'case_process_step',
    'data_query',
    'data_verification_flag',
  ] as const)
    rows[table] = await rowsOf(db, table, sql`study_patient_id = ${sp}`);
  const queryIds = rows.data_query.map((q) => String(q.id));
  rows.data_query_action = queryIds.length > 0 ? await rowsOf(db, 'data_query_action', sql`data_query_id in (${sql.join(queryIds)})`) : [];
  const own = new Set<string>();
  for (const table of PATIENT_TABLES) for (const row of rows[table] ?? []) if (typeof row.id === 'string') own.add(row.id);
  rows.audit_trail = await rowsOf(db, 'audit_trail', sql`record_id in (${sql.join([...own])})`);
  for (const table of ['study_patient', 'visit', 'instrument'] as const) for (const row of rows[table]) fieldInstanceIds(row.fields, own);
  const pseudonym = String(rows.patient[0]?.pseudonym);
  const parts: string[] = [];
  const text = JSON.stringify(rows);
  let last = 0;
  for (const match of text.matchAll(new RegExp(`${UUID.source}|${pseudonym}`, 'g'))) {
    if (match[0] !== pseudonym && !own.has(match[0])) continue;
    parts.push(text.slice(last, match.index), match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return { template, parts, pseudonym };
}

/** The template's id XOR the clone's key, kept a version 4 UUID. */
function cloneId(id: string, key: Buffer): string {
  const bytes = Buffer.from(id.replaceAll('-', ''), 'hex');
  for (let i = 0; i < 16; i += 1) bytes[i] = (bytes[i] ?? 0) ^ (key[i] ?? 0);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The rows of clone number `n` of the run seeded `seed`. */
export function cloneRows(text: TemplateText, seed: number, n: number, random: Random): Rows {
  const key = createHash('sha256').update(`${seed}:${n}`).digest();
  const pseudonym = newPseudonym(Uint8Array.from({ length: 8 }, () => random.int(0, 255)));
  const out = text.parts.map((part, i) => (i % 2 === 0 ? part : part === text.pseudonym ? pseudonym : cloneId(part, key)));
  return JSON.parse(out.join('')) as Rows;
}

/** Inserts the rows of a batch of clones, table by table, in one transaction. */
export async function insertClones(db: Kysely<DB>, clones: readonly Rows[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of PATIENT_TABLES) {
      const rows = clones.flatMap((clone) => clone[table] ?? []);
      const first = rows[0];
      if (!first) continue;
      const columns = sql.join(Object.keys(first).map((c) => sql.ref(c)));
      await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
        trx,
      );
    }
  });
}

/** The planner needs statistics of the bulk-loaded tables now, not when autovacuum comes round. */
export async function analyzeClonedTables(db: Kysely<DB>): Promise<void> {
  await sql`analyze ${sql.join(PATIENT_TABLES.map((table) => sql.table(table)))}`.execute(db);
}
