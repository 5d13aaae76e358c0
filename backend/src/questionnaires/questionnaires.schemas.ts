/**
 * TypeBox schemas of the questionnaire system (ecrf-calls.md §7 "Questionnaire system"; the contract names
 * questionnaire scores and interviews, their fields are ours: docs/backend.md "Questionnaires").
 */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

const DateTime = Type.String({ format: 'date-time' });

const OptionSchema = Type.Object({ code: Type.String(), text: Type.String({ description: 'German' }) });

const PublicItemSchema = Type.Object({
  id: Type.String({ description: 'stable item id, also the export variable' }),
  number: Type.String({ description: 'as printed on the form' }),
  text: Type.String({ description: 'German' }),
  required: Type.Boolean(),
  options: Type.Array(OptionSchema),
});

const ItemSchema = Type.Object({
  ...PublicItemSchema.properties,
  scored: Type.Boolean({ description: 'counts towards the total' }),
  options: Type.Array(Type.Object({ ...OptionSchema.properties, value: Type.Integer({ description: 'points of the option' }) })),
});

const BandSchema = Type.Object({
  code: Type.String({ description: 'e.g. minimal, mild, moderate, moderately_severe, severe (PHQ-9)' }),
  label: Type.String({ description: 'German name of the band' }),
});

export const QuestionnaireSchema = Type.Object({
  id: Uuid,
  identifier: Type.String({ examples: ['phq-9'] }),
  version: Type.String(),
  isCurrent: Type.Boolean({ description: 'the version new interviews use (the newest loaded of its identifier)' }),
  title: Type.String(),
  shortTitle: Type.String(),
  language: Type.String(),
  instruction: Type.String({ description: 'the question every item answers' }),
  citation: Type.String({ description: 'source and licence' }),
  items: Type.Array(ItemSchema),
  scoreMin: Type.Integer(),
  scoreMax: Type.Integer(),
  bands: Type.Array(Type.Object({ ...BandSchema.properties, min: Type.Integer(), max: Type.Integer() })),
  flags: Type.Array(Type.Object({ code: Type.String(), label: Type.String(), itemId: Type.String(), minValue: Type.Integer() })),
});
export type QuestionnaireDto = Static<typeof QuestionnaireSchema>;

const AnswerSchema = Type.Object({
  itemId: Type.String({ minLength: 1, maxLength: 100 }),
  code: Type.String({ minLength: 1, maxLength: 50 }),
});

export const ScoreSchema = Type.Object({
  total: Type.Integer(),
  min: Type.Integer(),
  max: Type.Integer(),
  band: BandSchema,
  flags: Type.Array(Type.Object({ code: Type.String(), label: Type.String() }), {
    description: 'raised flags, e.g. PHQ-9 item 9 above 0: needs clinical attention',
  }),
});

const EnteredBy = Type.Union([Type.Literal('patient'), Type.Literal('staff')]);

export const InterviewSchema = Type.Object({
  id: Uuid,
  questionnaireId: Uuid,
  questionnaireIdentifier: Type.String(),
  questionnaireVersion: Type.String(),
  questionnaireShortTitle: Type.String(),
  studyPatientId: Uuid,
  pseudonym: Type.String({ description: 'the patient identifier of the questionnaire system: the registry pseudonym' }),
  studyInstituteId: Uuid,
  instrumentId: Type.Union([Uuid, Type.Null()]),
  status: Type.Union([Type.Literal('OPEN'), Type.Literal('COMPLETED'), Type.Literal('EXPIRED')], {
    description: 'OPEN: an access may still submit; EXPIRED: open, but no access is valid any more',
  }),
  createdBy: Type.String({ description: 'user name' }),
  createdAt: DateTime,
  completedAt: Type.Union([DateTime, Type.Null()]),
  enteredBy: Type.Union([EnteredBy, Type.Null()]),
  enteredByUser: Type.Union([Type.String(), Type.Null()], { description: 'user name of the staff member who entered the answers' }),
  accessExpiresAt: Type.Union([DateTime, Type.Null()], { description: 'end of the newest access' }),
  answers: Type.Union([Type.Array(AnswerSchema), Type.Null()]),
  score: Type.Union([ScoreSchema, Type.Null()]),
  version: Type.Integer({ minimum: 1 }),
});
export type InterviewDto = Static<typeof InterviewSchema>;

export const LoginBodySchema = Type.Object({
  studyPatientId: Uuid,
  questionnaireId: Uuid,
  instrumentId: Type.Optional(Type.Union([Type.Null(), Uuid], { description: 'the eCRF instrument the interview belongs to' })),
});

export const PatientLoginBodySchema = Type.Object({
  ...LoginBodySchema.properties,
  validDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, default: 7, description: 'how long the access stays valid' })),
});
export type PatientLoginBody = Static<typeof PatientLoginBodySchema>;

export const AccessSchema = Type.Object({
  interview: InterviewSchema,
  kind: EnteredBy,
  accessCode: Type.String({ description: 'shown once, never stored: groups of four characters, e.g. 7K3M-Q9ZX-1P0V-4RT8-WN2H' }),
  url: Type.String({ description: 'the public page that opens the interview with the code' }),
  expiresAt: DateTime,
});
export type AccessDto = Static<typeof AccessSchema>;

export const ScoresSchema = Type.Object({
  totalCount: Type.Integer({ minimum: 0 }),
  scores: Type.Array(InterviewSchema, {
    description: 'completed interviews, each with its score, of patients the caller may read; newest first',
  }),
});
export type ScoresDto = Static<typeof ScoresSchema>;

export const AccessCodeBodySchema = Type.Object({ accessCode: Type.String({ minLength: 1, maxLength: 64 }) });

export const PublicQuestionnaireSchema = Type.Object({
  title: Type.String(),
  shortTitle: Type.String(),
  instruction: Type.String(),
  citation: Type.String(),
  items: Type.Array(PublicItemSchema),
  kind: Type.Union([Type.Literal('patient'), Type.Literal('staff')], {
    description: 'who fills it in: the patient, or staff entering a paper form',
  }),
  expiresAt: DateTime,
});
export type PublicQuestionnaireDto = Static<typeof PublicQuestionnaireSchema>;

export const SubmitBodySchema = Type.Object({
  accessCode: Type.String({ minLength: 1, maxLength: 64 }),
  answers: Type.Array(AnswerSchema, { maxItems: 200 }),
});

export const SubmittedSchema = Type.Object({ submitted: Type.Literal(true), completedAt: DateTime });
