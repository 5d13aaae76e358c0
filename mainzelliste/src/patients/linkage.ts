/**
 * Which stored patient an identity is (Mainzelliste's PatientBackend.findMatch), for adding and checkMatch:
 * - IDAT only: the matcher's best candidate among the blocks (matching/blocking.ts). An identical stored
 *   record that the matcher calls a MATCH scores 1, as in Mainzelliste, whatever probability the model gives.
 * - with external ids: the patient holding them is a MATCH with score 1, unless
 *   - the ids belong to several patients: 409 "Multiple patients found with the given external IDs!";
 *   - its stored IDAT does not match the given IDAT: 409 "…matching external ID but conflicting IDAT!";
 *   - the IDAT matches another patient: 409 "External ID and IDAT match with different patients, respectively!".
 *   When no patient holds them, an IDAT MATCH counts unless that patient holds another id of the same type
 *   (409 "…matching IDAT but conflicting external ID(s)."); anything else is a NON_MATCH with score 0.
 * - neither IDAT nor external ids: 400 "Neither complete IDAT nor an external ID has been given as input!".
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { MainzellisteError, badRequest, messages } from '../errors/errors.js';
import { blockingQuery } from '../matching/blocking.js';
import type { MatchResult } from '../matching/epilink.js';
import { hasIdat, matchDataOf, type Fields } from './fields.js';
import { findCandidates, findPatientsById, idsOf, patientsHolding } from './patients.sql.js';
import type { RecordMatcher } from './record-matcher.js';

/** What a client says about a person: IDAT fields and external ids by type. */
export type Identity = { fields: Fields; ids: Readonly<Record<string, string>> };

export type LinkResult = MatchResult<number>;

export type Linkage = { link: (identity: Identity, db: Kysely<DB>) => Promise<LinkResult> };

const conflict = (message: string): MainzellisteError => new MainzellisteError('ML_ERR_CONFLICT', message);

export function createLinkage(matcher: RecordMatcher): Linkage {
  const byIdat = async (fields: Fields, db: Kysely<DB>): Promise<LinkResult> => {
    const data = matchDataOf(fields);
    const candidates = await findCandidates(db, blockingQuery(data));
    const result = matcher.bestMatch(
      data,
      candidates.map((row) => ({ key: row.id, data: row.match_data })),
    );
    const best = candidates.find((row) => row.id === result.best);
    return result.type === 'MATCH' && best && isDeepStrictEqual(best.match_data, data) ? { ...result, score: 1 } : result;
  };

  const byExternalIds = async (identity: Identity, db: Kysely<DB>): Promise<LinkResult> => {
    const given = Object.entries(identity.ids).filter(([, idString]) => idString.trim() !== '');
    const holders = await patientsHolding(db, given);
    if (holders.length > 1) throw conflict('Multiple patients found with the given external IDs!');
    const idat = hasIdat(identity.fields) ? await byIdat(identity.fields, db) : null;
    const [holder] = holders;
    if (holder === undefined) {
      if (idat?.type !== 'MATCH' || idat.best === null) return { type: 'NON_MATCH', score: 0, best: null };
      const stored = (await idsOf(db, [idat.best])).get(idat.best) ?? [];
      if (given.some(([idType, idString]) => stored.some((id) => id.idType === idType && id.idString !== idString))) {
        throw conflict('Found existing patient with matching IDAT but conflicting external ID(s).');
      }
      return idat;
    }
    const [row] = await findPatientsById(db, [holder]);
    if (idat && row && hasIdat(row.fields)) {
      const alone = matcher.bestMatch(matchDataOf(identity.fields), [{ key: holder, data: matchDataOf(row.fields) }], { learn: false });
      if (alone.type !== 'MATCH') throw conflict('Found existing patient with matching external ID but conflicting IDAT!');
    }
    if (idat?.type === 'MATCH' && idat.best !== holder) throw conflict('External ID and IDAT match with different patients, respectively!');
    return { type: 'MATCH', score: 1, best: holder };
  };

  return {
    link: async (identity, db) => {
      if (Object.values(identity.ids).some((idString) => idString.trim() !== '')) return byExternalIds(identity, db);
      if (!hasIdat(identity.fields)) throw badRequest(messages.incompleteIdat);
      return byIdat(identity.fields, db);
    },
  };
}
