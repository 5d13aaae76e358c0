/** TypeBox schemas of case process steps (ecrf-core.md §3, §4 "Case process step"). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const CaseProcessStateSchema = Type.Union([Type.Literal('complete'), Type.Literal('incomplete'), Type.Literal('stop')]);

export const CaseProcessStepSchema = Type.Object({
  id: Uuid,
  studyPatientId: Uuid,
  visitId: Uuid,
  definitionIdentifier: Type.String(),
  state: CaseProcessStateSchema,
  order: Type.Integer(),
  mainStateIdentifier: Type.Union([Type.String(), Type.Null()]),
  subStates: Type.Array(Type.String()),
  version: Type.Integer({ minimum: 1, description: 'send it back with the next update; a stale one is refused with 409' }),
});

/** The steps with the two derived ones of ecrf-core.md §4. */
export const CaseProcessSchema = Type.Object({
  steps: Type.Array(CaseProcessStepSchema),
  stoppingStep: Type.Union([CaseProcessStepSchema, Type.Null()], { description: 'first step in state stop by order' }),
  latestFilledStep: Type.Union([CaseProcessStepSchema, Type.Null()], { description: 'highest-order step that has a main state' }),
});

export const CaseProcessCreateSchema = Type.Object({
  definitionIdentifier: Type.String({ minLength: 1 }),
  state: CaseProcessStateSchema,
  order: Type.Integer(),
  visitId: Uuid,
  mainStateIdentifier: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  subStates: Type.Optional(Type.Array(Type.String())),
});

export const CaseProcessUpdateSchema = Type.Object({
  version: Type.Optional(Type.Integer({ minimum: 1, description: 'the version read; when given, a stale update is refused with 409' })),
  state: CaseProcessStateSchema,
  mainStateIdentifier: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  subStates: Type.Optional(Type.Array(Type.String())),
});
