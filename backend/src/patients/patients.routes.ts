/**
 * Patient: list, my, by id, create, update, delete and {patientId}/linkuser/{userId} (ecrf-calls.md §7
 * "Patients"). The registry keeps a pseudonym only (ARCHITECTURE.md: identities live in the
 * pseudonymisation service). List calls take ?ids= for batching.
 */
import { hasRight } from '@ecrf/rules';
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { App, AppDeps } from '../app-deps.js';
import { audit, actorOf } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { notFound } from '../errors/errors.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { IdParams, IdsQuery, IncludeDeleted, Uuid, parseIds, routeSchema } from '../http/schemas.js';
import { PatientInputSchema, PatientSchema } from './patients.schemas.js';
import { createPatient, softDelete } from './patients.service.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { findUsers } from '../users/users.sql.js';
import { findPatients, updatePatientRow } from './patients.sql.js';

const tags = ['Patient'];

type Filter = { ids?: string[]; includeDeleted?: boolean; mine?: CurrentUser };

/** With `mine`, only the patients documented at the caller's locations (unless the caller may see all). */
async function findVisiblePatients(db: Kysely<DB>, { mine, ...filter }: Filter) {
  if (!mine || hasRight(mine.rights, 'PatientGetAllCmd')) return findPatients(db, filter);
  return findPatients(db, { ...filter, studyInstituteIds: await callerLocationIds(db, mine) });
}

export function registerPatientRoutes(app: App, { db }: AppDeps): void {
  // A patient just created has no study patient yet; its creator may read it back.
  const one = async (caller: CurrentUser, id: string, created = false) => {
    const [patient] = await findVisiblePatients(db, { ids: [id], includeDeleted: true, mine: created ? undefined : caller });
    if (!patient) throw notFound('patient');
    return patient;
  };
  const List = Type.Array(PatientSchema);
  const listQuery = Type.Object({ ids: IdsQuery, includeDeleted: IncludeDeleted });

  app.get(
    '/Patient',
    {
      config: { access: { right: 'PatientGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getPatients',
        tags,
        summary: 'All patients, or those with the given ids',
        querystring: listQuery,
        response: { 200: List },
      }),
    },
    (request) => findVisiblePatients(db, { ids: parseIds(request.query.ids), includeDeleted: request.query.includeDeleted }),
  );

  app.get(
    '/Patient/my',
    {
      config: { access: { right: 'PatientGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyPatients',
        tags,
        summary: 'Patients documented at my locations (optionally only the given ids)',
        querystring: listQuery,
        response: { 200: List },
      }),
    },
    (request) =>
      findVisiblePatients(db, { ids: parseIds(request.query.ids), includeDeleted: request.query.includeDeleted, mine: callerOf(request) }),
  );

  app.get(
    '/Patient/:id',
    {
      config: { access: { right: 'PatientGetCmd' } },
      schema: routeSchema({
        operationId: 'getPatientById',
        tags,
        summary: 'A patient by id',
        params: IdParams,
        response: { 200: PatientSchema },
        errors: [404],
      }),
    },
    (request) => one(callerOf(request), request.params.id),
  );

  app.post(
    '/Patient',
    {
      config: { access: { right: 'PatientCreateCmd' } },
      schema: routeSchema({
        operationId: 'createPatient',
        tags,
        summary: 'Creates a patient under a pseudonym (generated when absent)',
        body: PatientInputSchema,
        response: { 201: PatientSchema },
        errors: [409],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = await createPatient(db, caller, request.body);
      return reply.status(201).send(await one(caller, id, true));
    },
  );

  app.put(
    '/Patient/:id',
    {
      config: { access: { right: 'PatientUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updatePatient',
        tags,
        summary: 'Updates registration date and ML flag (the pseudonym stays)',
        params: IdParams,
        body: Type.Omit(PatientInputSchema, ['patientId']),
        response: { 200: PatientSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await one(caller, request.params.id);
      const next = {
        registrationDate: request.body.registrationDate ?? before.registrationDate,
        isMlPatient: request.body.isMlPatient ?? before.isMlPatient,
      };
      await db.transaction().execute(async (trx) => {
        await updatePatientRow(trx, before.id, { registration_date: next.registrationDate, is_ml_patient: next.isMlPatient });
        await audit(trx, {
          actor: actorOf(caller),
          tableName: 'patient',
          recordId: before.id,
          operation: 'Update',
          oldValue: { registrationDate: before.registrationDate, isMlPatient: before.isMlPatient },
          newValue: next,
        });
      });
      return one(caller, before.id);
    },
  );

  app.delete(
    '/Patient/:id',
    {
      config: { access: { right: 'PatientDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deletePatient',
        tags,
        summary: 'Marks a patient deleted',
        params: IdParams,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await one(caller, request.params.id);
      await softDelete(db, caller, 'patient', request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/Patient/:patientId/linkuser/:userId',
    {
      config: { access: { right: 'PatientLinkUserCmd' } },
      schema: routeSchema({
        operationId: 'linkPatientUser',
        tags,
        summary: 'Links a (portal) user account to the patient',
        params: Type.Object({ patientId: Uuid, userId: Uuid }),
        response: { 200: PatientSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await one(caller, request.params.patientId);
      const [user] = await findUsers(db, { id: request.params.userId });
      if (!user) throw notFound('user');
      await db.transaction().execute(async (trx) => {
        await updatePatientRow(trx, before.id, { linked_user_id: user.id });
        await audit(trx, {
          actor: actorOf(caller),
          tableName: 'patient',
          recordId: before.id,
          operation: 'Update',
          oldValue: { linkedUserId: before.linkedUserId },
          newValue: { linkedUserId: user.id },
        });
      });
      return one(caller, before.id);
    },
  );
}
