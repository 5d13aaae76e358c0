/**
 * Patient: list, my, by id, create, update, delete and {patientId}/linkuser/{userId} (ecrf-calls.md §7
 * "Patients"). The registry keeps a pseudonym only (ARCHITECTURE.md: identities live in the
 * pseudonymisation service). List calls take ?ids= for batching.
 */
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { App, AppDeps } from '../app-deps.js';
import { audit } from '../audit/audit.service.js';
import type { DB } from '../db/schema.js';
import { notFound } from '../errors/errors.js';
import { callerOf, hasRight, type CurrentUser } from '../http/route-access.js';
import { IdParams, IdsQuery, IncludeDeleted, Uuid, parseIds, routeSchema } from '../http/schemas.js';
import { actorOf } from '../instruments/instruments.service.js';
import { PatientInputSchema, PatientSchema } from '../study-patients/study-patients.schemas.js';
import { createPatient, softDelete } from '../study-patients/study-patients.service.js';
import { callerLocationIds } from '../study-patients/patient-workspace.js';

const tags = ['Patient'];

type Filter = { ids?: string[]; includeDeleted?: boolean; mine?: CurrentUser };

async function findPatients(db: Kysely<DB>, filter: Filter) {
  if (filter.ids?.length === 0) return [];
  let query = db.selectFrom('patient as p').select(['p.id', 'p.pseudonym', 'p.registration_date', 'p.is_ml_patient', 'p.linked_user_id', 'p.is_deleted']).orderBy('p.pseudonym');
  if (filter.ids) query = query.where('p.id', 'in', filter.ids);
  if (!filter.includeDeleted) query = query.where('p.is_deleted', '=', false);
  if (filter.mine && !hasRight(filter.mine, 'PatientGetAllCmd')) {
    const locations = await callerLocationIds(db, filter.mine.id);
    if (locations.length === 0) return [];
    query = query.where((eb) => eb.exists(eb.selectFrom('study_patient as sp').select('sp.id').whereRef('sp.patient_id', '=', 'p.id').where('sp.study_institute_id', 'in', locations)));
  }
  return (await query.execute()).map((p) => ({
    id: p.id, patientId: p.pseudonym, displayName: p.pseudonym, registrationDate: p.registration_date, isMlPatient: p.is_ml_patient,
    linkedUserId: p.linked_user_id, isDeleted: p.is_deleted,
  }));
}

export function registerPatientRoutes(app: App, { db }: AppDeps): void {
  // A patient just created has no study patient yet; its creator may read it back.
  const one = async (caller: CurrentUser, id: string, created = false) => {
    const [patient] = await findPatients(db, { ids: [id], includeDeleted: true, mine: created ? undefined : caller });
    if (!patient) throw notFound('patient');
    return patient;
  };
  const List = Type.Array(PatientSchema);
  const listQuery = Type.Object({ ids: IdsQuery, includeDeleted: IncludeDeleted });

  app.get('/Patient', {
    config: { access: { right: 'PatientGetAllCmd' } },
    schema: routeSchema({ operationId: 'getPatients', tags, summary: 'All patients, or those with the given ids', querystring: listQuery, response: { 200: List } }),
  }, (request) => findPatients(db, { ids: parseIds(request.query.ids), includeDeleted: request.query.includeDeleted }));

  app.get('/Patient/my', {
    config: { access: { right: 'PatientGetMyCmd' } },
    schema: routeSchema({ operationId: 'getMyPatients', tags, summary: 'Patients documented at my locations (optionally only the given ids)', querystring: listQuery, response: { 200: List } }),
  }, (request) => findPatients(db, { ids: parseIds(request.query.ids), includeDeleted: request.query.includeDeleted, mine: callerOf(request) }));

  app.get('/Patient/:id', {
    config: { access: { right: 'PatientGetCmd' } },
    schema: routeSchema({ operationId: 'getPatientById', tags, summary: 'A patient by id', params: IdParams, response: { 200: PatientSchema }, errors: [404] }),
  }, (request) => one(callerOf(request), request.params.id));

  app.post('/Patient', {
    config: { access: { right: 'PatientCreateCmd' } },
    schema: routeSchema({ operationId: 'createPatient', tags, summary: 'Creates a patient under a pseudonym (generated when absent)', body: PatientInputSchema, response: { 201: PatientSchema }, errors: [409] }),
  }, async (request, reply) => {
    const caller = callerOf(request);
    const id = await createPatient(db, caller, request.body);
    return reply.status(201).send(await one(caller, id, true));
  });

  app.put('/Patient/:id', {
    config: { access: { right: 'PatientUpdateCmd' } },
    schema: routeSchema({ operationId: 'updatePatient', tags, summary: 'Updates registration date and ML flag (the pseudonym stays)', params: IdParams, body: Type.Omit(PatientInputSchema, ['patientId']), response: { 200: PatientSchema }, errors: [404] }),
  }, async (request) => {
    const caller = callerOf(request);
    const before = await one(caller, request.params.id);
    const next = { registrationDate: request.body.registrationDate ?? before.registrationDate, isMlPatient: request.body.isMlPatient ?? before.isMlPatient };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('patient').set({ registration_date: next.registrationDate, is_ml_patient: next.isMlPatient }).where('id', '=', before.id).execute();
      await audit(trx, { actor: actorOf(caller), tableName: 'patient', recordId: before.id, operation: 'Update', oldValue: { registrationDate: before.registrationDate, isMlPatient: before.isMlPatient }, newValue: next });
    });
    return one(caller, before.id);
  });

  app.delete('/Patient/:id', {
    config: { access: { right: 'PatientDeleteCmd' } },
    schema: routeSchema({ operationId: 'deletePatient', tags, summary: 'Marks a patient deleted', params: IdParams, response: { 204: Type.Null() }, errors: [404] }),
  }, async (request, reply) => {
    const caller = callerOf(request);
    await one(caller, request.params.id);
    await softDelete(db, caller, 'patient', request.params.id);
    return reply.status(204).send(null);
  });

  app.put('/Patient/:patientId/linkuser/:userId', {
    config: { access: { right: 'PatientLinkUserCmd' } },
    schema: routeSchema({ operationId: 'linkPatientUser', tags, summary: 'Links a (portal) user account to the patient', params: Type.Object({ patientId: Uuid, userId: Uuid }), response: { 200: PatientSchema }, errors: [404] }),
  }, async (request) => {
    const caller = callerOf(request);
    const before = await one(caller, request.params.patientId);
    const user = await db.selectFrom('app_user').select('id').where('id', '=', request.params.userId).where('is_deleted', '=', false).executeTakeFirst();
    if (!user) throw notFound('user');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('patient').set({ linked_user_id: user.id }).where('id', '=', before.id).execute();
      await audit(trx, { actor: actorOf(caller), tableName: 'patient', recordId: before.id, operation: 'Update', oldValue: { linkedUserId: before.linkedUserId }, newValue: { linkedUserId: user.id } });
    });
    return one(caller, before.id);
  });
}
