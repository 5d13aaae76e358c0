/**
 * A form's history and its state at a moment (issue 25 item 5), for instruments, visits' own forms and study
 * patients' fields: GET {Instrument|Visit|StudyPatient}/{id}/history and …/asOf?at=. They read one record's audit
 * trail, as POST AuditLog/Log does, so they need its right, AuditLogLogCmd; the patient must be visible to the
 * caller (404 otherwise). docs/decisions.md "Form history".
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import { formAsOf, formHistory, type HistoryForm } from '../patient-documentation/documentation-history.js';
import { DataFieldInstanceSchema, FieldValueSchema } from '../patient-documentation/field-instance.schemas.js';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const ChangeValueSchema = Type.Object({
  values: Type.Optional(Type.Array(FieldValueSchema, { description: 'a field: its values' })),
  isDeleted: Type.Optional(Type.Boolean({ description: 'a field: deleted (e.g. a removed list entry)' })),
  lockedManually: Type.Optional(Type.Boolean()),
  lockDate: Type.Optional(nullable(Type.String())),
  json: Type.Optional(Type.String({ description: 'a column of the record or a row before per-field auditing: the value as JSON' })),
});

const FieldChangeSchema = Type.Object({
  id: Type.String({ description: 'the entry: audit row id and key' }),
  auditId: Type.String({ description: 'the audit row (AuditTrail `id`)' }),
  occurredAt: Type.String({ format: 'date-time', description: 'server time, UTC' }),
  operation: Type.Union([Type.Literal('Create'), Type.Literal('Update'), Type.Literal('Delete')]),
  event: nullable(Type.String({ description: 'e.g. VisitSignatureWithdrawn, VisitSigned' })),
  reason: nullable(Type.String()),
  userId: nullable(Uuid),
  userName: Type.String(),
  role: nullable(Type.Object({ identifier: Type.String(), displayName: Type.String() }, { description: 'the role the user acted in' })),
  location: nullable(
    Type.Object({ id: Uuid, displayName: nullable(Type.String()) }, { description: "the record's location at the time (study institute)" }),
  ),
  version: nullable(Type.Integer({ description: "the record's version after the change" })),
  field: nullable(
    Type.Object(
      {
        key: Type.String({
          description: '`fields.<instance id>`, a column (`state`, `visitDate` …) or `fields` (before per-field auditing)',
        }),
        kind: Type.Union([Type.Literal('field'), Type.Literal('column'), Type.Literal('legacyForm')]),
        instanceId: nullable(Uuid),
        definitionId: nullable(Uuid),
        path: nullable(Type.String({ description: "the definition's identifier path, e.g. `tnm.t`" })),
        label: Type.String({ description: 'German label' }),
      },
      { description: 'null: the entry of a record-level Create or Delete' },
    ),
  ),
  oldValue: nullable(ChangeValueSchema),
  newValue: nullable(ChangeValueSchema),
});

const FormSnapshotSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  state: nullable(Type.Union([Type.Literal('new'), Type.Literal('missing_data'), Type.Literal('complete')])),
  version: nullable(Type.Integer()),
  visitDate: nullable(Type.String({ description: 'a visit: its date then' })),
  isDeleted: Type.Boolean(),
  deletion: nullable(
    Type.Object({ occurredAt: Type.String({ format: 'date-time' }), userName: Type.String(), reason: nullable(Type.String()) }),
  ),
  rebuiltCompletely: Type.Boolean({ description: 'false: part of the state lies in rows before per-field auditing' }),
  fields: Type.Array(DataFieldInstanceSchema, { description: 'the form then; for a deleted form, just before its deletion' }),
});

const forms: { path: string; form: HistoryForm; tag: string; name: string }[] = [
  { path: 'Instrument', form: 'instrument', tag: 'Instrument', name: 'Instrument' },
  { path: 'Visit', form: 'visit', tag: 'Visit', name: 'Visit' },
  { path: 'StudyPatient', form: 'study_patient', tag: 'StudyPatient', name: 'StudyPatient' },
];

export function registerFormHistoryRoutes(app: App, { db }: AppDeps): void {
  for (const { path, form, tag, name } of forms) {
    app.get(
      `/${path}/:id/history`,
      {
        config: { access: { right: 'AuditLogLogCmd' } },
        schema: routeSchema({
          operationId: `get${name}History`,
          tags: [tag, 'Audit'],
          summary: `The form's changes field by field (old, new, reason, user, role, location, UTC time), newest first; creates and deletes are entries too`,
          params: IdParams,
          querystring: Type.Object({
            page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
            itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
          }),
          response: { 200: Type.Object({ items: Type.Array(FieldChangeSchema), totalCount: Type.Integer({ minimum: 0 }) }) },
          errors: [404],
        }),
      },
      (request) => {
        const { page = 1, itemsPerPage = 50 } = request.query;
        return formHistory(db, callerOf(request), form, request.params.id, { page, itemsPerPage });
      },
    );

    app.get(
      `/${path}/:id/asOf`,
      {
        config: { access: { right: 'AuditLogLogCmd' } },
        schema: routeSchema({
          operationId: `get${name}AsOf`,
          tags: [tag, 'Audit'],
          summary: 'The form as it was at `at`, rebuilt from the audit trail; 404 before it existed; a deleted form says so',
          params: IdParams,
          querystring: Type.Object({ at: Type.String({ format: 'date-time', description: 'the moment (ISO 8601 with offset)' }) }),
          response: { 200: FormSnapshotSchema },
          errors: [404],
        }),
      },
      (request) => formAsOf(db, callerOf(request), form, request.params.id, new Date(request.query.at)),
    );
  }
}
