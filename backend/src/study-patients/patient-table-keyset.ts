/**
 * Keyset tokens of the patient table (issue 14 item 3; a registry extension beside the spec's `page`, ecrf-calls.md
 * §9): each listed row carries a token naming its place in the order (the sort key and the study patient id), and
 * `after=<token>` continues behind it. A deep page then starts where the index holds that key instead of skipping
 * every row before it, and rows inserted or deleted before it do not shift the next page.
 *
 * The token also names the list it came from (study, table, filters, order), so a token of another list is refused
 * rather than read as a place in the wrong order. It is not signed: a forged token can only choose where a list the
 * caller may read begins.
 */
import { createHash } from 'node:crypto';
import { invalidFields } from '../errors/errors.js';
import type { Keyset, PatientTableFilter, PatientTableScope } from './study-patient-table.sql.js';
import { LIST_POSITION_MESSAGES } from '../errors/messages.js';

const LIST_BYTES = 9;
const ID_BYTES = 16;

/** The list a token belongs to: everything that decides which rows it holds and in which order (a 9-byte hash). */
export function listOf(scope: Pick<PatientTableScope, 'studyId' | 'mode'>, filter: PatientTableFilter): Buffer {
  const list = [
    scope.studyId,
    scope.mode,
    filter.sortBy ?? 'pseudonym',
    filter.sortDesc === true,
    filter.includeDeleted === true,
    filter.filterIsDiginet === true,
    filter.filterHasMuripedia === true,
    filter.filterHasDropout === true,
    filter.filterStudyInstitute ? (filter.studyInstituteId ?? null) : null,
    filter.search || null,
  ];
  return createHash('sha256').update(JSON.stringify(list)).digest().subarray(0, LIST_BYTES);
}

/** List hash, id and key as bytes: short, as a page of 500 rows carries 500 tokens. */
export function keysetToken(list: Buffer, { key, id }: Keyset): string {
  return Buffer.concat([list, Buffer.from(id.replaceAll('-', ''), 'hex'), Buffer.from(key, 'utf8')]).toString('base64url');
}

/** The place `filter.after` names in this list; none without `after`. A malformed or foreign token is a 400. */
export function seekOf(list: Buffer, filter: PatientTableFilter): Keyset | undefined {
  if (filter.after === undefined) return undefined;
  if ((filter.page ?? 1) > 1) throw invalidFields([{ field: 'after', message: LIST_POSITION_MESSAGES.withPage }]);
  const token = Buffer.from(filter.after, 'base64url');
  if (!/^[\w-]+$/.test(filter.after) || token.length < LIST_BYTES + ID_BYTES || !token.subarray(0, LIST_BYTES).equals(list)) {
    throw invalidFields([{ field: 'after', message: LIST_POSITION_MESSAGES.invalid }]);
  }
  const hex = token.subarray(LIST_BYTES, LIST_BYTES + ID_BYTES).toString('hex');
  const id = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
  return { key: token.subarray(LIST_BYTES + ID_BYTES).toString('utf8'), id };
}
