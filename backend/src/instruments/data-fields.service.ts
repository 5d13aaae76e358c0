/**
 * Data field calls (ecrf-calls.md §7 "Visits": instruments and data fields: get, create, update, delete).
 * A field lives in the form of its owner (study patient, visit or instrument); each call is a save of that
 * form with its version, so the same rules, locks, version check and audit apply. Locks are set with
 * DataFieldLockCmd (a data management correction; ecrf-core.md §3 lockedManually, lockDate).
 */
import type { DataFieldInstance } from '@ecrf/rules';
import { sql, type Kysely } from 'kysely';
import { audit } from '../audit/audit.service.js';
import type { DB } from '../db/schema.js';
import { notFound, staleWrite } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { savePatientFields } from '../study-patients/patient-fields.service.js';
import { openWorkspace } from '../study-patients/patient-workspace.js';
import { saveVisit } from '../visits/visits.service.js';
import type { FieldInput } from './field-instance.schemas.js';
import { actorOf, saveInstrument } from './instruments.service.js';

export type OwnerKind = 'StudyPatient' | 'Visit' | 'Instrument';
export type Owner = { kind: OwnerKind; id: string; studyPatientId: string; version: number; fields: DataFieldInstance[] };

const TABLES = { StudyPatient: 'study_patient', Visit: 'visit', Instrument: 'instrument' } as const;

async function ownerRow(db: Kysely<DB>, kind: OwnerKind, where: (q: 'id' | 'field') => ReturnType<typeof sql<boolean>>): Promise<Owner | undefined> {
  const table = TABLES[kind];
  const row = await db.selectFrom(table).select(['id', 'version', 'fields', kind === 'StudyPatient' ? 'id as studyPatientId' : 'study_patient_id as studyPatientId'])
    .where(where('field')).executeTakeFirst();
  return row ? { kind, id: row.id, studyPatientId: row.studyPatientId, version: row.version, fields: row.fields } : undefined;
}

/** The owner holding a field instance, found in the jsonb trees (one query per owner kind). */
export async function ownerOfField(db: Kysely<DB>, fieldId: string): Promise<Owner> {
  const contains = () => sql<boolean>`jsonb_path_exists(fields, '$.** ? (@.id == $id)', jsonb_build_object('id', ${fieldId}::text))`;
  for (const kind of ['Instrument', 'Visit', 'StudyPatient'] as const) {
    const owner = await ownerRow(db, kind, contains);
    if (owner) return owner;
  }
  throw notFound('data field');
}

export async function ownerById(db: Kysely<DB>, kind: OwnerKind, id: string): Promise<Owner> {
  const owner = await ownerRow(db, kind, () => sql<boolean>`id = ${id}::uuid`);
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

export async function saveOwner(db: Kysely<DB>, caller: CurrentUser, owner: Owner, input: { version: number; fields: FieldInput[]; reasonForChange?: string }): Promise<void> {
  if (owner.kind === 'Instrument') await saveInstrument(db, caller, owner.id, input);
  else if (owner.kind === 'Visit') await saveVisit(db, caller, owner.id, input);
  else await savePatientFields(db, caller, owner.id, input);
}

export type LockChange = { lockedManually?: boolean; lockDate?: string | null; lockedAutomatically?: boolean };

/** Sets or lifts a field's lock; audited with old and new lock state. */
export async function setFieldLock(db: Kysely<DB>, caller: CurrentUser, owner: Owner, fieldId: string, version: number, lock: LockChange, reason: string | null): Promise<void> {
  await openWorkspace(db, owner.studyPatientId, caller);
  if (owner.version !== version) throw staleWrite({ kind: owner.kind, id: owner.id, version: owner.version, fields: owner.fields });
  const apply = (fields: readonly DataFieldInstance[]): DataFieldInstance[] => fields.map((f) =>
    f.id === fieldId ? { ...f, ...lock } : { ...f, childFields: apply(f.childFields) });
  const before = pathTo(owner.fields, fieldId)?.at(-1);
  if (!before) throw notFound('data field');
  const table = TABLES[owner.kind];
  await db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable(table).set({ fields: JSON.stringify(apply(owner.fields)), version: owner.version + 1 })
      .where('id', '=', owner.id).where('version', '=', version).returning('id').executeTakeFirst();
    if (!updated) throw staleWrite({ kind: owner.kind, id: owner.id });
    await audit(trx, { actor: actorOf(caller), tableName: table, recordId: owner.id, operation: 'Update', reason,
      oldValue: { fieldId, lockedManually: before.lockedManually ?? false, lockedAutomatically: before.lockedAutomatically ?? false, lockDate: before.lockDate ?? null },
      newValue: { fieldId, ...lock } });
  });
}
