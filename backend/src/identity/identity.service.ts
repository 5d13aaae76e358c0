/**
 * Which identities a caller may read, the links between registry patients and service pseudonyms, and
 * the tokens handed out for them. The registry keeps pseudonyms and links only; IDAT is read by the
 * caller at the service with a token scoped to the patients it may see (issue 6).
 */
import { hasRight } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { audit, type SecurityEvent, actorOf } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import type { JsonObject } from '../db/json-columns.js';
import { notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { findPatients, patientIdOfPseudonym } from '../patients/patients.sql.js';
import { visibleStudyPatientIds } from '../patient-documentation/patient-workspace.js';
import { findStudyPatients, type StudyPatientRow } from '../patient-documentation/study-patients.sql.js';
import { findLinkOfPatient, findLinksOfPatients, insertLink, patientIdOfLink, type PatientLink } from './identity.sql.js';
import { ID_TYPE, IDAT_FIELDS, type MainzellisteClient } from './mainzelliste.client.js';

/** ecrf-calls.md §9: a check-match counts as a match only at this similarityScore or above. */
export const MATCH_THRESHOLD = 0.99;

/** Who may read whose identity: every patient, or the patients documented at the caller's locations. */
export type ReadScope = 'all' | 'my';

/** Writes one identity audit row: pseudonyms and kinds only, never IDAT. */
export async function auditIdentity(
  db: Kysely<DB>,
  caller: CurrentUser,
  event: SecurityEvent,
  recordId: string | null,
  value: JsonObject,
): Promise<void> {
  await audit(db, { actor: actorOf(caller), tableName: 'patient_identity_link', recordId, operation: 'Update', event, newValue: value });
}

/** The linked patients among `patientIds` the caller may read in the scope (deleted ones only when asked). */
export async function readableLinks(
  db: Kysely<DB>,
  caller: CurrentUser,
  patientIds: readonly string[],
  scope: ReadScope,
  includeDeleted: boolean,
): Promise<PatientLink[]> {
  const studyInstituteIds = scope === 'my' ? await callerLocationIds(db, caller) : null;
  return findLinksOfPatients(db, { patientIds, includeDeleted, studyInstituteIds });
}

/** The study patients of registry patients the caller may see (by location, assignment or the all-right), in two queries at most. */
export async function visibleStudyPatients(db: Kysely<DB>, caller: CurrentUser, patientIds: readonly string[]): Promise<StudyPatientRow[]> {
  if (patientIds.length === 0) return [];
  const rows = await findStudyPatients(db, { patientIds });
  const locationIds = hasRight(caller.rights, 'StudyPatientGetAllCmd') ? [] : await callerLocationIds(db, caller);
  const visible = await visibleStudyPatientIds(db, { rights: caller.rights, locationIds }, rows);
  return rows.filter((row) => visible.has(row.id));
}

/** 404 for an unknown patient and for one none of whose study patients the caller may see (issue 15). */
export async function assertPatientVisible(db: Kysely<DB>, caller: CurrentUser, patientId: string): Promise<void> {
  const [patient] = await findPatients(db, { ids: [patientId] });
  if (!patient || (await visibleStudyPatients(db, caller, [patientId])).length === 0) throw notFound('patient');
}

/** The link of one registry patient the caller may see; 404 without a link. */
export async function linkOfVisiblePatient(db: Kysely<DB>, caller: CurrentUser, patientId: string): Promise<PatientLink> {
  await assertPatientVisible(db, caller, patientId);
  const link = await findLinkOfPatient(db, patientId);
  if (!link) throw notFound('identity of the patient');
  return link;
}

/** The registry patient using a pseudonym: through its link, else as its own pseudonym. */
export async function patientOfPseudonym(db: Kysely<DB>, pseudonym: string): Promise<string | null> {
  return (await patientIdOfLink(db, pseudonym)) ?? (await patientIdOfPseudonym(db, pseudonym)) ?? null;
}

/** A single-use readPatients token over the links: all IDAT fields, pseudonyms as ids. */
export async function issueReadToken(
  db: Kysely<DB>,
  client: MainzellisteClient,
  caller: CurrentUser,
  links: readonly PatientLink[],
  scope: string,
) {
  const resultFields = [...IDAT_FIELDS];
  if (links.length === 0) return { tokenId: null, patients: [], resultFields };
  const token = await client.createToken('readPatients', {
    searchIds: links.map((link) => ({ idType: ID_TYPE, idString: link.pseudonym })),
    resultFields,
    resultIds: [ID_TYPE],
  });
  await auditIdentity(db, caller, 'IdentityTokenIssued', links.length === 1 ? (links[0]?.patientId ?? null) : null, {
    kind: 'readPatients',
    scope,
    pseudonyms: links.map((link) => link.pseudonym),
  });
  return { tokenId: token.tokenId, patients: links.map(({ patientId, pseudonym }) => ({ patientId, pseudonym })), resultFields };
}

/** Records a link; one identity per patient and one patient per identity. */
export async function storeLink(db: Kysely<DB>, caller: CurrentUser, patientId: string, pseudonym: string): Promise<{ linkedAt: Date }> {
  return db.transaction().execute(async (trx) => {
    const linkedAt = await insertLink(trx, { patientId, pseudonym, linkedBy: caller.id });
    await auditIdentity(trx, caller, 'IdentityLinked', patientId, { idType: ID_TYPE, pseudonym });
    return { linkedAt };
  });
}
