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

export const ObdsImportCreateSchema = Type.Object({
  studyId: Uuid,
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  patients: Type.Array(
    Type.Object({
      position: Type.Integer({ minimum: 1, description: 'the patient’s place in the file (1, 2, …); no hospital number' }),
      match: PatientMatchSchema,
      studyPatientId: Type.Union([Uuid, Type.Null()], { description: 'the study patient of a definite match' }),
      messages: Type.Array(ObdsMessageSchema, { maxItems: 1000 }),
    }),
    { maxItems: 10000, description: 'the file’s patients (the XSD asks for one at least; the gateway sends every one)' },
  ),
});
export type ObdsImportCreate = Static<typeof ObdsImportCreateSchema>;

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

export const ObdsImportSchema = Type.Object({
  id: Uuid,
  studyId: Uuid,
  fileName: Type.String(),
  importedAt: Type.String({ format: 'date-time' }),
  importedBy: Type.String(),
  patientCount: Type.Integer(),
  messageCount: Type.Integer(),
  messages: Type.Array(ObdsMessageRecordSchema, { description: 'the messages of patients the caller may see, and the unmatched ones' }),
});
export type ObdsImportDto = Static<typeof ObdsImportSchema>;

export const ObdsImportSummarySchema = Type.Omit(ObdsImportSchema, ['messages']);

export const ObdsDecisionSchema = Type.Object({
  fields: Type.Optional(
    Type.Array(Type.Object({ instrument: Type.String(), path: Type.String() }), {
      description: 'the proposed fields to write; left out: all; []: none (the message is decided without a change)',
    }),
  ),
});
export type ObdsDecision = Static<typeof ObdsDecisionSchema>;
