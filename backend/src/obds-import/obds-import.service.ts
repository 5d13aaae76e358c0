/**
 * oBDS imports (issue 28 item 2; docs/obds-import.md). The backend receives the clinical part of each message and
 * the study patient the gateway matched, maps it (`mapObdsMessage` of @ecrf/rules) and keeps the proposals; the
 * review reads them beside the stored values; a decision writes the accepted values through the one documentation
 * write (rules, rights, audit with the reason „oBDS-Import <Meldung_ID>“, events). A Meldung_ID imported for a
 * patient before is recorded as a duplicate and proposes nothing.
 */
import {
  EXECUTION_DATE_FIELDS,
  VISIT_IDENTIFIERS,
  hasRight,
  type DataFieldDefinition,
  type RightName,
  type VisitDefinition,
} from '@ecrf/rules';
import { mapObdsMessage, type ObdsInstrumentProposal } from '@ecrf/rules/obds';
import type { Insertable, Kysely } from 'kysely';
import type { DB, ObdsMessageTable } from '../__generated__/database.js';
import type { ObdsAcceptedField } from '../db/json-columns.js';
import { EcrfError, conflict, forbidden, notFound } from '../errors/errors.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';
import type { CurrentUser } from '../http/route-access.js';
import { displayTextsOf } from '../languages/languages.service.js';
import { writeDocumentation } from '../patient-documentation/documentation-write.js';
import { createInstrumentIn, saveInstrumentIn } from '../patient-documentation/instruments.service.js';
import { createVisitIn } from '../patient-documentation/visits.service.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { assertPatientAccess, openWorkspace, type Workspace } from '../patient-documentation/patient-workspace.js';
import { acceptedInput, currentValues, newFormInput, placeOf } from './obds-fields.js';
import type { ObdsDecision, ObdsImportDto, ObdsImportPatient, ObdsImportSummary, ObdsMessageRecord } from './obds-import.schemas.js';
import {
  decideMessage,
  findImports,
  findMessage,
  findMessages,
  countOutcomes,
  findTakenMessages,
  type ObdsImportRow,
  type ObdsMessageRow,
} from './obds-import.sql.js';
import { targetOf } from './obds-targets.js';

export const OBDS_IMPORT_MESSAGES = {
  possibleMatch:
    'Die Person ist möglicherweise schon registriert: Bitte im Abgleich möglicher Dubletten entscheiden und erneut importieren.',
  noMatch: 'Die Person ist im Register nicht gefunden: Bitte registrieren und die Datei erneut importieren.',
  duplicate: (messageId: string, date: string) => `Die Meldung ${messageId} wurde am ${date} bereits importiert; sie ändert nichts.`,
  decided: 'Über diese Meldung wurde bereits entschieden.',
  nothingToDecide: 'Diese Meldung enthält keine Vorschläge.',
  noBaseline: 'Der Patient hat noch keine Baseline-Visite: Bitte zuerst die Baseline-Visite anlegen.',
  noInstrument: (identifier: string) => `Die Studie hat an dieser Stelle kein Instrument „${identifier}“.`,
  unknownField: (instrument: string, path: string) => `Das Feld ${instrument}.${path} ist kein Vorschlag dieser Meldung.`,
  otherStudy: 'Der Studienpatient gehört nicht zu der Studie des Imports.',
} as const;

/** The reason every accepted value is audited with (issue 28). */
export const obdsReason = (messageId: string): string => `oBDS-Import ${messageId}`;

const germanDate = (date: Date): string =>
  date.toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });

/**
 * Maps a batch of an import's patients into its message rows: each message mapped, repeated Meldung_IDs (earlier
 * imports and earlier batches) recorded as duplicates, unmatched patients listed. `firstPosition` continues the
 * numbering of the batches before.
 */
export async function mapObdsPatients(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: { studyId: string; patients: ObdsImportPatient[] },
  now: Date,
  firstPosition: number,
): Promise<Omit<Insertable<ObdsMessageTable>, 'import_id'>[]> {
  const studyPatientIds = [
    ...new Set(input.patients.flatMap((p) => (p.match === 'definite' && p.studyPatientId ? [p.studyPatientId] : []))),
  ];
  for (const id of studyPatientIds) {
    const patient = await loadStudyPatient(db, id);
    await assertPatientAccess(db, caller, patient);
    if (patient.studyId !== input.studyId) throw new EcrfError('ECRF_ERR_VALIDATION', OBDS_IMPORT_MESSAGES.otherStudy);
  }
  const taken = new Map(
    (await findTakenMessages(db, studyPatientIds)).map((t) => [`${t.study_patient_id}|${t.message_id}`, t.imported_at]),
  );
  let position = firstPosition - 1;
  return input.patients.flatMap((patient) =>
    patient.messages.map((message) => {
      position += 1;
      const studyPatientId = patient.match === 'definite' ? patient.studyPatientId : null;
      const base = {
        position,
        patient_position: patient.position,
        patient_match: patient.match,
        study_patient_id: studyPatientId,
        message_id: message.messageId,
        report_kind: message.report.kind,
        tumour_icd10: message.tumour.icd10,
        message: JSON.stringify(message),
      };
      if (!studyPatientId)
        return {
          ...base,
          outcome: 'unmatched' as const,
          reason: patient.match === 'possible' ? OBDS_IMPORT_MESSAGES.possibleMatch : OBDS_IMPORT_MESSAGES.noMatch,
        };
      const key = `${studyPatientId}|${message.messageId}`;
      const before = taken.get(key);
      if (before)
        return { ...base, outcome: 'duplicate' as const, reason: OBDS_IMPORT_MESSAGES.duplicate(message.messageId, germanDate(before)) };
      taken.set(key, now);
      const mapping = mapObdsMessage(message);
      if (mapping.outcome !== 'proposed') return { ...base, outcome: mapping.outcome, reason: mapping.reason };
      return {
        ...base,
        outcome: 'proposed' as const,
        reason: null,
        proposals: JSON.stringify(mapping.proposals),
        skipped: JSON.stringify(mapping.skipped),
      };
    }),
  );
}

export function summaryOf(row: ObdsImportRow, outcomes: ObdsImportSummary['outcomes'] = emptyOutcomes()): ObdsImportSummary {
  return {
    id: row.id,
    studyId: row.study_id,
    fileName: row.file_name,
    importedAt: row.imported_at.toISOString(),
    importedBy: row.imported_by,
    patientCount: row.patient_count,
    messageCount: row.message_count,
    status: row.status,
    patientsDone: row.patients_done,
    failureReason: row.failure_reason,
    outcomes,
  };
}

const emptyOutcomes = (): ObdsImportSummary['outcomes'] => ({ proposed: 0, notApplicable: 0, notMapped: 0, duplicate: 0, unmatched: 0 });

/** The imports' message counts per outcome (all messages: counts name nobody). */
export async function outcomeCounts(db: Kysely<DB>, importIds: readonly string[]): Promise<Map<string, ObdsImportSummary['outcomes']>> {
  const counts = new Map<string, ObdsImportSummary['outcomes']>();
  for (const row of await countOutcomes(db, importIds)) {
    const entry = counts.get(row.import_id) ?? emptyOutcomes();
    entry[row.outcome] = Number(row.count);
    counts.set(row.import_id, entry);
  }
  return counts;
}

function labelOf(texts: Map<string, string>, definition: { displayKey: string; identifier: string }): string {
  return texts.get(definition.displayKey) ?? definition.identifier;
}

function fieldDefinition(fields: readonly DataFieldDefinition[], parentId: string | null, path: string): DataFieldDefinition | undefined {
  let parent = parentId;
  let found: DataFieldDefinition | undefined;
  for (const segment of path.split('.')) {
    found = fields.find((d) => d.identifier === segment && (d.parentFieldDefinitionId ?? null) === parent);
    parent = found?.id ?? null;
  }
  return found;
}

/** A coded value as the form shows it: its value set's German text (`T2a`, `palliativ`); other values as they are. */
function valueText(ws: Workspace | null, texts: Map<string, string>, definition: DataFieldDefinition | undefined, value: string): string {
  const setId = definition?.definition?.enumValueSetIdentifier;
  const entry = setId
    ? ws?.index.study.enumValueSets.find((set) => set.identifier === setId)?.values.find((v) => v.code === value)
    : undefined;
  return entry ? (texts.get(entry.displayKey) ?? value) : value;
}

function recordOf(row: ObdsMessageRow, ws: Workspace | null, texts: Map<string, string>): ObdsMessageRecord {
  const accepted = row.accepted ?? null;
  const proposals = (row.outcome === 'proposed' ? row.proposals : []).map((proposal) => {
    const target = ws ? targetOf(ws.index, ws.documents, proposal) : null;
    const definition = target?.definition;
    const definitions = definition?.fields ?? [];
    const place = placeOf(definitions, target?.instrument?.fields ?? [], proposal);
    const current = currentValues(
      definitions,
      place,
      proposal.fields.map((f) => f.path),
    );
    return {
      instrument: proposal.instrument,
      instrumentLabel: definition ? labelOf(texts, definition) : proposal.instrument,
      target: {
        label: target?.visitDefinition
          ? labelOf(texts, target.visitDefinition)
          : definition
            ? labelOf(texts, definition)
            : proposal.instrument,
        date: target?.date ?? null,
        isNew: target?.isNew ?? false,
      },
      therapyLine: place.entry?.lineNo ?? null,
      fields: proposal.fields.map((field) => {
        const fieldDef = fieldDefinition(definitions, place.parentId, field.path);
        const stored = current.get(field.path) ?? [];
        return {
          path: field.path,
          label: fieldDef ? labelOf(texts, fieldDef) : field.path,
          proposed: field.values,
          proposedText: field.values.map((value) => valueText(ws, texts, fieldDef, value)),
          current: stored,
          currentText: stored.map((value) => valueText(ws, texts, fieldDef, value)),
          source: field.source,
          note: field.note,
          accepted: accepted ? accepted.some((a) => a.instrument === proposal.instrument && a.path === field.path) : null,
        };
      }),
    };
  });
  return {
    id: row.id,
    position: row.position,
    patientPosition: row.patient_position,
    patientMatch: row.patient_match,
    studyPatientId: row.study_patient_id,
    messageId: row.message_id,
    reportKind: row.report_kind,
    tumourIcd10: row.tumour_icd10,
    outcome: row.outcome,
    reason: row.reason,
    proposals,
    skipped: row.outcome === 'proposed' ? row.skipped : [],
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by,
  };
}

/** An import with the messages of the patients the caller may see (and the unmatched ones), beside the stored values. */
export async function readObdsImport(db: Kysely<DB>, caller: CurrentUser, id: string): Promise<ObdsImportDto> {
  const [row] = await findImports(db, { id });
  if (!row) throw notFound('import');
  const counts = await outcomeCounts(db, [id]);
  const workspaces = new Map<string, Workspace | null>();
  const records: ObdsMessageRecord[] = [];
  let texts = new Map<string, string>();
  for (const message of await findMessages(db, id)) {
    const studyPatientId = message.study_patient_id;
    if (studyPatientId && !workspaces.has(studyPatientId))
      workspaces.set(
        studyPatientId,
        await openWorkspace(db, studyPatientId, caller).catch((error: unknown) => {
          if (error instanceof EcrfError && error.code === 'ECRF_ERR_NOT_FOUND') return null;
          throw error;
        }),
      );
    const ws = studyPatientId ? (workspaces.get(studyPatientId) ?? null) : null;
    if (studyPatientId && !ws) continue;
    if (ws && texts.size === 0) texts = await displayTextsOf(db, ws.patient.studyDefinitionId);
    records.push(recordOf(message, ws, texts));
  }
  return { ...summaryOf(row, counts.get(id)), messages: records };
}

/**
 * Writes the accepted fields of a message (all when none are named) in one documentation write, the reason naming
 * the message; records the decision in the same transaction, so a message is decided once.
 */
export async function decideObdsMessage(
  db: Kysely<DB>,
  caller: CurrentUser,
  importId: string,
  messageId: string,
  decision: ObdsDecision,
  now: Date,
): Promise<ObdsMessageRecord> {
  const message = await findMessage(db, importId, messageId);
  if (!message?.study_patient_id) throw notFound('import');
  if (message.outcome !== 'proposed') throw new EcrfError('ECRF_ERR_VALIDATION', OBDS_IMPORT_MESSAGES.nothingToDecide);
  if (message.decided_at) throw conflict(OBDS_IMPORT_MESSAGES.decided);
  const proposals = message.proposals;
  const chosen: ObdsAcceptedField[] =
    decision.fields ?? proposals.flatMap((p) => p.fields.map((f) => ({ instrument: p.instrument, path: f.path })));
  for (const field of chosen)
    if (!proposals.some((p) => p.instrument === field.instrument && p.fields.some((f) => f.path === field.path)))
      throw new EcrfError('ECRF_ERR_VALIDATION', OBDS_IMPORT_MESSAGES.unknownField(field.instrument, field.path));
  const reason = obdsReason(message.message_id);
  await writeDocumentation(db, caller, { studyPatientId: message.study_patient_id, hiddenAs: 'study patient' }, async (unit) => {
    const writes = proposals
      .map((proposal) => ({
        proposal,
        accepted: proposal.fields.filter((f) => chosen.some((c) => c.instrument === proposal.instrument && c.path === f.path)),
      }))
      .filter((w) => w.accepted.length > 0);
    // The follow-up visits this decision created, by day: a message's proposals for one day share one visit.
    const created = new Map<string, string>();
    for (const { proposal, accepted } of writes) await writeProposal(unit, proposal, accepted, reason, created);
    const decided = await decideMessage(unit.trx, message.id, { accepted: chosen, decidedAt: now, decidedBy: caller.userName });
    if (!decided) throw conflict(OBDS_IMPORT_MESSAGES.decided);
  });
  const ws = await openWorkspace(db, message.study_patient_id, caller);
  const row = await findMessage(db, importId, messageId);
  if (!row) throw notFound('import');
  return recordOf(row, ws, await displayTextsOf(db, ws.patient.studyDefinitionId));
}

type Unit = Parameters<Parameters<typeof writeDocumentation>[3]>[0];

function assertRight(unit: Unit, right: RightName): void {
  if (!hasRight(unit.caller.rights, right)) throw forbidden(ACCESS_MESSAGES.missingRight(right));
}

/** A new follow-up visit of `date` (its date field and visit date), through the visit write and its rules. */
async function createFollowUp(unit: Unit, definition: VisitDefinition, date: string, reason: string): Promise<string> {
  assertRight(unit, 'VisitCreateCmd');
  const dateField = EXECUTION_DATE_FIELDS[VISIT_IDENTIFIERS.followUp] ?? '';
  const fields = newFormInput(definition.fields, [{ path: dateField, values: [date] }]);
  const visit = await createVisitIn(unit, { definitionId: definition.id, visitDate: date, fields, reasonForChange: reason });
  return visit.id;
}

/** Writes one proposal's accepted fields at its place: the instrument saved over its stored version, or created. */
async function writeProposal(
  unit: Unit,
  proposal: ObdsInstrumentProposal,
  accepted: ObdsInstrumentProposal['fields'],
  reason: string,
  created: Map<string, string>,
): Promise<void> {
  const { place } = proposal;
  const target = targetOf(unit.ws.index, unit.ws.documents, proposal);
  const { definition } = target;
  if (place.kind === 'baseline' && !target.visit) throw new EcrfError('ECRF_ERR_VALIDATION', OBDS_IMPORT_MESSAGES.noBaseline);
  if (!definition) throw new EcrfError('ECRF_ERR_VALIDATION', OBDS_IMPORT_MESSAGES.noInstrument(proposal.instrument));
  let visitId = target.visit?.id ?? null;
  if (place.kind === 'followUp' && !visitId && target.visitDefinition) {
    visitId = created.get(place.date) ?? (await createFollowUp(unit, target.visitDefinition, place.date, reason));
    created.set(place.date, visitId);
  }
  // As this write left them so far: an instrument written by an earlier proposal of the message is saved over.
  const stored = visitId
    ? (unit.visit(visitId).instruments.find((i) => i.definitionId === definition.id && !i.isDeleted) ?? null)
    : target.instrument && unit.instrument(target.instrument.id);
  const fields = acceptedInput(definition.fields, stored?.fields ?? [], proposal, accepted);
  if (stored) await saveInstrumentIn(unit, stored.id, { version: stored.version, fields, reasonForChange: reason });
  else {
    assertRight(unit, 'InstrumentCreateCmd');
    await createInstrumentIn(unit, { visitId, definitionId: definition.id, fields, reasonForChange: reason });
  }
}

const OUTCOME_TEXTS: Record<ObdsMessageRecord['outcome'], string> = {
  proposed: 'Vorschlag',
  notApplicable: 'nicht zutreffend',
  notMapped: 'nicht abgebildet',
  duplicate: 'bereits importiert',
  unmatched: 'Person nicht eindeutig gefunden',
};
const MATCH_TEXTS: Record<ObdsMessageRecord['patientMatch'], string> = {
  definite: 'gefunden',
  possible: 'möglicher Treffer',
  none: 'nicht gefunden',
};

/** A CSV cell: quoted when it holds the separator, a quote or a line break; formulas are defused (OWASP CSV injection). */
function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The per-message report of an import (CSV, semicolon-separated, with BOM for spreadsheet programs). */
export async function obdsImportReport(db: Kysely<DB>, caller: CurrentUser, id: string): Promise<{ fileName: string; content: string }> {
  const imported = await readObdsImport(db, caller, id);
  const header = [
    'Nr.',
    'Patient in der Datei',
    'Abgleich',
    'Meldung_ID',
    'Meldungsart',
    'ICD-10',
    'Ergebnis',
    'Grund',
    'Vorgeschlagene Felder',
    'Übernommene Felder',
    'Nicht übernehmbare Werte',
    'Entschieden am',
    'Entschieden von',
  ];
  const rows = imported.messages.map((m) => {
    const fields = m.proposals.flatMap((p) => p.fields.map((f) => ({ name: `${p.instrumentLabel}: ${f.label}`, accepted: f.accepted })));
    return [
      m.position,
      m.patientPosition,
      MATCH_TEXTS[m.patientMatch],
      m.messageId,
      m.reportKind,
      m.tumourIcd10,
      OUTCOME_TEXTS[m.outcome],
      m.reason,
      fields.map((f) => f.name).join(', '),
      fields
        .filter((f) => f.accepted === true)
        .map((f) => f.name)
        .join(', '),
      m.skipped.map((s) => `${s.source} = ${s.value}`).join(', '),
      m.decidedAt,
      m.decidedBy,
    ];
  });
  const content = `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
  return { fileName: `oBDS-Import-${imported.importedAt.slice(0, 10)}.csv`, content };
}
