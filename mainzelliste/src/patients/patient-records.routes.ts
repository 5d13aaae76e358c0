/**
 * Reading, editing and deleting (mainzelliste-api.md §1 "Reading, editing and deleting"; Mainzelliste's
 * PatientsResource):
 * - GET /patients?tokenId= and GET /patients/tokenId/{tid}: readPatients; one entry per searchId, in order: the
 *   patient's `fields` (resultFields), `ids` (resultIds, or all with readAllPatientIds) and `idTypes`
 *   (readAllPatientIdTypes), each left out when empty, and `{}` for an id no patient holds; 404 "No patient
 *   found" when none is found. readAllPatientIds/-IdTypes need the token's server to hold that permission
 *   (401 "Server has no … permission"). '*' lists every patient holding the id type (page from 1, limit).
 * - PUT /patients/tokenId/{tid}: editPatient, 204; a field or external id the token does not allow is a 401.
 * - DELETE /patients/{tokenId}/{idType}/{idString}: deletePatient, 204 (the IDAT is erased).
 * Tokens with a callback report to it afterwards; a redirect template with {tokenId} answers 303.
 */
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { sendCallback } from '../callbacks/callback.js';
import { templateVariables } from '../callbacks/targets.js';
import { badRequest, messages, notFound, unauthorized } from '../errors/errors.js';
import type { Token } from '../sessions/session-store.js';
import type { TokenData } from '../tokens/token-data.js';
import { listPatientIds, findPatientsById, type PatientRow, type StoredId } from './patients.sql.js';
import { FIELD_KEYS, hasIdat, idTypesOf, isFieldKey, pickFields, type Fields } from './fields.js';
import { checkFields, redirectTo } from './patients.routes.js';
import { useToken } from './token-use.js';

const DATE_PARTS = ['geburtstag', 'geburtsmonat', 'geburtsjahr'] as const;

const Paging = { page: Type.Optional(Type.Integer({ minimum: 1 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) };

type ReadData = Extract<TokenData, { type: 'readPatients' }>;

function patientJson(data: ReadData, patient: PatientRow, all: StoredId[]): Record<string, unknown> {
  const ids = data.readAllPatientIds ? all : all.filter((id) => data.resultIds.includes(id.idType));
  // As in Mainzelliste, a field never given is left out; an edit stores every field, '' when empty.
  const fields = data.resultFields.filter((key) => key in patient.fields);
  return {
    ...(fields.length > 0 ? { fields: Object.fromEntries(fields.map((key) => [key, patient.fields[key] ?? ''])) } : {}),
    ...(ids.length > 0 ? { ids: ids.map(({ idType, idString, tentative }) => ({ idType, idString, tentative })) } : {}),
    ...(data.readAllPatientIdTypes ? { idTypes: all.map((id) => id.idType) } : {}),
  };
}

/** Mainzelliste checks these when the token is used, against the server that created it. */
function checkReadPermissions(deps: AppDeps, token: Token, data: ReadData): void {
  const server = deps.config.servers.find((candidate) => candidate.name === token.serverName);
  for (const [wanted, permission] of [
    [data.readAllPatientIds, 'readAllPatientIds'],
    [data.readAllPatientIdTypes, 'readAllPatientIdTypes'],
  ] as const) {
    if (wanted && !server?.permissions.has(permission)) throw unauthorized(messages.serverLacks(permission));
  }
}

async function readPatients(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  tokenId: string | undefined,
  page = 1,
  limit?: number,
) {
  const access = recordAccess(request, 'patient.read');
  const { token, data } = useToken(deps, request, access, tokenId, 'readPatients');
  checkReadPermissions(deps, token, data);
  const wildcard = data.searchIds.find((id) => id.idString.trim() === '*');
  let found: (PatientRow | undefined)[];
  if (wildcard) {
    const listed = await listPatientIds(deps.db, wildcard.idType, page, limit ?? null);
    reply.header('x-total-count', String(listed.total));
    found = await findPatientsById(deps.db, listed.ids);
  } else {
    found = await Promise.all(data.searchIds.map((id) => deps.patients.find(id)));
  }
  const patients = found.filter((row): row is PatientRow => row !== undefined);
  if (patients.length === 0) throw notFound(messages.noPatientFound);
  const ids = await deps.patients.ids(patients.map((patient) => patient.id));
  access.pseudonyms = patients.flatMap((patient) => ids.get(patient.id) ?? []);
  const answer = found.map((patient) => (patient ? patientJson(data, patient, ids.get(patient.id) ?? []) : {}));
  if (data.callback) await sendCallback(data.callback, { tokenId: token.id, patients: answer });
  if (data.redirect) {
    if (!templateVariables(data.redirect).includes('tokenId')) throw badRequest("Couldn't generate redirect because request is not valid");
    const [firstPatient] = patients;
    const firstIds = firstPatient ? (ids.get(firstPatient.id) ?? []) : [];
    return redirectTo(reply, data.redirect, { tokenId: token.id, ...Object.fromEntries(firstIds.map((id) => [id.idType, id.idString])) });
  }
  return answer;
}

/** Fields and external ids of an edit body, as strings (null clears, as in Mainzelliste). */
function editOf(deps: AppDeps, body: Record<string, unknown>): { fields: Fields; ids: Record<string, string> } {
  const values = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === null ? '' : String(value)]));
  const unknown = Object.keys(values).filter((key) => !isFieldKey(key) && !deps.config.externalIdTypes.includes(key));
  if (unknown.length > 0) throw badRequest(`There is no Field key called ${unknown.join(', ')}.`);
  const ids = Object.fromEntries(Object.entries(values).filter(([key]) => deps.config.externalIdTypes.includes(key)));
  return { fields: pickFields(values), ids };
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
    const { token, data } = useToken(deps, request, access, request.params.tid, 'editPatient');
    const body =
      typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : null;
    if (!body) throw badRequest("Couldn't parse editPatient JSON");
    const edit = editOf(deps, body);
    for (const key of Object.keys(body)) {
      if (isFieldKey(key) && data.fields !== null && !(data.fields as readonly string[]).includes(key)) {
        throw unauthorized(`No authorization to edit field ${key} with this token.`);
      }
      if (key in edit.ids && !data.ids.includes(key)) throw unauthorized(`No authorization to edit external id ${key} with this token.`);
    }
    const patient = await deps.patients.find(data.patientId);
    if (!patient) throw badRequest(`No patient found with ID ${data.patientId.idType}=${data.patientId.idString}`);
    // An empty value clears the field.
    const dateParts = DATE_PARTS.filter((key) => key in edit.fields);
    const missingPart = DATE_PARTS.find((key) => dateParts.length > 0 && !(key in edit.fields));
    if (missingPart) {
      throw badRequest(`Field ${missingPart} is missing in date definition. Dates must be entered and updated in complete form.`);
    }
    const given: Fields = { ...patient.fields, ...edit.fields };
    const merged: Fields = hasIdat(given) ? Object.fromEntries(FIELD_KEYS.map((key) => [key, given[key] ?? ''])) : {};
    checkFields(merged, deps.config);
    access.pseudonyms = await deps.patients.edit(patient, merged, edit.ids);
    if (data.callback) await sendCallback(data.callback, { tokenId: token.id });
    if (data.redirect && templateVariables(data.redirect).includes('tokenId'))
      return redirectTo(reply, data.redirect, { tokenId: token.id });
    return reply.status(204).send();
  });

  app.delete(
    '/patients/:tokenId/:idType/:idString',
    { schema: { params: Type.Object({ tokenId: Type.String(), idType: Type.String(), idString: Type.String() }) } },
    async (request, reply) => {
      const access = recordAccess(request, 'patient.delete');
      const { token, data } = useToken(deps, request, access, request.params.tokenId, 'deletePatient');
      const { idType, idString } = request.params;
      if (!idTypesOf(deps.config.externalIdTypes).includes(idType)) throw badRequest(`No ID type ${idType} defined!`);
      access.pseudonyms = [{ idType, idString }];
      const patient = await deps.patients.find({ idType, idString });
      if (!patient) throw notFound(messages.noPatientFound);
      access.pseudonyms = await deps.patients.remove(patient);
      if (data.callback) await sendCallback(data.callback, { tokenId: token.id });
      if (data.redirect && templateVariables(data.redirect).includes('tokenId'))
        return redirectTo(reply, data.redirect, { tokenId: token.id });
      return reply.status(204).send();
    },
  );
}
