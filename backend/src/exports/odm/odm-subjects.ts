/**
 * The clinical data of a batch of patients for the ODM export: their visits, instruments and the audit rows
 * that wrote their fields, read in three queries per batch. A field's AuditRecord is the newest audit row that
 * wrote it: an Update lists the fields it changed by id, a Create holds the whole tree it created.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import type { FieldAudit, OdmForm, OdmSubject, OdmVisit } from './odm-clinical.js';
import { instrumentsOfPatients, visitsOfPatients } from '../patient-records.sql.js';
import { fieldAuditRows, type OdmPatientRow } from './odm-export.sql.js';
import { groupBy } from '../../db/group-rows.js';
import { FIELD_KEY_PREFIX } from '../../patient-documentation/documentation-audit.js';

export type OdmNaming = {
  userOid: (userName: string) => string;
  locationOf: (studyInstituteId: string) => string;
  signatureOids: ReadonlyMap<string, string>;
};

function treeIds(fields: readonly DataFieldInstance[]): string[] {
  return fields.flatMap((f) => [f.id, ...treeIds(f.childFields ?? [])]);
}

/** The ids of the fields an audit row wrote: its `fields.<id>` keys, or in rows written before, its `fields` key. */
export function writtenFieldIds(operation: string, newValue: Record<string, unknown> | null): string[] {
  const keyed = Object.keys(newValue ?? {}).filter((key) => key.startsWith(FIELD_KEY_PREFIX));
  if (keyed.length > 0) return keyed.map((key) => key.slice(FIELD_KEY_PREFIX.length));
  const fields = newValue?.fields;
  if (operation === 'Create' && Array.isArray(fields)) return treeIds(fields as DataFieldInstance[]);
  if (operation === 'Update' && fields !== null && typeof fields === 'object') return Object.keys(fields);
  return [];
}

export async function loadSubjects(db: Kysely<DB>, patients: readonly OdmPatientRow[], naming: OdmNaming): Promise<OdmSubject[]> {
  const ids = patients.map((p) => p.id);
  const visits = await visitsOfPatients(db, ids);
  const instruments = await instrumentsOfPatients(db, ids);
  const audits = await fieldAuditRows(db, [...ids, ...visits.map((v) => v.id), ...instruments.map((i) => i.id)]);
  // Oldest first: a later row that wrote the same field replaces the earlier one.
  const lastWrite = new Map<string, FieldAudit>();
  for (const row of audits) {
    const audit: FieldAudit = {
      userOid: naming.userOid(row.userName),
      at: row.occurredAt,
      reason: row.reason,
      sourceId: `audit_trail/${row.id}`,
    };
    for (const fieldId of writtenFieldIds(row.operation, row.newValue)) lastWrite.set(fieldId, audit);
  }
  const visitsOf = groupBy(visits, (v) => v.studyPatientId);
  const instrumentsOfVisit = groupBy(
    instruments.filter((i) => i.visitId !== null),
    (i) => i.visitId ?? '',
  );
  const standaloneOf = groupBy(
    instruments.filter((i) => i.visitId === null),
    (i) => i.studyPatientId,
  );
  const form = (row: { definitionId: string; fields: DataFieldInstance[] }): OdmForm => ({
    definitionId: row.definitionId,
    fields: row.fields,
  });
  return patients.map((patient) => {
    const patientVisits: OdmVisit[] = (visitsOf.get(patient.id) ?? []).map((visit) => {
      const signature = visit.isSigned ? visit.signature : null;
      const signatureOid = signature ? naming.signatureOids.get(signature.meaning) : undefined;
      return {
        ...form(visit),
        signature:
          signature && signatureOid ? { userOid: naming.userOid(signature.userName), signatureOid, signedAt: signature.signedAt } : null,
        instruments: (instrumentsOfVisit.get(visit.id) ?? []).map(form),
      };
    });
    return {
      pseudonym: patient.pseudonym,
      locationOid: naming.locationOf(patient.studyInstituteId),
      fields: patient.fields,
      visits: patientVisits,
      standaloneInstruments: (standaloneOf.get(patient.id) ?? []).map(form),
      auditOf: (fieldId) => lastWrite.get(fieldId),
    };
  });
}
