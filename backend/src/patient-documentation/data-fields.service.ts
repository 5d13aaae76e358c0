/**
 * Data field calls (ecrf-calls.md §7 "Visits": instruments and data fields: get, create, update, delete).
 * A field lives in the form of its owner (study patient, visit or instrument); each call is a save of that
 * form with its version, so the same rules, locks, version check and audit apply. Locks are set with
 * DataFieldLockCmd (a data management correction; ecrf-core.md §3 lockedManually, lockDate), also through the one
 * documentation path.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { writeDocumentation } from './documentation-write.js';
import type { FieldInput } from './field-instance.schemas.js';
import { saveInstrument } from './instruments.service.js';
import { OWNER_TABLES, findOwnerById, findOwnerOfField, saveOwnerFields, type Owner, type OwnerKind } from './instruments.sql.js';
import { savePatientFields } from './patient-fields.service.js';
import { saveVisit } from './visits.service.js';
import type { RecordName } from '../errors/messages.js';

/** What a 404 calls the owner asked for. */
const OWNER_NAMES: Record<OwnerKind, RecordName> = { Instrument: 'instrument', Visit: 'visit', StudyPatient: 'study patient' };

/** The form holding a field instance. */
export async function ownerOfField(db: Kysely<DB>, fieldId: string): Promise<Owner> {
  const owner = await findOwnerOfField(db, fieldId);
  if (!owner) throw notFound('data field');
  return owner;
}

export async function ownerById(db: Kysely<DB>, kind: OwnerKind, id: string): Promise<Owner> {
  const owner = await findOwnerById(db, kind, id);
  if (!owner) throw notFound(OWNER_NAMES[kind]);
  return owner;
}

/** The path of instances from a root to the field (inclusive), or undefined. */
export function pathTo(fields: readonly DataFieldInstance[], id: string): DataFieldInstance[] | undefined {
  for (const field of fields) {
    if (field.id === id) return [field];
    const inner = pathTo(field.childFields, id);
    if (inner) return [field, ...inner];
  }
  return undefined;
}

/** The save input that reaches the leaf through its ancestors, changing nothing else. */
export function nest(ancestors: readonly DataFieldInstance[], leaf: FieldInput): FieldInput[] {
  return ancestors.reduceRight<FieldInput[]>((children, a) => [{ id: a.id, definitionId: a.definitionId, childFields: children }], [leaf]);
}

export async function saveOwner(
  db: Kysely<DB>,
  caller: CurrentUser,
  owner: Owner,
  input: { version: number; fields: FieldInput[]; reasonForChange?: string },
): Promise<void> {
  if (owner.kind === 'Instrument') await saveInstrument(db, caller, owner.id, input);
  else if (owner.kind === 'Visit') await saveVisit(db, caller, owner.id, input);
  else await savePatientFields(db, caller, owner.id, input);
}

export type LockChange = { lockedManually?: boolean; lockDate?: string | null; lockedAutomatically?: boolean };

/** Sets or lifts a field's lock: a data management step, audited with the field's old and new lock state. */
export async function setFieldLock(
  db: Kysely<DB>,
  caller: CurrentUser,
  owner: Owner,
  fieldId: string,
  version: number,
  lock: LockChange,
  reason: string | null,
): Promise<void> {
  const apply = (fields: readonly DataFieldInstance[]): DataFieldInstance[] =>
    fields.map((f) => (f.id === fieldId ? { ...f, ...lock } : { ...f, childFields: apply(f.childFields) }));
  if (!pathTo(owner.fields, fieldId)) throw notFound('data field');
  await writeDocumentation(db, caller, { studyPatientId: owner.studyPatientId, hiddenAs: 'study patient' }, (unit) => {
    const visitId = owner.kind === 'Visit' ? owner.id : owner.kind === 'Instrument' ? (unit.instrument(owner.id).visitId ?? null) : null;
    return unit.apply({
      table: OWNER_TABLES[owner.kind],
      operation: 'Update',
      read: { id: owner.id, version },
      form: { definitions: [], before: owner.fields, after: apply(owner.fields) },
      after: {},
      visitId,
      concerns: 'workflow',
      reason,
      write: (trx, stamp) => saveOwnerFields(trx, owner, version, apply(owner.fields), stamp),
      current: () => Promise.resolve({ kind: owner.kind, id: owner.id, version: owner.version, fields: owner.fields }),
    });
  });
}
