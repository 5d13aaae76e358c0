/**
 * The study definition as the API shows it (ecrf-core.md §3; ecrf-calls.md §3): the model of
 * @ecrf/rules with the database id, study, version and the versions available. Enum values are sorted
 * by order. Constraint expressions are trees (EVAL/NOT/AND/OR) described in the schema, not spelled out
 * recursively, so the OpenAPI document stays readable.
 */
import type { ConstraintExpression } from '@ecrf/rules';
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

const Str = Type.String();
const OptStr = Type.Optional(Type.Union([Type.String(), Type.Null()]));

export const ConstraintExpressionSchema = Type.Unsafe<ConstraintExpression>({
  type: 'object',
  description: '{operator: EVAL|NOT|AND|OR, constraintDefinitionId (EVAL), expressions (NOT: one, AND/OR: several)}',
  additionalProperties: true,
});

export const FieldRuleSchema = Type.Object({
  id: Type.Optional(Str),
  definitionType: Type.String({ description: 'Visibility, Editability, Hint, Redirect, RequiredField or Population' }),
  constraintExpression: Type.Optional(Type.Union([ConstraintExpressionSchema, Type.Null()])),
  displayKey: OptStr,
  isDeleted: Type.Optional(Type.Boolean()),
  value: OptStr,
});

export const FieldDefinitionSchema = Type.Object({
  id: Str,
  identifier: Str,
  definitionType: Type.String({
    description:
      'TableEntry, ListEntry, EventReportListEntry, Table, List, EventReportList, FieldGroup, DisplayValue, NngmNetworkPartner, NngmNetworkLocation',
  }),
  displayKey: Str,
  order: Type.Integer(),
  parentFieldDefinitionId: OptStr,
  referenceId: OptStr,
  referenceType: OptStr,
  rules: Type.Array(FieldRuleSchema),
  definition: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({
        valueType: OptStr,
        enumValueSetIdentifier: OptStr,
        terminology: OptStr,
        unit: OptStr,
        therapistRequired: Type.Optional(Type.Boolean()),
        locationRequired: Type.Optional(Type.Boolean()),
      }),
    ]),
  ),
  isDeleted: Type.Optional(Type.Boolean()),
  isReadonly: Type.Optional(Type.Boolean()),
});

export const InstrumentDefinitionSchema = Type.Object({
  id: Str,
  identifier: Str,
  displayKey: Str,
  order: Type.Integer(),
  rules: Type.Optional(Type.Array(FieldRuleSchema)),
  fields: Type.Array(FieldDefinitionSchema, { description: 'every field of the form, nested ones linked by parentFieldDefinitionId' }),
  isDeleted: Type.Optional(Type.Boolean()),
});

export const VisitDefinitionSchema = Type.Object({
  id: Str,
  identifier: Str,
  displayKey: Str,
  order: Type.Integer(),
  rules: Type.Array(FieldRuleSchema),
  instruments: Type.Array(InstrumentDefinitionSchema),
  fields: Type.Array(FieldDefinitionSchema),
  definition: Type.Object({
    type: Type.Union([Type.Literal('GenericVisit'), Type.Literal('IntermediateVisit')]),
    max: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    isFollowUpRegistry: Type.Optional(Type.Boolean()),
  }),
  isDeleted: Type.Optional(Type.Boolean()),
});

export const ConstraintDefinitionSchema = Type.Object({
  id: Str,
  identifier: OptStr,
  type: Str,
  operator: Str,
  value: OptStr,
  property: OptStr,
  fieldPath: OptStr,
  fieldType: OptStr,
  visit: OptStr,
  instrument: OptStr,
});

const Roles = Type.Array(Str);
export const QueryTypeSchema = Type.Object({
  id: Str,
  identifier: Str,
  displayKey: Type.Optional(Str),
  canView: Roles,
  canCreate: Roles,
  canEdit: Roles,
  canAccept: Roles,
  canAnswer: Roles,
  canRevoke: Roles,
  canSolve: Roles,
  canDefer: Roles,
});

export const StudyDefinitionSchema = Type.Object({
  id: Uuid,
  identifier: Str,
  displayName: Str,
  studyId: Uuid,
  version: Type.Integer({ minimum: 1, description: 'the version shown; new data is entered under currentVersion' }),
  currentVersion: Type.Integer({ minimum: 1 }),
  versions: Type.Array(Type.Integer(), { description: 'every loaded version, oldest first' }),
  isDeleted: Type.Boolean(),
  patient: Type.Object({ id: Str, identifier: Str, fields: Type.Array(FieldDefinitionSchema) }),
  visits: Type.Array(VisitDefinitionSchema),
  instruments: Type.Array(InstrumentDefinitionSchema),
  standaloneInstruments: Type.Array(InstrumentDefinitionSchema),
  enumValueSets: Type.Array(
    Type.Object({
      id: Str,
      identifier: Str,
      values: Type.Array(Type.Object({ code: Str, displayKey: Str, order: Type.Integer() }), { description: 'sorted by order' }),
    }),
  ),
  constraints: Type.Array(ConstraintDefinitionSchema),
  queryTypes: Type.Array(QueryTypeSchema),
  verificationFlagTypes: Type.Array(Type.Object({ id: Str, identifier: Str, displayKey: Str })),
});
export type StudyDefinitionDto = Static<typeof StudyDefinitionSchema>;

export const StudyDefinitionSummarySchema = Type.Object({
  id: Uuid,
  identifier: Str,
  displayName: Str,
  studyId: Uuid,
  currentVersion: Type.Integer({ minimum: 1 }),
  versions: Type.Array(Type.Integer()),
  isDeleted: Type.Boolean(),
  languages: Type.Array(Str, { description: 'identifiers of the languages of the definition' }),
});
export type StudyDefinitionSummaryDto = Static<typeof StudyDefinitionSummarySchema>;

/** A definition document of docs/definitions.md; checked by the loader, which names every problem. */
export const DefinitionDocumentSchema = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  description: 'a study definition document in the format ecrf-study-definition/1 (docs/definitions.md)',
});
