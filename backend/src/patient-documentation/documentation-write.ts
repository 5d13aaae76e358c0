/**
 * The one write path of patient documentation (ARCHITECTURE.md "Patient documentation has one write path"; issue 25).
 * Study patients' fields, visits, instruments, data fields, case process steps and signatures are all written through
 * `writeDocumentation`, and every record of such a write passes `DocumentationUnit.apply`, which applies each
 * invariant in the write's one transaction, the way Medplum's repository applies access, versioning and audit to every
 * resource type (STYLE.md):
 * - the caller sees the patient (404 otherwise), the patient is neither deleted nor merged into another, the caller's
 *   role passed the study's e-learning, and the study patient is held FOR KEY SHARE (a merge waits for the write, and
 *   a write that waited for a merge is refused);
 * - lock and signature rules: a locked or non-editable visit or a locked instrument takes no documentation change;
 *   a change of a complete or signed visit needs a reason; a documentation change of a signed visit withdraws its
 *   signature, recorded with who, when and why;
 * - the version read guards the write (a stale write is refused with the stored state, never merged), and the
 *   version, change time and user are stamped here;
 * - every changed value is validated against its field's definition (real calendar dates, bounds, value sets);
 * - the audit row is written here, one key per field (documentation-audit.ts), with the actor and the reason;
 * - a visit's state follows its instruments; verification flags, the patient list's flags and the domain events
 *   follow each saved form (form-saved.ts).
 */
import type { DataFieldDefinition, DataFieldInstance, InstrumentState } from '@ecrf/rules';
import { reasonForChangeRequired, givenReason, visitEditability } from '@ecrf/rules';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { actorOf, audit, type AuditActor, type SecurityEvent } from '../audit/audit.service.js';
import type { JsonObject } from '../db/json-columns.js';
import { assertElearningPassed } from '../elearning/elearning-gate.js';
import { EcrfError, notFound, staleWrite } from '../errors/errors.js';
import { DOCUMENTATION_MESSAGES, type RecordName } from '../errors/messages.js';
import type { CurrentUser } from '../http/route-access.js';
import { formAuditValues } from './documentation-audit.js';
import { onFormSaved } from './form-saved.js';
import { instrumentDto, visitDto, type InstrumentDto, type VisitDto } from './patient-documents.js';
import { openWorkspace, type Workspace } from './patient-workspace.js';
import { displayTextsOf } from '../languages/languages.service.js';
import { assertValuesValid, type InputPaths } from './value-checks.js';
import { visitStateOf } from './visit-progress.js';
import { saveVisitRow, type VisitRow } from './visits.sql.js';
import type { InstrumentRow } from './instruments.sql.js';

export type DocumentationTable = 'study_patient' | 'visit' | 'instrument' | 'case_process_step';

/** What the path stamps on every written record. */
export type Stamp = { version: number; changedAt: Date; changedBy: string };

/** A form's fields before and after the change, with its definitions (validation) and where the client sent each field. */
export type FormChange = {
  definitions: readonly DataFieldDefinition[];
  before: readonly DataFieldInstance[];
  after: readonly DataFieldInstance[];
  inputPaths?: InputPaths;
};

/** One record write of a documentation write. */
export type RecordChange<R> = {
  table: DocumentationTable;
  operation: 'Create' | 'Update' | 'Delete';
  /** The record as read: its version guards the write; null for a new record. */
  read: { id: string; version: number } | null;
  /** The form fields, for records that hold a form. */
  form?: FormChange;
  /** The record's audited columns besides its fields, as read and as they will be. */
  before?: JsonObject;
  after: JsonObject;
  /** The visit the record belongs to (a visit's own id for a visit); null for patient fields and standalone instruments. */
  visitId: string | null;
  /**
   * How the change concerns its visit: `documentation` needs an editable visit, a reason where the visit is complete
   * or signed, withdraws a signature and moves the visit's state; `workflow` (signing, case process, locks) only
   * needs the visit to exist.
   */
  concerns: 'documentation' | 'workflow';
  /** The instrument's stored state (reasons for change of complete forms) and its lock. */
  instrument?: { state: InstrumentState; locked: boolean };
  reason: string | null;
  event?: SecurityEvent;
  /** Writes the row: an update only over `read.version`; undefined when the stored version moved on. */
  write: (trx: Transaction<DB>, stamp: Stamp) => Promise<R | undefined>;
  /** The stored state a stale write is refused with. */
  current?: (trx: Transaction<DB>) => Promise<unknown>;
};

export class DocumentationUnit {
  readonly actor: AuditActor;
  private readonly visits: Map<string, VisitDto>;
  private readonly instruments: Map<string, InstrumentDto>;
  private readonly saved: Parameters<typeof onFormSaved>[1][] = [];
  /** The study patient as this write left it (a move changes its location). */
  private patient: Workspace['patient'];

  constructor(
    readonly trx: Transaction<DB>,
    readonly ws: Workspace,
    readonly caller: CurrentUser,
  ) {
    this.actor = actorOf(caller);
    this.patient = ws.patient;
    this.visits = new Map(ws.documents.visits.map((visit) => [visit.id, visit]));
    this.instruments = new Map(
      [...ws.documents.visits.flatMap((visit) => visit.instruments), ...ws.documents.standaloneInstruments].map((i) => [i.id, i]),
    );
  }

  /** The visit as this write left it so far. */
  visit(id: string): VisitDto {
    const visit = this.visits.get(id);
    if (!visit) throw notFound('visit');
    return { ...visit, instruments: [...this.instruments.values()].filter((i) => i.visitId === id) };
  }

  /** The instrument as this write left it so far. */
  instrument(id: string): InstrumentDto {
    const instrument = this.instruments.get(id);
    if (!instrument) throw notFound('instrument');
    return instrument;
  }

  /** Writes one record under every invariant of the documentation (see the module comment). */
  async apply<R>(change: RecordChange<R>): Promise<R> {
    const visit = change.visitId === null ? null : this.visit(change.visitId);
    this.assertWritable(change, visit);
    const stamp: Stamp = { version: (change.read?.version ?? 0) + 1, changedAt: this.ws.now, changedBy: this.caller.userName };
    const fields = change.form && change.operation !== 'Delete' ? formAuditValues(change.form.before, change.form.after) : null;
    if (change.form && fields)
      await assertValuesValid(change.form, fields.changedFieldIds, {
        enumValueSets: this.ws.index.study.enumValueSets,
        texts: () => displayTextsOf(this.trx, this.ws.patient.studyDefinitionId),
      });
    const row = await change.write(this.trx, stamp);
    if (row === undefined) throw staleWrite(change.current ? await change.current(this.trx) : change.read);
    const recordId = change.read?.id ?? (row as { id: string }).id;
    await audit(this.trx, {
      actor: this.actor,
      tableName: change.table,
      recordId,
      operation: change.operation,
      reason: change.reason,
      ...(change.event ? { event: change.event } : {}),
      oldValue: change.read ? { ...change.before, ...fields?.oldValue, version: change.read.version } : null,
      newValue: { ...change.after, ...fields?.newValue, version: stamp.version },
    });
    this.note(change, row);
    if (change.form) this.noteForm(change, recordId);
    if (visit && change.concerns === 'documentation') await this.followVisit(visit.id, change.reason, change.table === 'visit');
    return row;
  }

  /** Lock and signature rules (ecrf-calls.md §4), and the reason a complete or signed visit's change needs. */
  private assertWritable(change: RecordChange<unknown>, visit: VisitDto | null): void {
    if (visit?.isDeleted) throw notFound('visit');
    if (change.instrument?.locked && change.concerns === 'documentation')
      throw new EcrfError('ECRF_ERR_VISIT_NOT_EDITABLE', 'Das Instrument ist gesperrt.');
    if (!visit || change.concerns !== 'documentation') return;
    if (visit.locked) throw new EcrfError('ECRF_ERR_VISIT_NOT_EDITABLE', 'Die Visite ist gesperrt.');
    const definition = this.ws.index.visitById.get(visit.definitionId);
    if (!definition) throw notFound('visit');
    const editability = visitEditability(definition, this.ws.storedContext);
    if (!editability.editable)
      throw new EcrfError('ECRF_ERR_VISIT_NOT_EDITABLE', editability.message || 'Die Visite kann nicht bearbeitet werden.');
    const formState = change.operation === 'Create' ? null : (change.instrument?.state ?? null);
    if (reasonForChangeRequired({ formState, visit }) && givenReason(change.reason) === null)
      throw new EcrfError('ECRF_ERR_REASON_REQUIRED', DOCUMENTATION_MESSAGES.reasonRequired);
  }

  private note(change: RecordChange<unknown>, row: unknown): void {
    const { table } = change;
    const identifierOf = this.ws.identifierOf;
    if (table === 'study_patient' && typeof change.after.studyInstituteId === 'string')
      this.patient = { ...this.patient, studyInstituteId: change.after.studyInstituteId };
    if (table === 'instrument') {
      const instrument = instrumentDto(row as InstrumentRow, identifierOf);
      this.instruments.set(instrument.id, instrument);
    }
    if (table === 'visit') {
      const visit = visitDto(row as VisitRow, [], identifierOf);
      this.visits.set(visit.id, visit);
    }
  }

  private noteForm(change: RecordChange<unknown>, recordId: string): void {
    const deleted = change.operation === 'Delete';
    this.saved.push({
      patient: this.patient,
      actor: this.actor,
      now: this.ws.now,
      visitId: change.visitId,
      instrumentId: change.table === 'instrument' ? recordId : null,
      fields: deleted ? (change.form?.before ?? []) : (change.form?.after ?? []),
      formDeleted: deleted,
    });
  }

  /**
   * A visit's state follows its instruments; a documentation change of a signed visit withdraws the signature (21
   * CFR 11.70: the signature no longer vouches for the changed data), kept with who withdrew it, when and why.
   */
  private async followVisit(visitId: string, reason: string | null, ownChange: boolean): Promise<void> {
    const visit = this.visit(visitId);
    const definition = this.ws.index.visitById.get(visit.definitionId);
    if (!definition || visit.isDeleted) return;
    // A change of the visit's own form or date ends its state "new", as its own values do.
    const ownValues = ownChange || visit.fields.some((f) => f.values.some((v) => (v.value ?? '') !== ''));
    const state = visitStateOf(definition, visit.instruments, ownValues);
    if (state === visit.state && !visit.isSigned) return;
    const withdrawal =
      visit.isSigned && visit.signatureData
        ? {
            signature: visit.signatureData,
            withdrawnAt: this.ws.now.toISOString(),
            withdrawnBy: { ...this.actor, displayName: await this.callerDisplayName() },
            reason,
          }
        : null;
    await this.apply<VisitRow>({
      table: 'visit',
      operation: 'Update',
      read: { id: visit.id, version: visit.version },
      before: { state: visit.state, isSigned: visit.isSigned },
      after: { state, isSigned: false, ...(withdrawal ? { signatureWithdrawal: withdrawal } : {}) },
      visitId: visit.id,
      concerns: 'workflow',
      reason,
      ...(withdrawal ? { event: 'VisitSignatureWithdrawn' as const } : {}),
      write: (trx, stamp) =>
        saveVisitRow(trx, visit.id, visit.version, {
          state,
          is_signed: false,
          ...(withdrawal ? { signature_withdrawal: JSON.stringify(withdrawal) } : {}),
          version: stamp.version,
          changed_at: stamp.changedAt,
          changed_by: stamp.changedBy,
        }),
    });
  }

  /** The caller as people know them, as a signature names its signer. */
  private async callerDisplayName(): Promise<string> {
    const user = await this.trx.selectFrom('app_user').select('display_name').where('id', '=', this.caller.id).executeTakeFirst();
    return user?.display_name ?? this.caller.userName;
  }

  /** After the body: what every saved form sets off (verification flags, the patient list's flags, events). */
  async finish(): Promise<void> {
    for (const saved of this.saved) await onFormSaved(this.trx, saved);
  }
}

/** The study patient held for the write, and refused when deleted or merged meanwhile (docs/decisions.md). */
async function holdStudyPatient(trx: Kysely<DB>, studyPatientId: string, hiddenAs: RecordName): Promise<void> {
  const held = await trx.selectFrom('study_patient').select('is_deleted').where('id', '=', studyPatientId).forKeyShare().executeTakeFirst();
  if (!held || held.is_deleted) throw notFound(hiddenAs);
}

/**
 * Runs one documentation write of `caller` on a study patient: refused when the caller does not see the patient
 * (404 named `hiddenAs`, as if it did not exist), when the patient is deleted or merged, or while the caller's role
 * must still pass the study's e-learning; then `body` writes its records through the unit, in one transaction.
 */
export async function writeDocumentation<T>(
  db: Kysely<DB>,
  caller: CurrentUser,
  target: { studyPatientId: string; hiddenAs: RecordName },
  body: (unit: DocumentationUnit) => Promise<T>,
): Promise<T> {
  const ws = await openWorkspace(db, target.studyPatientId, caller, { hiddenAs: target.hiddenAs });
  if (ws.patient.isDeleted) throw notFound(target.hiddenAs);
  await assertElearningPassed(db, caller, ws.patient.studyDefinitionId);
  return db.transaction().execute(async (trx) => {
    await holdStudyPatient(trx, ws.patient.id, target.hiddenAs);
    const unit = new DocumentationUnit(trx, ws, caller);
    const result = await body(unit);
    await unit.finish();
    return result;
  });
}
