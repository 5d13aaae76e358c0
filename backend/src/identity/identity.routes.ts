/**
 * The patient-identity calls of ecrf-calls.md §7 "Patient-identity service", under /Mainzelliste/<call>.
 * The backend hands out tokens of the pseudonymisation service and keeps the pseudonym links; callers
 * send and read IDAT at the service themselves, so no name, birth date or insurance number passes through
 * the registry (docs/backend.md "Patient identities"). Service failures answer the §5 texts.
 */
import { hasRight } from '@ecrf/rules';
import { createHash } from 'node:crypto';
import type { App, AppDeps } from '../app-deps.js';
import { EcrfError, conflict, forbidden } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import { MAINZELLISTE_ERROR_PREFIX, mainzellisteMessage, serviceStatuses } from './identity-errors.js';
import {
  CheckMatchPatientQuery,
  CheckMatchPatientSchema,
  CheckMatchQuery,
  CheckMatchResultSchema,
  CheckMatchVerdictSchema,
  ConfigurationSchema,
  LinkRequestSchema,
  LinkSchema,
  SessionAndTokenRequestSchema,
  TokenSchema,
  serviceErrors,
  tags,
} from './identity.schemas.js';
import {
  MATCH_THRESHOLD,
  assertPatientVisible,
  auditIdentity,
  linkOfVisiblePatient,
  patientOfPseudonym,
  storeLink,
  visibleStudyPatients,
} from './identity.service.js';
import { existingLink } from './identity.sql.js';
import { API_VERSION, ID_TYPE, IDAT_FIELDS, createMainzellisteClient } from './mainzelliste.client.js';
import { ACCESS_MESSAGES, CONFLICT_MESSAGES } from '../errors/messages.js';

/** A reference to a token for the audit row that cannot be used as the token (tokens are capabilities). */
export const serviceCallRef = (tokenId: string): string => createHash('sha256').update(tokenId).digest('hex').slice(0, 16);

export function registerIdentityRoutes(app: App, deps: AppDeps): void {
  const { db, config } = deps;
  // Read per call, so a changed configuration (URL, key) applies without a restart of the routes.
  const service = () => createMainzellisteClient(config.mainzelliste);

  app.get(
    '/Mainzelliste/getMainzellisteConfiguration',
    {
      config: { access: { right: 'MainzellisteGetConfigurationCmd' } },
      schema: routeSchema({
        operationId: 'getMainzellisteConfiguration',
        tags,
        summary: 'How to talk to the pseudonymisation service: API version, id type, fields, match threshold and the §5 error texts',
        response: { 200: ConfigurationSchema },
      }),
    },
    () => ({
      apiVersion: API_VERSION,
      idType: ID_TYPE,
      fields: [...IDAT_FIELDS],
      matchThreshold: MATCH_THRESHOLD,
      errorPrefix: MAINZELLISTE_ERROR_PREFIX,
      errors: serviceStatuses.map(({ status, code }) => ({ status, code, message: mainzellisteMessage(status) })),
    }),
  );

  app.post(
    '/Mainzelliste/createPatientSessionAndToken',
    {
      config: { access: { right: 'MainzellisteCreatePatientSessionAndTokenCmd' } },
      schema: routeSchema({
        operationId: 'createPatientSessionAndToken',
        tags,
        summary:
          'A session at the service with an addPatient token, or an editPatient token for one visible linked patient (needs NngmStudyPatientUpdateDataMlCmd)',
        body: SessionAndTokenRequestSchema,
        response: { 201: TokenSchema },
        errors: [404, ...serviceErrors],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      if (body.type === 'addPatient') {
        // showPossibleMatches: a 409 names the possible duplicate, so the screen can tell the user who it is.
        const token = await service().createToken('addPatient', { idTypes: [ID_TYPE], showPossibleMatches: true });
        await auditIdentity(db, caller, 'IdentityTokenIssued', null, { kind: 'addPatient' });
        return reply.status(201).send({ tokenId: token.tokenId, type: 'addPatient', allowedUses: token.allowedUses });
      }
      if (!hasRight(caller.rights, 'NngmStudyPatientUpdateDataMlCmd'))
        throw forbidden(ACCESS_MESSAGES.missingRight('NngmStudyPatientUpdateDataMlCmd'));
      const link = await linkOfVisiblePatient(db, caller, body.patientId);
      const token = await service().createToken('editPatient', {
        patientId: { idType: ID_TYPE, idString: link.pseudonym },
        fields: body.fields,
      });
      await auditIdentity(db, caller, 'IdentityTokenIssued', body.patientId, {
        kind: 'editPatient',
        pseudonym: link.pseudonym,
        fields: body.fields,
      });
      return reply
        .status(201)
        .send({ tokenId: token.tokenId, type: 'editPatient', allowedUses: token.allowedUses, pseudonym: link.pseudonym });
    },
  );

  app.post(
    '/Mainzelliste/getCheckPatientMatchToken',
    {
      config: { access: { right: 'MainzellisteGetCheckPatientMatchTokenCmd', jobStep: 'match' } },
      schema: routeSchema({
        operationId: 'getCheckPatientMatchToken',
        tags,
        summary: 'A checkMatch token: the caller checks IDAT at the service without storing it',
        response: { 201: TokenSchema },
        errors: serviceErrors,
      }),
    },
    async (request, reply) => {
      // Two uses: the registration checks with and without the insurance number (docs/gateway.md "Registration").
      const token = await service().createToken('checkMatch', { idTypes: [ID_TYPE] }, 2);
      await auditIdentity(db, callerOf(request), 'IdentityTokenIssued', null, { kind: 'checkMatch' });
      return reply.status(201).send({ tokenId: token.tokenId, type: 'checkMatch', allowedUses: token.allowedUses });
    },
  );

  app.post(
    '/Mainzelliste/getCheckPatientMatch',
    {
      config: { access: { right: 'MainzellisteGetCheckPatientMatchCmd', jobStep: 'match' } },
      schema: routeSchema({
        operationId: 'getCheckPatientMatch',
        tags,
        summary: "The registry's verdict on a check-match answer of the service (similarityScore ≥ 0.99), audited",
        querystring: CheckMatchQuery,
        body: CheckMatchResultSchema,
        response: { 200: CheckMatchVerdictSchema },
      }),
    },
    async (request) => {
      const { similarityScore, pid } = request.body;
      const verdict = {
        isMatch: pid !== undefined && similarityScore >= MATCH_THRESHOLD,
        similarityScore,
        matchThreshold: MATCH_THRESHOLD,
        pseudonym: pid ?? null,
      };
      await auditIdentity(db, callerOf(request), 'IdentityMatchChecked', null, {
        serviceCallRef: serviceCallRef(request.query.tokenId),
        isMatch: verdict.isMatch,
        similarityScore: Number.isFinite(similarityScore) ? similarityScore : null,
        pseudonym: verdict.pseudonym,
      });
      return verdict;
    },
  );

  app.post(
    '/Mainzelliste/linkPatientToMainzelliste',
    {
      config: { access: { right: 'MainzellisteLinkPatientCmd' } },
      schema: routeSchema({
        operationId: 'linkPatientToMainzelliste',
        tags,
        summary: 'Links a visible registry patient to an identity stored at the service (by its pseudonym)',
        body: LinkRequestSchema,
        response: { 201: LinkSchema },
        errors: [404, ...serviceErrors],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { patientId, pseudonym } = request.body;
      await assertPatientVisible(db, caller, patientId);
      if (await existingLink(db, patientId, pseudonym)) throw conflict(CONFLICT_MESSAGES.identityLinked);
      await assertStoredAtService(deps, pseudonym);
      const { linkedAt } = await storeLink(db, caller, patientId, pseudonym);
      return reply.status(201).send({ patientId, pseudonym, idType: ID_TYPE, linkedAt: linkedAt.toISOString() });
    },
  );

  app.get(
    '/Mainzelliste/retrieveCheckMatchPatient',
    {
      config: { access: { right: 'MainzellisteRetrieveCheckMatchPatientCmd', jobStep: 'match' } },
      schema: routeSchema({
        operationId: 'retrieveCheckMatchPatient',
        tags,
        summary:
          'The registry patient behind a pseudonym a check-match or a 409 named (token = the pseudonym): whether one is registered and its study patients the caller may see',
        querystring: CheckMatchPatientQuery,
        response: { 200: CheckMatchPatientSchema },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const pseudonym = request.query.token;
      const patientId = await patientOfPseudonym(db, pseudonym);
      const studyPatients = patientId ? await visibleStudyPatients(db, caller, [patientId]) : [];
      await auditIdentity(db, caller, 'IdentityMatchChecked', patientId, { pseudonym, registered: patientId !== null });
      return {
        pseudonym,
        registered: patientId !== null,
        studyPatients: studyPatients.map((sp) => ({
          id: sp.id,
          patientId: sp.patientId,
          studyId: sp.studyId,
          studyInstituteId: sp.studyInstituteId,
          instituteDisplayName: sp.instituteDisplayName,
        })),
      };
    },
  );
}

/** The pseudonym must name an identity the service keeps, so no registry patient points at nothing. */
export async function assertStoredAtService(deps: AppDeps, pseudonym: string): Promise<void> {
  const { items } = await createMainzellisteClient(deps.config.mainzelliste).readPseudonyms([pseudonym]);
  if (!items.some((item) => item.pseudonym === pseudonym)) {
    throw new EcrfError('ECRF_ERR_VALIDATION', CONFLICT_MESSAGES.identityUnknown(pseudonym), {
      fieldErrors: [{ field: 'pseudonym', message: 'unbekannt in der Mainzelliste' }],
    });
  }
}
