/**
 * Patient operations (mainzelliste-api.md §1 "Patients"): record linkage on add and checkMatch, read,
 * edit and delete. Adding runs match and insert in one transaction under an advisory lock, so two
 * requests for the same person at once cannot both create a patient.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { Pseudonym } from '../db/json-columns.js';
import { blockingKeys, blockingQuery } from '../matching/blocking.js';
import type { MatchResult } from '../matching/epilink.js';
import { matchDataOf, type Fields } from './fields.js';
import { insertPossibleMatch } from './possible-matches.sql.js';
import type { RecordMatcher } from './record-matcher.js';
import {
  deletePatient,
  findCandidates,
  findPatient,
  idsOf,
  insertPatient,
  lockPatientAdding,
  updatePatient,
  type PatientRow,
  type StoredId,
} from './patients.sql.js';

export type AddOutcome =
  | { kind: 'match'; ids: StoredId[]; score: number }
  | { kind: 'created'; ids: StoredId[]; tentative: boolean; score: number }
  | { kind: 'possibleMatch'; best: StoredId[]; score: number };

export type PatientService = {
  /** The best stored match of an identity (checkMatch; stores nothing). */
  lookup: (fields: Fields, db?: Kysely<DB>) => Promise<MatchResult<number>>;
  add: (fields: Fields, sureness: boolean) => Promise<AddOutcome>;
  find: (id: Pseudonym) => Promise<PatientRow | undefined>;
  ids: (patientIds: readonly number[]) => Promise<Map<number, StoredId[]>>;
  edit: (patient: PatientRow, fields: Fields) => Promise<StoredId[]>;
  remove: (patient: PatientRow) => Promise<StoredId[]>;
};

export function createPatientService(db: Kysely<DB>, matcher: RecordMatcher): PatientService {
  const lookup = async (fields: Fields, executor: Kysely<DB> = db): Promise<MatchResult<number>> => {
    const data = matchDataOf(fields);
    const candidates = await findCandidates(executor, blockingQuery(data));
    return matcher.bestMatch(
      data,
      candidates.map((row) => ({ key: row.id, data: row.match_data })),
    );
  };

  const idsOfOne = async (executor: Kysely<DB>, id: number): Promise<StoredId[]> => (await idsOf(executor, [id])).get(id) ?? [];

  return {
    lookup,
    add: (fields, sureness) =>
      db.transaction().execute(async (trx) => {
        await lockPatientAdding(trx);
        const result = await lookup(fields, trx);
        if (result.type === 'MATCH' && result.best !== null) {
          return { kind: 'match', ids: await idsOfOne(trx, result.best), score: result.score };
        }
        if (result.type === 'POSSIBLE_MATCH' && result.best !== null && !sureness) {
          return { kind: 'possibleMatch', best: await idsOfOne(trx, result.best), score: result.score };
        }
        const matchData = matchDataOf(fields);
        const tentative = result.type === 'POSSIBLE_MATCH';
        const created = await insertPatient(trx, { fields, matchData, keys: blockingKeys(matchData), tentative });
        // The clerical review list holds the pair until a data manager decides.
        if (tentative && result.best !== null) await insertPossibleMatch(trx, created.id, result.best);
        matcher.observe?.(matchData, 1);
        return { kind: 'created', ids: created.ids, tentative, score: result.score };
      }),
    find: (id) => findPatient(db, id),
    ids: (patientIds) => idsOf(db, patientIds),
    edit: async (patient, fields) => {
      const matchData = matchDataOf(fields);
      await updatePatient(db, patient.id, { fields, matchData, keys: blockingKeys(matchData) });
      matcher.observe?.(matchDataOf(patient.fields), -1);
      matcher.observe?.(matchData, 1);
      return idsOfOne(db, patient.id);
    },
    remove: async (patient) => {
      const ids = await idsOfOne(db, patient.id);
      await deletePatient(db, patient.id);
      matcher.observe?.(matchDataOf(patient.fields), -1);
      return ids;
    },
  };
}
