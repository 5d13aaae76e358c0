/**
 * Data field calls (ecrf-calls.md §7 "Visits": instruments and data fields: get, create, update, delete).
 * A field lives in the form of its owner (study patient, visit or instrument); each call is a save of that
 * form with its version, so the same rules, locks, version check and audit apply. Locks are set with
 * DataFieldLockCmd (a data management correction; ecrf-core.md §3 lockedManually, lockDate).
 */
import type { DataFieldInstance } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { audit } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { notFound, staleWrite } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { savePatientFields } from '../study-patients/patient-fields.service.js';
import { documentationWrite, openWorkspaceForWrite } from '../study-patients/patient-workspace.js';
import { saveVisit } from '../visits/visits.service.js';
import type { FieldInput } from './field-instance.schemas.js';
import { actorOf, saveInstrument } from './instruments.service.js';
import { OWNER_TABLES, findOwnerById, findOwnerOfField, saveOwnerFields, type Owner, type OwnerKind } from './instruments.sql.js';

/** The form holding a field instance. */
export async function ownerOfField(db: Kysely<DB>, fieldId: string): Promise<Owner> {
  const owner = await findOwnerOfField(db, fieldId);
  if (!owner) throw notFound('data field');
  return owner;
}

export async function ownerById(db: Kysely<DB>, kind: OwnerKind, id: string): Promise<Owner> {
  const owner = await findOwnerById(db, kind, id);
  if (!owner) throw notFound(kind);
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

/** Sets or lifts a field's lock; audited with old and new lock state. */
export async function setFieldLock(
  db: Kysely<DB>,
  caller: CurrentUser,
  owner: Owner,
  fieldId: string,
  version: number,
  lock: LockChange,
  reason: string | null,
): Promise<void> {
  await openWorkspaceForWrite(db, owner.studyPatientId, caller);
  if (owner.version !== version) throw staleWrite({ kind: owner.kind, id: owner.id, version: owner.version, fields: owner.fields });
  const apply = (fields: readonly DataFieldInstance[]): DataFieldInstance[] =>
    fields.map((f) => (f.id === fieldId ? { ...f, ...lock } : { ...f, childFields: apply(f.childFields) }));
  const before = pathTo(owner.fields, fieldId)?.at(-1);
  if (!before) throw notFound('data field');
  await documentationWrite(db, owner.studyPatientId, 'study patient', async (trx) => {
    if (!(await saveOwnerFields(trx, owner, version, apply(owner.fields)))) throw staleWrite({ kind: owner.kind, id: owner.id });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: OWNER_TABLES[owner.kind],
      recordId: owner.id,
      operation: 'Update',
      reason,
      oldValue: {
        fieldId,
        lockedManually: before.lockedManually ?? false,
        lockedAutomatically: before.lockedAutomatically ?? false,
        lockDate: before.lockDate ?? null,
      },
      newValue: { fieldId, ...lock },
    });
  });
}
