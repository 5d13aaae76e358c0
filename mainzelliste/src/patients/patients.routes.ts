/**
 * POST /patients?tokenId= and POST /patients/checkMatch/{tokenId} (mainzelliste-api.md §1 "Patients").
 * Bodies are form-urlencoded (as Mainzelliste expects) or JSON; configured external id types are keys of
 * the body like the fields. Answers:
 * - 201 [{idType, idString, tentative, uri}] from API 2.0, {newId, tentative, uri} below (one id type only);
 *   on a MATCH the existing patient's ids.
 * - 409 {message, possibleMatches?} for a POSSIBLE_MATCH without sureness=true; with it a new, tentative
 *   patient. 409 with a text body for conflicting external ids (linkage.ts).
 * - checkMatch: 200 [{similarityScore, <idType>: idString…}], ids only for MATCH or POSSIBLE_MATCH.
 * A token's callback is called after success; its redirect answers 303 See Other to API ≥ 2.0 clients and
 * to browsers (the web-form flow), as in Mainzelliste.
 */
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl, type App, type AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { sendCallback } from '../callbacks/callback.js';
import { expandTemplate, templateVariables } from '../callbacks/targets.js';
import { badRequest, MainzellisteError, messages } from '../errors/errors.js';
import { atLeast, requestApiVersion } from '../http/api-version.js';
import { DEFAULT_ID_TYPE, hasIdat, pickFields, validateFields, type Fields, type ValidationOptions } from './fields.js';
import type { Identity } from './linkage.js';
import type { StoredId } from './patients.sql.js';
import { useToken } from './token-use.js';

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const isTrue = (value: unknown): boolean => String(first(value)).toLowerCase() === 'true';

/** Validates IDAT when any is given; 400 with every broken rule (mainzelliste-api.md §1 "Validators"). */
export function checkFields(fields: Fields, options: ValidationOptions): void {
  const problems = hasIdat(fields) ? validateFields(fields, options) : [];
  if (problems.length > 0) throw badRequest(problems.join(' '));
}

/** The identity a request body describes: the configured fields and external ids, the token's own winning. */
function identityOf(deps: AppDeps, body: Record<string, unknown>, token: Identity = { fields: {}, ids: {} }): Identity {
  const ids: Record<string, string> = {};
  for (const idType of deps.config.externalIdTypes) {
    const value = first(body[idType]);
    if (typeof value === 'string' || typeof value === 'number') ids[idType] = String(value);
  }
  const identity = { fields: { ...pickFields(body), ...token.fields }, ids: { ...ids, ...token.ids } };
  checkFields(identity.fields, deps.config);
  return identity;
}

/** The web-form flow: a browser asks for HTML; API clients ask for JSON or anything. */
const fromBrowser = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

export function redirectTo(reply: FastifyReply, template: string, values: Readonly<Record<string, string>>): FastifyReply {
  return reply.status(303).header('location', expandTemplate(template, values)).send();
}

export function registerPatientRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/patients',
    { schema: { querystring: Type.Object({ tokenId: Type.Optional(Type.String()) }, { additionalProperties: true }) } },
    async (request, reply) => {
      const access = recordAccess(request, 'patient.create');
      const { token, data } = useToken(deps, request, access, request.query.tokenId, 'addPatient');
      const body = bodyOf(request);
      const version = requestApiVersion(request);
      if (!atLeast(version, 2) && data.idTypes.length > 1) {
        throw badRequest(
          'Selected API version 1.0 permits only one ID in response, but several were requested. Set mainzellisteApiVersion to a value >= 2.0 or request only one ID type in token.',
        );
      }
      const outcome = await deps.patients.add(identityOf(deps, body, data), isTrue(body.sureness));
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
      if (data.callback) {
        const ids = requested.map(({ idType, idString, tentative }) => ({ idType, idString, tentative }));
        await sendCallback(data.callback, { tokenId: token.id, ...(atLeast(version, 2) ? { ids } : { id: ids[0]?.idString }) });
      }
      if (data.redirect && (atLeast(version, 2) || fromBrowser(request))) {
        return redirectTo(reply, data.redirect, {
          tokenId: token.id,
          ...Object.fromEntries(requested.map((id) => [id.idType, id.idString])),
        });
      }
      if (!atLeast(version, 2)) {
        const [one] = requested;
        return reply
          .status(201)
          .header('location', one?.uri)
          .send({ newId: one?.idString ?? null, tentative: one?.tentative ?? false, uri: one?.uri ?? null });
      }
      return reply.status(201).send(requested);
    },
  );

  app.post('/patients/checkMatch/:tokenId', { schema: { params: Type.Object({ tokenId: Type.String() }) } }, async (request, reply) => {
    const access = recordAccess(request, 'patient.checkMatch');
    // Mainzelliste does not null-check the token and would answer 500; a clear 401 is kinder (docs: deviations).
    const { token, data } = useToken(deps, request, access, request.params.tokenId, 'checkMatch');
    const result = await deps.patients.lookup(identityOf(deps, bodyOf(request)));
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
    if (data.callback) await sendCallback(data.callback, { tokenId: token.id, similarityScores: [result.score] });
    if (data.redirect && templateVariables(data.redirect).includes('tokenId')) {
      return redirectTo(reply, data.redirect, { tokenId: token.id, similarityScores: String(result.score) });
    }
    return [answer];
  });
}
