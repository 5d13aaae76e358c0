/**
 * TypeBox schemas of the oBDS import (docs/obds-import.md): what the gateway sends (the clinical part of each
 * message, as `ObdsMessage` of @ecrf/rules, and the study patient it matched), and the import with its messages,
 * proposals and current values as the review reads it.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { ObdsMessage } from '@ecrf/rules';
import { Uuid } from '../http/schemas.js';

const Text = (description: string) => Type.String({ maxLength: 255, description });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const ObdsDateSchema = Type.Object({
  value: Type.String({ maxLength: 10, description: 'yyyy-MM-dd as in the message' }),
  accuracy: Type.Union([Type.Literal('E'), Type.Literal('T'), Type.Literal('M'), Type.Literal('V')], {
    description: 'Datumsgenauigkeit: E exact, T day estimated, M month estimated, V fully estimated',
  }),
});

const CodeSchema = Type.Union([Type.Object({ code: Text('the code'), version: Text('the code system version') }), Type.Null()]);

const TnmSchema = Type.Union([
  Type.Object({
    date: Nullable(Text('Datum')),
    version: Nullable(Text('Version (TNM edition)')),
    ySymbol: Type.Boolean({ description: 'y_Symbol given' }),
    prefixT: Nullable(Text('c_p_u_Praefix_T')),
    t: Nullable(Text('T')),
    prefixN: Nullable(Text('c_p_u_Praefix_N')),
    n: Nullable(Text('N')),
    prefixM: Nullable(Text('c_p_u_Praefix_M')),
    m: Nullable(Text('M')),
    uicc: Nullable(Text('UICC_Stadium')),
  }),
  Type.Null(),
]);

const ReportSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('Diagnose'),
    topography: CodeSchema,
    certainty: Text('Diagnosesicherung'),
    histology: Type.Union([Type.Object({ morphology: CodeSchema, grading: Nullable(Text('Grading')) }), Type.Null()]),
    cTnm: TnmSchema,
    pTnm: TnmSchema,
    metastasisSites: Type.Array(Text('Fernmetastase/Lokalisation'), { maxItems: 50 }),
    performance: Text('Allgemeiner_Leistungszustand'),
  }),
  Type.Object({
    kind: Type.Literal('Pathologie'),
    topography: CodeSchema,
    certainty: Text('Diagnosesicherung'),
    histology: Type.Union([Type.Object({ morphology: CodeSchema, grading: Nullable(Text('Grading')) }), Type.Null()]),
    cTnm: TnmSchema,
    pTnm: TnmSchema,
    metastasisSites: Type.Array(Text('Fernmetastase/Lokalisation'), { maxItems: 50 }),
  }),
  Type.Object({
    kind: Type.Literal('SYST'),
    occasion: Text('Meldeanlass'),
    intention: Text('Intention'),
    relationToSurgery: Text('Stellung_OP'),
    therapyType: Text('Therapieart'),
    start: ObdsDateSchema,
    substances: Type.Array(Text('ATC code or name of a substance'), { maxItems: 50 }),
    end: Nullable(Text('Ende')),
    endReason: Nullable(Text('Ende_Grund')),
  }),
  Type.Object({
    kind: Type.Union(
      [Type.Literal('OP'), Type.Literal('ST'), Type.Literal('Verlauf'), Type.Literal('Tod'), Type.Literal('Tumorkonferenz')],
      {
        description: 'a report the import lists but does not map',
      },
    ),
  }),
]);

export const ObdsMessageSchema = Type.Unsafe<ObdsMessage>(
  Type.Object({
    messageId: Text('Meldung_ID'),
    tumour: Type.Object({
      tumourId: Text('Tumor_ID'),
      icd10: Text('Primaertumor_ICD/Code'),
      diagnosisDate: ObdsDateSchema,
      laterality: Nullable(Text('Seitenlokalisation')),
      morphology: CodeSchema,
    }),
    report: ReportSchema,
  }),
);

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
  instrument: Type.String({ description: 'the baseline instrument’s identifier' }),
  instrumentLabel: Type.String(),
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
