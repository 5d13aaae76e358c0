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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MESSAGES = {
  invalid:
    'Die Listenposition (after) ist ungültig oder gehört zu einer anderen Liste (Studie, Filter oder Sortierung). Bitte laden Sie die Liste neu.',
  withPage: 'Eine Listenposition (after) und eine Seite (page) größer als 1 schließen einander aus.',
} as const;

/** The list a token belongs to: everything that decides which rows it holds and in which order. */
export function listOf(scope: Pick<PatientTableScope, 'studyId' | 'mode'>, filter: PatientTableFilter): string {
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
  return createHash('sha256').update(JSON.stringify(list)).digest('base64url').slice(0, 16);
}

export function keysetToken(list: string, { key, id }: Keyset): string {
  return Buffer.from(JSON.stringify([list, key, id]), 'utf8').toString('base64url');
}

/** The place `filter.after` names in this list; none without `after`. A malformed or foreign token is a 400. */
export function seekOf(list: string, filter: PatientTableFilter): Keyset | undefined {
  if (filter.after === undefined) return undefined;
  if ((filter.page ?? 1) > 1) throw invalidFields([{ field: 'after', message: MESSAGES.withPage }]);
  const decoded = parsed(Buffer.from(filter.after, 'base64url').toString('utf8'));
  const [tokenList, key, id] = Array.isArray(decoded) && decoded.length === 3 ? decoded : [];
  if (tokenList !== list || typeof key !== 'string' || typeof id !== 'string' || !UUID.test(id)) {
    throw invalidFields([{ field: 'after', message: MESSAGES.invalid }]);
  }
  return { key, id };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
