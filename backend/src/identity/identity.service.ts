/**
 * Which identities a caller may read, the links between registry patients and service pseudonyms, and
 * the tokens handed out for them. The registry keeps pseudonyms and links only; IDAT is read by the
 * caller at the service with a token scoped to the patients it may see (issue 6).
 */
import type { ColumnType, Kysely } from 'kysely';
import { audit, type SecurityEvent } from '../audit/audit.service.js';
import type { DB, JsonObject } from '../db/schema.js';
import { forbidden, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { actorOf } from '../instruments/instruments.service.js';
import { toStudyPatientRow, selectStudyPatients, type StudyPatientRow } from '../study-patients/patient-documents.js';
import { assertPatientAccess, callerLocationIds } from '../study-patients/patient-workspace.js';
import { ID_TYPE, IDAT_FIELDS, type MainzellisteClient } from './mainzelliste.client.js';

/** migrations/0060_patient_identity_link.sql */
export type IdentityTables = {
  patient_identity_link: {
    patient_id: string;
    id_type: string;
    id_string: string;
    linked_at: ColumnType<Date, Date | string | undefined, Date | string>;
    linked_by: string | null;
  };
};

export type IdentityDb = Kysely<DB & IdentityTables>;
export const identityDb = (db: Kysely<DB>): IdentityDb => db.withTables<IdentityTables>();

/** ecrf-calls.md §9: a check-match counts as a match only at this similarityScore or above. */
export const MATCH_THRESHOLD = 0.99;

export type PatientLink = { patientId: string; pseudonym: string };

/** Who may read whose identity: every patient, or the patients documented at the caller's locations. */
export type ReadScope = 'all' | 'my';

/** Writes one identity audit row: pseudonyms and kinds only, never IDAT. */
export async function auditIdentity(db: Kysely<DB>, caller: CurrentUser, event: SecurityEvent, recordId: string | null, value: JsonObject): Promise<void> {
  await audit(db, { actor: actorOf(caller), tableName: 'patient_identity_link', recordId, operation: 'Update', event, newValue: value });
}

/** The linked patients among `patientIds` the caller may read in the scope (deleted ones only when asked). */
export async function readableLinks(db: Kysely<DB>, caller: CurrentUser, patientIds: readonly string[], scope: ReadScope, includeDeleted: boolean): Promise<PatientLink[]> {
  if (patientIds.length === 0) return [];
  const locations = scope === 'my' ? await callerLocationIds(db, caller.id) : [];
  if (scope === 'my' && locations.length === 0) return [];
  let query = identityDb(db).selectFrom('patient as p')
    .innerJoin('patient_identity_link as l', 'l.patient_id', 'p.id')
    .select(['p.id as patientId', 'l.id_string as pseudonym'])
    .where('p.id', 'in', [...patientIds]).where('l.id_type', '=', ID_TYPE);
  if (!includeDeleted) query = query.where('p.is_deleted', '=', false);
  if (scope === 'my') {
    query = query.where(({ exists, selectFrom }) => exists(selectFrom('study_patient as sp').select('sp.id')
      .whereRef('sp.patient_id', '=', 'p.id').where('sp.study_institute_id', 'in', locations)
      .$if(!includeDeleted, (q) => q.where('sp.is_deleted', '=', false))));
  }
  return query.orderBy('p.id').execute();
}

/** The study patients of a registry patient the caller may see (by location, assignment or the all-right). */
export async function visibleStudyPatients(db: Kysely<DB>, caller: CurrentUser, patientId: string): Promise<StudyPatientRow[]> {
  const rows = (await selectStudyPatients(db).where('p.id', '=', patientId).where('sp.is_deleted', '=', false).execute()).map(toStudyPatientRow);
  const visible: StudyPatientRow[] = [];
  for (const row of rows) {
    const allowed = await assertPatientAccess(db, caller, row).then(() => true, () => false);
    if (allowed) visible.push(row);
  }
  return visible;
}

/** 404 for an unknown patient, 403 when none of its study patients is visible to the caller. */
export async function assertPatientVisible(db: Kysely<DB>, caller: CurrentUser, patientId: string): Promise<void> {
  const patient = await db.selectFrom('patient').select('id').where('id', '=', patientId).where('is_deleted', '=', false).executeTakeFirst();
  if (!patient) throw notFound('patient');
  if ((await visibleStudyPatients(db, caller, patientId)).length === 0) throw forbidden('the patient is not documented at one of your locations');
}

/** The link of one registry patient the caller may see; 404 without a link. */
export async function linkOfVisiblePatient(db: Kysely<DB>, caller: CurrentUser, patientId: string): Promise<PatientLink> {
  await assertPatientVisible(db, caller, patientId);
  const link = await identityDb(db).selectFrom('patient_identity_link').select(['patient_id as patientId', 'id_string as pseudonym'])
    .where('patient_id', '=', patientId).where('id_type', '=', ID_TYPE).executeTakeFirst();
  if (!link) throw notFound('identity of the patient');
  return link;
}

/** The registry patient using a pseudonym: through its link, else as its own pseudonym. */
export async function patientOfPseudonym(db: Kysely<DB>, pseudonym: string): Promise<string | null> {
  const link = await identityDb(db).selectFrom('patient_identity_link').select('patient_id')
    .where('id_type', '=', ID_TYPE).where('id_string', '=', pseudonym).executeTakeFirst();
  if (link) return link.patient_id;
  const patient = await db.selectFrom('patient').select('id').where('pseudonym', '=', pseudonym).executeTakeFirst();
  return patient?.id ?? null;
}

/** A single-use readPatients token over the links: all IDAT fields, pseudonyms as ids. */
export async function issueReadToken(db: Kysely<DB>, client: MainzellisteClient, caller: CurrentUser, links: readonly PatientLink[], scope: string) {
  const resultFields = [...IDAT_FIELDS];
  if (links.length === 0) return { tokenId: null, patients: [], resultFields };
  const token = await client.createToken('readPatients', {
    searchIds: links.map((link) => ({ idType: ID_TYPE, idString: link.pseudonym })), resultFields, resultIds: [ID_TYPE],
  });
  await auditIdentity(db, caller, 'IdentityTokenIssued', links.length === 1 ? links[0]?.patientId ?? null : null, {
    kind: 'readPatients', scope, pseudonyms: links.map((link) => link.pseudonym),
  });
  return { tokenId: token.tokenId, patients: links.map(({ patientId, pseudonym }) => ({ patientId, pseudonym })), resultFields };
}

/** Records a link; one identity per patient and one patient per identity. */
export async function storeLink(db: Kysely<DB>, caller: CurrentUser, patientId: string, pseudonym: string): Promise<{ linkedAt: Date }> {
  return db.transaction().execute(async (trx) => {
    const row = await identityDb(trx).insertInto('patient_identity_link')
      .values({ patient_id: patientId, id_type: ID_TYPE, id_string: pseudonym, linked_by: caller.id })
      .returning('linked_at').executeTakeFirstOrThrow();
    await auditIdentity(trx, caller, 'IdentityLinked', patientId, { idType: ID_TYPE, pseudonym });
    return { linkedAt: row.linked_at };
  });
}

export async function existingLink(db: Kysely<DB>, patientId: string, pseudonym: string) {
  return identityDb(db).selectFrom('patient_identity_link').select(['patient_id', 'id_string'])
    .where((eb) => eb.or([eb('patient_id', '=', patientId), eb.and([eb('id_type', '=', ID_TYPE), eb('id_string', '=', pseudonym)])]))
    .executeTakeFirst();
}
