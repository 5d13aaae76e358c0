/** TypeBox schemas of visits (ecrf-calls.md §3 "Visit"). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';
import { DataFieldInputSchema, DataFieldInstanceSchema, ReasonForChange } from './field-instance.schemas.js';
import { DocumentedSchema, InstrumentSchema, InstrumentStateSchema } from './instruments.schemas.js';

const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const SignatureDataSchema = Type.Object({
  userId: Uuid,
  userName: Type.String(),
  displayName: Type.Optional(Type.String({ description: 'display name at signing; absent in signatures stored before it was recorded' })),
  signedAt: Type.String({ format: 'date-time' }),
  meaning: Type.String(),
});

export const SignatureWithdrawalSchema = Type.Object(
  {
    signature: SignatureDataSchema,
    withdrawnAt: Type.String({ format: 'date-time' }),
    withdrawnBy: Type.Object({
      userId: Type.Union([Uuid, Type.Null()]),
      userName: Type.String(),
      displayName: Type.Optional(Type.String()),
    }),
    reason: Type.Union([Type.String(), Type.Null()]),
  },
  { description: 'the last signature a documentation change withdrew: the signature, who withdrew it, when and why' },
);

export const VisitSchema = Type.Object({
  id: Uuid,
  studyPatientId: Uuid,
  definitionId: Uuid,
  identifier: Type.String(),
  order: Type.Integer(),
  fields: Type.Array(DataFieldInstanceSchema),
  tags: Type.Array(Type.String()),
  visitDate: Type.Union([DateText, Type.Null()]),
  assignedInstituteId: Type.Union([Uuid, Type.Null()]),
  state: InstrumentStateSchema,
  isNew: Type.Boolean(),
  isSigned: Type.Boolean(),
  signatureData: Type.Union([SignatureDataSchema, Type.Null()]),
  signatureWithdrawal: Type.Union([SignatureWithdrawalSchema, Type.Null()]),
  locked: Type.Boolean(),
  isDeleted: Type.Boolean(),
  version: Type.Integer({ minimum: 1 }),
  ...DocumentedSchema,
  instruments: Type.Array(InstrumentSchema),
});

export const VisitCreateSchema = Type.Object({
  studyPatientId: Uuid,
  definitionId: Uuid,
  visitDate: Type.Optional(Type.Union([DateText, Type.Null()])),
  assignedInstituteId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  fields: Type.Optional(Type.Array(DataFieldInputSchema)),
});

export const VisitUpdateSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  visitDate: Type.Optional(Type.Union([DateText, Type.Null()])),
  fields: Type.Optional(Type.Array(DataFieldInputSchema)),
  reasonForChange: ReasonForChange,
});

export const SignSchema = Type.Object({
  password: Type.String({ minLength: 1, description: 're-entered password of the signing user' }),
  meaning: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'what the signature means; a default is recorded' })),
});
export const SignResultSchema = Type.Object({ success: Type.Boolean(), message: Type.String() });

export const TemporaryDataFieldsSchema = Type.Object({
  temporaryId: Uuid,
  studyPatientId: Uuid,
  definitionId: Uuid,
  fields: Type.Array(DataFieldInstanceSchema),
});
