/**
 * Reading identities (ecrf-calls.md §6 GetReadPatientToken*, §7 "Patient-identity service"): single-use
 * readPatients tokens scoped to the requested patients the caller may see, the caller's real patients of
 * an institute, the list of stored pseudonyms and the sync of links. No call here reads IDAT itself.
 */
import type { Static } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { findLivePatientsByPseudonyms } from '../patients/patients.sql.js';
import {
  MyRealPatientsQuery,
  MyRealPatientsSchema,
  PatientsPageQuery,
  ReadTokenByGuidQuery,
  ReadTokenRequestSchema,
  ReadTokenSchema,
  ServicePatientsSchema,
  SyncResultSchema,
  serviceErrors,
  tags,
} from './identity.schemas.js';
import { auditIdentity, issueReadToken, linkOfVisiblePatient, readableLinks, storeLink, type ReadScope } from './identity.service.js';
import { findLinkedStudyPatients, findLinksOfPseudonyms } from './identity.sql.js';
import { createMainzellisteClient } from './mainzelliste.client.js';

export function registerIdentityReadRoutes(app: App, { db, config }: AppDeps): void {
  const service = () => createMainzellisteClient(config.mainzelliste);

  app.get(
    '/Mainzelliste/getReadPatientTokenByGuid',
    {
      config: { access: { right: 'GetReadPatientTokenCmd' } },
      schema: routeSchema({
        operationId: 'getReadPatientTokenByGuid',
        tags,
        summary: 'A single-use read token for one visible, linked patient (by location, assignment or the all-right)',
        querystring: ReadTokenByGuidQuery,
        response: { 200: ReadTokenSchema },
        errors: [404, ...serviceErrors],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const link = await linkOfVisiblePatient(db, caller, request.query.patientId);
      return issueReadToken(db, service(), caller, [link], 'patient');
    },
  );

  const readToken = async (caller: CurrentUser, body: Static<typeof ReadTokenRequestSchema>, scope: ReadScope) => {
    const links = await readableLinks(db, caller, [...new Set(body.requestedPatientIds)], scope, body.includeDeleted ?? false);
    return issueReadToken(db, service(), caller, links, scope);
  };

  app.post(
    '/Mainzelliste/getReadPatientTokenForAllPatients',
    {
      config: { access: { right: 'GetReadPatientTokenForAllPatientsCmd' } },
      schema: routeSchema({
        operationId: 'getReadPatientTokenForAllPatients',
        tags,
        summary: 'A single-use read token over the requested linked patients, wherever documented',
        body: ReadTokenRequestSchema,
        response: { 200: ReadTokenSchema },
        errors: serviceErrors,
      }),
    },
    (request) => readToken(callerOf(request), request.body, 'all'),
  );

  app.post(
    '/Mainzelliste/getReadPatientTokenForMyPatients',
    {
      config: { access: { right: 'GetReadPatientTokenForMyPatientsCmd' } },
      schema: routeSchema({
        operationId: 'getReadPatientTokenForMyPatients',
        tags,
        summary: "A single-use read token over the requested linked patients documented at the caller's locations; others are left out",
        body: ReadTokenRequestSchema,
        response: { 200: ReadTokenSchema },
        errors: serviceErrors,
      }),
    },
    (request) => readToken(callerOf(request), request.body, 'my'),
  );

  app.get(
    '/Mainzelliste/getMyRealPatients',
    {
      config: { access: { right: 'MainzellisteGetMyRealPatientsCmd' } },
      schema: routeSchema({
        operationId: 'getMyRealPatients',
        tags,
        summary:
          "The caller's linked study patients at their locations of an institute (or the one with pseudonym patientId) and a read token over them",
        querystring: MyRealPatientsQuery,
        response: { 200: MyRealPatientsSchema },
        errors: serviceErrors,
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await findLinkedStudyPatients(db, {
        instituteId: request.query.instituteId,
        studyInstituteIds: await callerLocationIds(db, caller),
        pseudonym: request.query.patientId,
      });
      const links = [...new Map(rows.map((row) => [row.patientId, { patientId: row.patientId, pseudonym: row.pseudonym }])).values()];
      return { ...(await issueReadToken(db, service(), caller, links, 'institute')), studyPatients: rows };
    },
  );

  app.get(
    '/Mainzelliste/getMainzellistePatients',
    {
      config: { access: { right: 'MainzellisteGetPatientsCmd' } },
      schema: routeSchema({
        operationId: 'getMainzellistePatients',
        tags,
        summary: 'The pseudonyms stored at the service, paged, with the registry patient linked to each (ids only, never IDAT)',
        querystring: PatientsPageQuery,
        response: { 200: ServicePatientsSchema },
        errors: serviceErrors,
      }),
    },
    async (request) => {
      const { page = 1, limit = 100 } = request.query;
      const { items, total } = await service().readPseudonyms('*', { page, limit });
      const pseudonyms = items.map((item) => item.pseudonym);
      const links = await findLinksOfPseudonyms(db, pseudonyms);
      const patientOf = new Map(links.map((link) => [link.id_string, link.patient_id]));
      await auditIdentity(db, callerOf(request), 'IdentityPatientsListed', null, { page, count: items.length });
      return {
        items: items.map((item) => ({ ...item, patientId: patientOf.get(item.pseudonym) ?? null })),
        totalCount: total ?? items.length,
      };
    },
  );

  app.post(
    '/Mainzelliste/syncMainzellistePatientsToIdProvider',
    {
      config: { access: { right: 'MainzellisteSyncPatientsToIdProviderCmd' } },
      schema: routeSchema({
        operationId: 'syncMainzellistePatientsToIdProvider',
        tags,
        summary:
          'Links registry patients whose pseudonym is a stored service id and reports links without identity and identities without patient',
        response: { 200: SyncResultSchema },
        errors: serviceErrors,
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const stored = new Set((await service().readPseudonyms('*')).items.map((item) => item.pseudonym));
      const links = await findLinksOfPseudonyms(db, 'all');
      const linkedPseudonyms = new Set(links.map((link) => link.id_string));
      const linkedPatients = new Set(links.map((link) => link.patient_id));
      const candidates = await findLivePatientsByPseudonyms(db, [...stored]);
      const linked: string[] = [];
      for (const patient of candidates) {
        if (linkedPatients.has(patient.id) || linkedPseudonyms.has(patient.pseudonym)) continue;
        await storeLink(db, caller, patient.id, patient.pseudonym);
        linked.push(patient.pseudonym);
        linkedPseudonyms.add(patient.pseudonym);
      }
      const missingAtService = links
        .map((link) => link.id_string)
        .filter((pseudonym) => !stored.has(pseudonym))
        .sort();
      const withoutRegistryPatient = [...stored].filter((pseudonym) => !linkedPseudonyms.has(pseudonym)).length;
      await auditIdentity(db, caller, 'IdentitiesSynchronized', null, { linked, missingAtService, alreadyLinked: links.length });
      return { servicePatients: stored.size, linked: linked.sort(), alreadyLinked: links.length, missingAtService, withoutRegistryPatient };
    },
  );
}
