/**
 * TypeBox schemas of data field instances (ecrf-core.md §3 "Data field instance"). Instances nest
 * (List → entry → Table → row); the schema is unrolled to a fixed depth so the OpenAPI document and the
 * gateway's generated types stay plain objects.
 */
import { Type, type TSchema } from 'typebox';
import type { DataFieldInstance, FieldInstanceInput } from '@ecrf/rules';
import { Uuid } from '../http/schemas.js';

/** List → entry → Table/FieldGroup → row, with room for one more level. */
const MAX_DEPTH = 5;

export const FieldValueSchema = Type.Object({
  value: Type.Union([Type.String(), Type.Null()]),
  unit: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  organization: Type.Optional(
    Type.Union([Type.Object({ id: Type.String(), displayName: Type.Optional(Type.Union([Type.String(), Type.Null()])) }), Type.Null()]),
  ),
  person: Type.Optional(
    Type.Union([
      Type.Object({
        id: Type.String(),
        title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        firstName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        lastName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      }),
      Type.Null(),
    ]),
  ),
});

const nullableText = Type.Optional(Type.Union([Type.String(), Type.Null()]));

function stored(depth: number): TSchema {
  return Type.Object({
    id: Uuid,
    definitionId: Uuid,
    values: Type.Array(FieldValueSchema),
    tags: Type.Array(Type.String()),
    order: Type.Integer(),
    isDeleted: Type.Boolean(),
    isVisible: Type.Boolean(),
    lockedManually: Type.Boolean(),
    lockedAutomatically: Type.Boolean(),
    lockDate: nullableText,
    creationDate: nullableText,
    creatingUser: nullableText,
    changeDate: nullableText,
    changingUser: nullableText,
    childFields: depth > 1 ? Type.Array(stored(depth - 1)) : Type.Array(Type.Unknown(), { maxItems: 0 }),
  });
}

function input(depth: number): TSchema {
  return Type.Object({
    id: Type.Optional(Uuid),
    definitionId: Uuid,
    values: Type.Optional(Type.Array(FieldValueSchema)),
    tags: Type.Optional(Type.Array(Type.String())),
    order: Type.Optional(Type.Integer()),
    isDeleted: Type.Optional(
      Type.Boolean({ description: 'true deletes the field (kept, marked deleted); fields left out stay unchanged' }),
    ),
    childFields: Type.Optional(depth > 1 ? Type.Array(input(depth - 1)) : Type.Array(Type.Unknown(), { maxItems: 0 })),
  });
}

/** A field instance as the server answers it: locks, visibility and who changed it when. */
export const DataFieldInstanceSchema = Type.Unsafe<DataFieldInstance>(stored(MAX_DEPTH));
/**
 * A field instance as a client sends it: without an id it is new; locks, visibility and the change
 * stamps are the server's and are not accepted here.
 */
export const DataFieldInputSchema = Type.Unsafe<FieldInput>(input(MAX_DEPTH));

/** What a client sends for a field (validated by DataFieldInputSchema). */
export type FieldInput = FieldInstanceInput;

export const ReasonForChange = Type.Optional(
  Type.String({ minLength: 1, maxLength: 2000, description: 'needed once the visit is complete or signed' }),
);
