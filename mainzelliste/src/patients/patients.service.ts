/**
 * Patient operations (mainzelliste-api.md §1 "Patients"): record linkage on add and checkMatch, read,
 * edit and delete. Adding runs match and insert in one transaction under an advisory lock, so two
 * requests for the same person at once cannot both create a patient. External ids take part in the
 * match as in Mainzelliste's PatientBackend.findMatch (linkage.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { Pseudonym } from '../db/json-columns.js';
import { blockingKeys } from '../matching/blocking.js';
import { hasIdat, matchDataOf, type Fields } from './fields.js';
import { createLinkage, type Identity, type LinkResult } from './linkage.js';
import { insertPossibleMatch } from './possible-matches.sql.js';
import type { RecordMatcher } from './record-matcher.js';
import {
  addExternalIds,
  deletePatient,
  findPatient,
  findPatientsById,
  idsOf,
  insertPatient,
  lockPatientAdding,
  setExternalIds,
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
  lookup: (identity: Identity) => Promise<LinkResult>;
  add: (identity: Identity, sureness: boolean) => Promise<AddOutcome>;
  find: (id: Pseudonym) => Promise<PatientRow | undefined>;
  ids: (patientIds: readonly number[]) => Promise<Map<number, StoredId[]>>;
  /** New IDAT and external ids ('' removes one); 409 when an external id belongs to another patient. */
  edit: (patient: PatientRow, fields: Fields, externalIds: Readonly<Record<string, string>>) => Promise<StoredId[]>;
  remove: (patient: PatientRow) => Promise<StoredId[]>;
};

export function createPatientService(db: Kysely<DB>, matcher: RecordMatcher): PatientService {
  const linkage = createLinkage(matcher);
  const idsOfOne = async (executor: Kysely<DB>, id: number): Promise<StoredId[]> => (await idsOf(executor, [id])).get(id) ?? [];
  // Identities without IDAT (external ids only) are no evidence for a learning model.
  const observe = (fields: Fields, change: 1 | -1): void => {
    if (hasIdat(fields)) matcher.observe?.(matchDataOf(fields), change);
  };

  const onMatch = async (trx: Kysely<DB>, identity: Identity, result: LinkResult & { best: number }): Promise<AddOutcome> => {
    await addExternalIds(trx, result.best, identity.ids);
    // A patient known by an external id alone takes the IDAT it is now given (Mainzelliste's updateFrom).
    const [stored] = await findPatientsById(trx, [result.best]);
    if (stored && !hasIdat(stored.fields) && hasIdat(identity.fields)) {
      const matchData = matchDataOf(identity.fields);
      await updatePatient(trx, result.best, { fields: identity.fields, matchData, keys: blockingKeys(matchData) });
      observe(identity.fields, 1);
    }
    return { kind: 'match', ids: await idsOfOne(trx, result.best), score: result.score };
  };

  return {
    lookup: (identity) => linkage.link(identity, db),
    add: (identity, sureness) =>
      db.transaction().execute(async (trx) => {
        await lockPatientAdding(trx);
        const result = await linkage.link(identity, trx);
        if (result.type === 'MATCH' && result.best !== null) {
          matcher.countAddition?.(true, matchDataOf(identity.fields));
          return onMatch(trx, identity, { ...result, best: result.best });
        }
        if (result.type === 'POSSIBLE_MATCH' && result.best !== null && !sureness) {
          return { kind: 'possibleMatch', best: await idsOfOne(trx, result.best), score: result.score };
        }
        // A possible match the clerk insists on counts as someone new, as the answer stands until a review.
        const matchData = matchDataOf(identity.fields);
        matcher.countAddition?.(false, matchData);
        const tentative = result.type === 'POSSIBLE_MATCH';
        const created = await insertPatient(
          trx,
          { fields: identity.fields, matchData, keys: blockingKeys(matchData), tentative },
          identity.ids,
        );
        // The clerical review list holds the pair until a data manager decides.
        if (tentative && result.best !== null) await insertPossibleMatch(trx, created.id, result.best);
        observe(identity.fields, 1);
        return { kind: 'created', ids: created.ids, tentative, score: result.score };
      }),
    find: (id) => findPatient(db, id),
    ids: (patientIds) => idsOf(db, patientIds),
    edit: (patient, fields, externalIds) =>
      db.transaction().execute(async (trx) => {
        const matchData = matchDataOf(fields);
        await updatePatient(trx, patient.id, { fields, matchData, keys: blockingKeys(matchData) });
        await setExternalIds(trx, patient.id, externalIds);
        observe(patient.fields, -1);
        observe(fields, 1);
        return idsOfOne(trx, patient.id);
      }),
    remove: async (patient) => {
      const ids = await idsOfOne(db, patient.id);
      await deletePatient(db, patient.id);
      observe(patient.fields, -1);
      return ids;
    },
  };
}
