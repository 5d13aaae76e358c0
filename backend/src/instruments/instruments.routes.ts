/**
 * Instruments (visit-bound and standalone) and data fields: get, create, update, delete (ecrf-calls.md §7
 * "Visits"), plus Instrument?ids= for batching. Saves carry the version read; see instruments.service.ts.
 */
import { type DataFieldInstance, hasRight } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { forbidden, notFound } from '../errors/errors.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { IdParams, Uuid, parseIds, routeSchema } from '../http/schemas.js';
import { findInstruments } from '../patient-documentation/visit-lists.js';
import { DataFieldInstanceSchema, FieldValueSchema, ReasonForChange } from '../patient-documentation/field-instance.schemas.js';
import {
  InstrumentCreateSchema,
  InstrumentSchema,
  InstrumentUpdateSchema,
  ReasonQuery,
} from '../patient-documentation/instruments.schemas.js';
import { createInstrument, deleteInstrument, saveInstrument } from '../patient-documentation/instruments.service.js';
import { nest, ownerById, ownerOfField, pathTo, saveOwner, setFieldLock } from '../patient-documentation/data-fields.service.js';
import { assertPatientAccess } from '../patient-documentation/patient-workspace.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

const OwnerKindSchema = Type.Union([Type.Literal('StudyPatient'), Type.Literal('Visit'), Type.Literal('Instrument')]);
const DataFieldResultSchema = Type.Object({
  field: DataFieldInstanceSchema,
  owner: Type.Object({ kind: OwnerKindSchema, id: Uuid, version: Type.Integer({ minimum: 1 }) }),
});

export function registerInstrumentRoutes(app: App, { db }: AppDeps): void {
  const tags = ['Instrument'];
  const fieldTags = ['DataField'];

  app.get(
    '/Instrument',
    {
      config: { access: { right: 'InstrumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getInstrumentsByIds',
        tags,
        summary: 'Instruments by ids (batch read; invisible ids are left out)',
        querystring: Type.Object({ ids: Type.String({ pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$' }) }),
        response: { 200: Type.Array(InstrumentSchema) },
      }),
    },
    (request) => findInstruments(db, callerOf(request), parseIds(request.query.ids) ?? []),
  );

  app.get(
    '/Instrument/:id',
    {
      config: { access: { right: 'InstrumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getInstrumentById',
        tags,
        summary: 'An instrument with its fields and state',
        params: IdParams,
        response: { 200: InstrumentSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const [instrument] = await findInstruments(db, callerOf(request), [request.params.id]);
      if (!instrument) throw notFound('instrument');
      return instrument;
    },
  );

  app.post(
    '/Instrument',
    {
      config: { access: { right: 'InstrumentCreateCmd' } },
      schema: routeSchema({
        operationId: 'createInstrument',
        tags,
        summary: 'Creates an instrument in a visit (visitId) or standalone',
        body: InstrumentCreateSchema,
        response: { 201: InstrumentSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request, reply) => reply.status(201).send(await createInstrument(db, callerOf(request), request.body)),
  );

  app.put(
    '/Instrument/:id',
    {
      config: { access: { right: 'InstrumentUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateInstrument',
        tags,
        summary: 'Saves an instrument with the version read; answers the computed state (409 with the newer state when stale)',
        params: IdParams,
        body: InstrumentUpdateSchema,
        response: { 200: InstrumentSchema },
        errors: [404, 409, 422],
      }),
    },
    (request) => saveInstrument(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/Instrument/:id',
    {
      config: { access: { right: 'InstrumentDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteInstrument',
        tags,
        summary: 'Marks an instrument deleted; the reason is audited',
        params: IdParams,
        querystring: ReasonQuery,
        response: { 204: Type.Null() },
        errors: [404, 409],
      }),
    },
    async (request, reply) => {
      await deleteInstrument(db, callerOf(request), request.params.id, request.query.reasonOfChange);
      return reply.status(204).send(null);
    },
  );

  /** The form holding the field, when its patient is the caller's; else 404 as for an unknown field (issue 15). */
  const visibleOwnerOfField = async (caller: CurrentUser, fieldId: string) => {
    const owner = await ownerOfField(db, fieldId);
    await assertPatientAccess(db, caller, await loadStudyPatient(db, owner.studyPatientId), 'data field');
    return owner;
  };
  const result = async (fieldId: string) => {
    const owner = await ownerOfField(db, fieldId);
    const field = pathTo(owner.fields, fieldId)?.at(-1);
    if (!field) throw notFound('data field');
    return { field, owner: { kind: owner.kind, id: owner.id, version: owner.version } };
  };

  app.get(
    '/DataField/:id',
    {
      config: { access: { right: 'DataFieldGetCmd' } },
      schema: routeSchema({
        operationId: 'getDataFieldById',
        tags: fieldTags,
        summary: 'A field instance and the form that holds it',
        params: IdParams,
        response: { 200: DataFieldResultSchema },
        errors: [404],
      }),
    },
    async (request) => {
      await visibleOwnerOfField(callerOf(request), request.params.id);
      return result(request.params.id);
    },
  );

  app.post(
    '/DataField',
    {
      config: { access: { right: 'DataFieldCreateCmd' } },
      schema: routeSchema({
        operationId: 'createDataField',
        tags: fieldTags,
        summary: 'Adds a field (or a list entry under parentFieldId, order +10) to a form saved with its version',
        body: Type.Object({
          ownerKind: OwnerKindSchema,
          ownerId: Uuid,
          version: Type.Integer({ minimum: 1 }),
          parentFieldId: Type.Optional(Uuid),
          definitionId: Uuid,
          values: Type.Optional(Type.Array(FieldValueSchema)),
          reasonForChange: ReasonForChange,
        }),
        response: { 201: DataFieldResultSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request, reply) => {
      const { body } = request;
      const owner = await ownerById(db, body.ownerKind, body.ownerId);
      const ancestors = body.parentFieldId ? pathTo(owner.fields, body.parentFieldId) : [];
      if (!ancestors) throw notFound('parent field');
      const before = new Set<string>();
      const collect = (fields: readonly DataFieldInstance[]): void =>
        fields.forEach((f) => {
          before.add(f.id);
          collect(f.childFields);
        });
      collect(owner.fields);
      await saveOwner(db, callerOf(request), owner, {
        version: body.version,
        reasonForChange: body.reasonForChange,
        fields: nest(ancestors, { definitionId: body.definitionId, values: body.values ?? [] }),
      });
      const after = await ownerById(db, body.ownerKind, body.ownerId);
      const level =
        ancestors.length > 0 ? (pathTo(after.fields, ancestors[ancestors.length - 1]?.id ?? '')?.at(-1)?.childFields ?? []) : after.fields;
      const created = level.find((f) => !before.has(f.id) && f.definitionId === body.definitionId);
      if (!created) throw notFound('data field');
      return reply.status(201).send({ field: created, owner: { kind: after.kind, id: after.id, version: after.version } });
    },
  );

  app.put(
    '/DataField/:id',
    {
      config: { access: { right: 'DataFieldUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateDataField',
        tags: fieldTags,
        summary: "Changes a field's values (or, with DataFieldLockCmd, its lock) in a form saved with its version",
        params: IdParams,
        body: Type.Object({
          version: Type.Integer({ minimum: 1, description: 'version of the owning form' }),
          values: Type.Optional(Type.Array(FieldValueSchema)),
          lockedManually: Type.Optional(Type.Boolean()),
          lockedAutomatically: Type.Optional(Type.Boolean()),
          lockDate: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()])),
          reasonForChange: ReasonForChange,
        }),
        response: { 200: DataFieldResultSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const { body } = request;
      const owner = await visibleOwnerOfField(callerOf(request), request.params.id);
      const path = pathTo(owner.fields, request.params.id) ?? [];
      const field = path.at(-1);
      if (!field) throw notFound('data field');
      const lock = { lockedManually: body.lockedManually, lockedAutomatically: body.lockedAutomatically, lockDate: body.lockDate };
      if (Object.values(lock).some((v) => v !== undefined)) {
        if (!hasRight(caller.rights, 'DataFieldLockCmd')) throw forbidden(ACCESS_MESSAGES.missingRight('DataFieldLockCmd'));
        const defined = Object.fromEntries(Object.entries(lock).filter(([, v]) => v !== undefined));
        await setFieldLock(db, caller, owner, field.id, body.version, defined, body.reasonForChange ?? null);
      } else {
        await saveOwner(db, caller, owner, {
          version: body.version,
          reasonForChange: body.reasonForChange,
          fields: nest(path.slice(0, -1), {
            id: field.id,
            definitionId: field.definitionId,
            values: body.values ?? field.values.map((v) => ({ ...v })),
          }),
        });
      }
      return result(field.id);
    },
  );

  app.delete(
    '/DataField/:id',
    {
      config: { access: { right: 'DataFieldDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteDataField',
        tags: fieldTags,
        summary: 'Marks a field (e.g. a list entry) deleted in a form saved with its version',
        params: IdParams,
        querystring: Type.Object({ version: Type.Integer({ minimum: 1 }), reasonForChange: ReasonForChange }),
        response: { 200: DataFieldResultSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request) => {
      const owner = await visibleOwnerOfField(callerOf(request), request.params.id);
      const path = pathTo(owner.fields, request.params.id) ?? [];
      const field = path.at(-1);
      if (!field) throw notFound('data field');
      await saveOwner(db, callerOf(request), owner, {
        version: request.query.version,
        reasonForChange: request.query.reasonForChange,
        fields: nest(path.slice(0, -1), { id: field.id, definitionId: field.definitionId, isDeleted: true }),
      });
      return result(field.id);
    },
  );
}
