/** TypeBox schemas of instruments (ecrf-calls.md §3 "Instrument"). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';
import { DataFieldInputSchema, DataFieldInstanceSchema, ReasonForChange } from './field-instance.schemas.js';

export const InstrumentStateSchema = Type.Union([Type.Literal('new'), Type.Literal('missing_data'), Type.Literal('complete')]);

const documented = {
  creationDate: Type.String({ format: 'date-time' }),
  creatingUser: Type.String(),
  changeDate: Type.String({ format: 'date-time' }),
  changingUser: Type.String(),
};
export const DocumentedSchema = documented;

export const InstrumentSchema = Type.Object({
  id: Uuid,
  studyPatientId: Uuid,
  visitId: Type.Union([Uuid, Type.Null()], { description: 'null: a standalone instrument' }),
  definitionId: Uuid,
  identifier: Type.String(),
  order: Type.Integer(),
  fields: Type.Array(DataFieldInstanceSchema),
  tags: Type.Array(Type.String()),
  state: InstrumentStateSchema,
  locked: Type.Boolean(),
  isDeleted: Type.Boolean(),
  version: Type.Integer({ minimum: 1, description: 'send it back with the next save; a stale one is refused with 409' }),
  ...documented,
});

export const InstrumentCreateSchema = Type.Object({
  studyPatientId: Uuid,
  visitId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  definitionId: Uuid,
  fields: Type.Optional(Type.Array(DataFieldInputSchema)),
  reasonForChange: ReasonForChange,
});

export const InstrumentUpdateSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  fields: Type.Array(DataFieldInputSchema),
  reasonForChange: ReasonForChange,
});

export const ReasonQuery = Type.Object({ reasonOfChange: Type.String({ minLength: 1, maxLength: 2000 }) });
