/**
 * Reading, editing and deleting (mainzelliste-api.md §1 "Reading, editing and deleting"):
 * - GET /patients?tokenId= and GET /patients/tokenId/{tid}: readPatients; searchIds or one '*' with
 *   page (from 1) and limit; 404 "No patient found" when no searched patient exists.
 * - PUT /patients/tokenId/{tid}: editPatient, 204; a field the token does not allow is a 401.
 * - DELETE /patients/{tokenId}/{idType}/{idString}: deletePatient, 204 (the IDAT is erased).
 */
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { badRequest, messages, notFound, unauthorized } from '../errors/errors.js';
import { listPatientIds, findPatientsById, type PatientRow } from './patients.sql.js';
import { FIELD_KEYS, isFieldKey, isIdType, pickFields, type Fields } from './fields.js';
import { checkFields } from './patients.routes.js';
import { useToken } from './token-use.js';

const Paging = { page: Type.Optional(Type.Integer({ minimum: 1 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) };

async function readPatients(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  tokenId: string | undefined,
  page = 1,
  limit?: number,
) {
  const access = recordAccess(request, 'patient.read');
  const { data } = useToken(deps, request, access, tokenId, 'readPatients');
  const wildcard = data.searchIds.find((id) => id.idString === '*');
  let patients: PatientRow[];
  if (wildcard) {
    const listed = await listPatientIds(deps.db, wildcard.idType, page, limit ?? null);
    reply.header('x-total-count', String(listed.total));
    patients = await findPatientsById(deps.db, listed.ids);
  } else {
    const found = await Promise.all(data.searchIds.map((id) => deps.patients.find(id)));
    const unique = new Map(found.filter((row): row is PatientRow => row !== undefined).map((row) => [row.id, row]));
    patients = [...unique.values()];
    if (patients.length === 0) throw notFound(messages.noPatientFound);
  }
  const ids = await deps.patients.ids(patients.map((patient) => patient.id));
  access.pseudonyms = patients.flatMap((patient) => ids.get(patient.id) ?? []);
  return patients.map((patient) => {
    const all = ids.get(patient.id) ?? [];
    const shown = data.readAllPatientIds ? all : all.filter((id) => (data.resultIds as readonly string[]).includes(id.idType));
    const fields = Object.fromEntries(data.resultFields.map((key) => [key, patient.fields[key] ?? '']));
    return {
      fields,
      ids: shown.map(({ idType, idString, tentative }) => ({ idType, idString, tentative })),
      ...(data.readAllPatientIdTypes ? { idTypes: all.map((id) => id.idType) } : {}),
    };
  });
}

export function registerPatientRecordRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/patients',
    { schema: { querystring: Type.Object({ tokenId: Type.Optional(Type.String()), ...Paging }, { additionalProperties: true }) } },
    (request, reply) => readPatients(deps, request, reply, request.query.tokenId, request.query.page, request.query.limit),
  );

  app.get(
    '/patients/tokenId/:tid',
    { schema: { params: Type.Object({ tid: Type.String() }), querystring: Type.Object(Paging, { additionalProperties: true }) } },
    (request, reply) => readPatients(deps, request, reply, request.params.tid, request.query.page, request.query.limit),
  );

  app.put('/patients/tokenId/:tid', { schema: { params: Type.Object({ tid: Type.String() }) } }, async (request, reply) => {
    const access = recordAccess(request, 'patient.edit');
    const { data } = useToken(deps, request, access, request.params.tid, 'editPatient');
    const body =
      typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : null;
    if (!body) throw badRequest('The body must map fields to values.');
    const unknown = Object.keys(body).filter((key) => !isFieldKey(key));
    if (unknown.length > 0) throw badRequest(`Unknown fields: ${unknown.join(', ')}.`);
    const forbidden = Object.keys(body).filter((key) => data.fields !== null && !(data.fields as readonly string[]).includes(key));
    if (forbidden.length > 0) throw unauthorized(`The token does not allow editing the fields ${forbidden.join(', ')}.`);
    const patient = await deps.patients.find(data.patientId);
    if (!patient) throw notFound(messages.noPatientFound);
    // An empty value clears the field.
    const given: Fields = { ...patient.fields, ...pickFields(body) };
    const merged: Fields = Object.fromEntries(FIELD_KEYS.flatMap((key) => (given[key] ? [[key, given[key]]] : [])));
    checkFields(merged, deps.config);
    access.pseudonyms = await deps.patients.edit(patient, merged);
    return reply.status(204).send();
  });

  app.delete(
    '/patients/:tokenId/:idType/:idString',
    {
      schema: { params: Type.Object({ tokenId: Type.String(), idType: Type.String(), idString: Type.String() }) },
    },
    async (request, reply) => {
      const access = recordAccess(request, 'patient.delete');
      useToken(deps, request, access, request.params.tokenId, 'deletePatient');
      const { idType, idString } = request.params;
      if (!isIdType(idType)) throw badRequest(`Unknown ID type ${idType}.`);
      access.pseudonyms = [{ idType, idString }];
      const patient = await deps.patients.find({ idType, idString });
      if (!patient) throw notFound(messages.noPatientFound);
      access.pseudonyms = await deps.patients.remove(patient);
      return reply.status(204).send();
    },
  );
}
