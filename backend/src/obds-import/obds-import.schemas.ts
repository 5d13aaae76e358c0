/**
 * TypeBox schemas of the oBDS import (docs/obds-import.md): what the gateway sends (the clinical part of each
 * message, `ObdsMessageSchema` of @ecrf/rules, the one contract of gateway, backend and mapping, and the study
 * patient it matched), and the import with its messages, proposals and current values as the review reads it.
 */
import { Type, type Static } from 'typebox';
import { ObdsMessageSchema } from '@ecrf/rules/obds';
import { Uuid } from '../http/schemas.js';

export const PatientMatchSchema = Type.Union([Type.Literal('definite'), Type.Literal('possible'), Type.Literal('none')], {
  description: 'what the pseudonymisation service found for the identity: definite (the study patient), possible, none',
});

const ObdsImportPatientSchema = Type.Object({
  position: Type.Integer({ minimum: 1, description: 'the patient’s place in the file (1, 2, …); no hospital number' }),
  match: PatientMatchSchema,
  studyPatientId: Type.Union([Uuid, Type.Null()], { description: 'the study patient of a definite match' }),
  messages: Type.Array(ObdsMessageSchema, { maxItems: 1000 }),
});
export type ObdsImportPatient = Static<typeof ObdsImportPatientSchema>;

export const ObdsImportStartSchema = Type.Object({
  studyId: Uuid,
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  patientCount: Type.Integer({ minimum: 1, maximum: 100000, description: 'the file’s patients (the XSD asks for one at least)' }),
  messageCount: Type.Integer({ minimum: 0, maximum: 1000000, description: 'the file’s messages (Meldungen)' }),
});
export type ObdsImportStart = Static<typeof ObdsImportStartSchema>;

/** At most this many patients per batch: a batch is one transaction and one progress step. */
export const OBDS_BATCH_MAX = 100;

export const ObdsImportBatchSchema = Type.Object({
  patients: Type.Array(ObdsImportPatientSchema, {
    minItems: 1,
    maxItems: OBDS_BATCH_MAX,
    description: 'the next patients of the file, in file order, as the gateway matched them',
  }),
});
export type ObdsImportBatch = Static<typeof ObdsImportBatchSchema>;

export const ObdsImportFailSchema = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 500, description: 'why the gateway gave up (German, names no patient)' }),
});

const OutcomeSchema = Type.Union(
  [
    Type.Literal('proposed'),
    Type.Literal('notApplicable'),
    Type.Literal('notMapped'),
    Type.Literal('duplicate'),
    Type.Literal('unmatched'),
  ],
  { description: 'proposed; notApplicable (tumour not C34); notMapped (no target instrument); duplicate (imported before); unmatched' },
);

export const ObdsFieldSchema = Type.Object({
  path: Type.String({ description: 'the field’s path in its instrument (or therapy line): `tnm.t`, `start`' }),
  label: Type.String({ description: 'the field’s label in the study definition (German)' }),
  proposed: Type.Array(Type.String(), { description: 'the proposed values (codes of the value set)' }),
  proposedText: Type.Array(Type.String(), { description: 'the proposed values as the form shows them (the value set’s German texts)' }),
  current: Type.Array(Type.String(), { description: 'the stored values; [] when empty' }),
  currentText: Type.Array(Type.String(), { description: 'the stored values as the form shows them' }),
  source: Type.String({ description: 'the oBDS element the value comes from' }),
  note: Type.Union([Type.String(), Type.Null()]),
  accepted: Type.Union([Type.Boolean(), Type.Null()], { description: 'null until the message is decided' }),
});

export const ObdsProposalSchema = Type.Object({
  instrument: Type.String({ description: 'the instrument’s identifier' }),
  instrumentLabel: Type.String(),
  target: Type.Object(
    {
      label: Type.String({ description: 'the visit’s label (Baseline, Follow-up), or the standalone instrument’s' }),
      date: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
        description: 'the visit’s or the standalone instrument’s date (a new one: the report’s); null: no baseline yet',
      }),
      isNew: Type.Boolean({ description: 'the decision creates this follow-up visit or standalone instrument' }),
    },
    { description: 'where the values go: the baseline, the follow-up visit of the report’s day, a standalone instrument' },
  ),
  therapyLine: Type.Union([Type.String(), Type.Null()], { description: 'a therapy line: its number (a new line: the next one)' }),
  fields: Type.Array(ObdsFieldSchema),
});

export const ObdsMessageRecordSchema = Type.Object({
  id: Uuid,
  position: Type.Integer(),
  patientPosition: Type.Integer(),
  patientMatch: PatientMatchSchema,
  studyPatientId: Type.Union([Uuid, Type.Null()]),
  messageId: Type.String(),
  reportKind: Type.String(),
  tumourIcd10: Type.String(),
  outcome: OutcomeSchema,
  reason: Type.Union([Type.String(), Type.Null()]),
  proposals: Type.Array(ObdsProposalSchema),
  skipped: Type.Array(Type.Object({ source: Type.String(), value: Type.String(), reason: Type.String() })),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
});
export type ObdsMessageRecord = Static<typeof ObdsMessageRecordSchema>;

const countOf = (description: string) => Type.Integer({ minimum: 0, description });

export const ObdsImportSummarySchema = Type.Object({
  id: Uuid,
  studyId: Uuid,
  fileName: Type.String(),
  importedAt: Type.String({ format: 'date-time' }),
  importedBy: Type.String(),
  patientCount: Type.Integer(),
  messageCount: Type.Integer(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')], {
    description: 'queued (created, no patient handed over yet), running, done (every patient stored), failed (see failureReason)',
  }),
  patientsDone: Type.Integer({ minimum: 0, description: 'the patients stored so far' }),
  failureReason: Type.Union([Type.String(), Type.Null()], { description: 'why the import failed (German); null otherwise' }),
  outcomes: Type.Object(
    {
      proposed: countOf('messages with proposals'),
      notApplicable: countOf('messages of a tumour the registry does not cover'),
      notMapped: countOf('messages without a target instrument'),
      duplicate: countOf('messages imported before'),
      unmatched: countOf('messages of patients not found definitely'),
    },
    { description: 'the stored messages per outcome' },
  ),
});
export type ObdsImportSummary = Static<typeof ObdsImportSummarySchema>;

export const ObdsImportStartedSchema = Type.Object({
  ...ObdsImportSummarySchema.properties,
  jobCredential: Type.Optional(
    Type.String({
      description:
        'the import’s job credential (a bearer token of the uploader’s session): taken only on this import’s batch and fail routes and the check-match calls, while the import runs and the session is open; absent from an answer replayed for an Idempotency-Key (no credential is kept)',
    }),
  ),
});

export const ObdsImportSchema = Type.Object({
  ...ObdsImportSummarySchema.properties,
  messages: Type.Array(ObdsMessageRecordSchema, { description: 'the messages of patients the caller may see, and the unmatched ones' }),
});
export type ObdsImportDto = Static<typeof ObdsImportSchema>;

export const ObdsDecisionSchema = Type.Object({
  fields: Type.Optional(
    Type.Array(Type.Object({ instrument: Type.String(), path: Type.String() }), {
      description: 'the proposed fields to write; left out: all; []: none (the message is decided without a change)',
    }),
  ),
});
export type ObdsDecision = Static<typeof ObdsDecisionSchema>;
