/**
 * POST /patients?tokenId= and POST /patients/checkMatch/{tokenId} (mainzelliste-api.md §1 "Patients").
 * Bodies are form-urlencoded (as Mainzelliste expects) or JSON. Answers:
 * - 201 [{idType, idString, tentative, uri}] from API 2.0, {newId, tentative, uri} below; on a MATCH the
 *   existing patient's ids.
 * - 409 {message, possibleMatches?} for a POSSIBLE_MATCH without sureness=true; with it a new, tentative
 *   patient.
 * - checkMatch: 200 [{similarityScore, <idType>: idString…}], ids only for MATCH or POSSIBLE_MATCH.
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { baseUrl, type App, type AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { badRequest, MainzellisteError, messages } from '../errors/errors.js';
import { atLeast, requestApiVersion } from '../http/api-version.js';
import { DEFAULT_ID_TYPE, isIncomplete, pickFields, validateFields, type Fields, type ValidationOptions } from './fields.js';
import type { StoredId } from './patients.sql.js';
import { useToken } from './token-use.js';

export const FormBody = Type.Record(Type.String(), Type.Unknown());

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

const isTrue = (value: unknown): boolean => value === true || value === 'true' || (Array.isArray(value) && value[0] === 'true');

/** Validates IDAT; 400 with every broken rule (mainzelliste-api.md §1 "Validators"). */
export function checkFields(fields: Fields, options: ValidationOptions): void {
  if (isIncomplete(fields)) throw badRequest(messages.incompleteIdat);
  const problems = validateFields(fields, options);
  if (problems.length > 0) throw badRequest(problems.join('; '));
}

export function registerPatientRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/patients',
    { schema: { querystring: Type.Object({ tokenId: Type.Optional(Type.String()) }, { additionalProperties: true }) } },
    async (request, reply) => {
      const access = recordAccess(request, 'patient.create');
      const { data } = useToken(deps, request, access, request.query.tokenId, 'addPatient');
      const body = bodyOf(request);
      // Fields set in the token by the calling server win over the form.
      const fields: Fields = { ...pickFields(body), ...data.fields };
      checkFields(fields, deps.config);
      const outcome = await deps.patients.add(fields, isTrue(body.sureness));
      if (outcome.kind === 'possibleMatch') {
        access.outcome = 'possibleMatch';
        access.pseudonyms = outcome.best;
        const defaultIds = outcome.best.filter((id) => id.idType === DEFAULT_ID_TYPE).map(({ idType, idString }) => ({ idType, idString }));
        throw new MainzellisteError('ML_ERR_CONFLICT', messages.possibleMatch, {
          message: messages.possibleMatch,
          ...(data.showPossibleMatches ? { possibleMatches: defaultIds } : {}),
        });
      }
      access.outcome = outcome.kind === 'match' ? 'match' : outcome.tentative ? 'createdTentative' : 'created';
      access.pseudonyms = outcome.ids;
      const base = baseUrl(deps.config, request);
      const requested = data.idTypes
        .map((idType) => outcome.ids.find((id) => id.idType === idType))
        .filter((id): id is StoredId => id !== undefined)
        .map((id) => ({
          idType: id.idType,
          idString: id.idString,
          tentative: id.tentative,
          uri: `${base}/patients/${id.idType}/${id.idString}`,
        }));
      if (!atLeast(requestApiVersion(request), 2)) {
        const first = requested[0];
        return reply.status(201).send({ newId: first?.idString ?? null, tentative: first?.tentative ?? false, uri: first?.uri ?? null });
      }
      return reply.status(201).send(requested);
    },
  );

  app.post('/patients/checkMatch/:tokenId', { schema: { params: Type.Object({ tokenId: Type.String() }) } }, async (request) => {
    const access = recordAccess(request, 'patient.checkMatch');
    // Mainzelliste does not null-check the token and would answer 500; a clear 401 is kinder (docs: deviations).
    const { data } = useToken(deps, request, access, request.params.tokenId, 'checkMatch');
    const fields = pickFields(bodyOf(request));
    checkFields(fields, deps.config);
    const result = await deps.patients.lookup(fields);
    access.outcome = result.type;
    const answer: Record<string, string | number> = { similarityScore: result.score };
    if (result.best !== null) {
      const ids = (await deps.patients.ids([result.best])).get(result.best) ?? [];
      access.pseudonyms = ids;
      for (const idType of data.idTypes) {
        const id = ids.find((stored) => stored.idType === idType);
        if (id) answer[idType] = id.idString;
      }
    }
    return [answer];
  });
}
