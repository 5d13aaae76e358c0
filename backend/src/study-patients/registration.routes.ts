/**
 * Registration through the pseudonymisation service (ecrf-calls.md §7 "Patient-identity service": createPatient):
 * the registry patient is created under the pseudonym the service answered, linked to it, and enrolled as a study
 * patient at a location. A study patient's registration, so it lives here and uses the identity module.
 */
import type { App, AppDeps } from '../app-deps.js';
import { assertElearningPassedInStudy } from '../elearning/elearning-gate.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import { assertStoredAtService, serviceCallRef } from '../identity/identity.routes.js';
import { CreatePatientQuery, CreatePatientSchema, serviceErrors, tags } from '../identity/identity.schemas.js';
import { auditIdentity, storeLink } from '../identity/identity.service.js';
import { createPatient } from '../patients/patients.service.js';
import { StudyPatientSchema } from './study-patients.schemas.js';
import { createStudyPatient, studyPatientDto } from './study-patients.service.js';

export function registerRegistrationRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  app.post(
    '/Mainzelliste/createPatient',
    {
      config: { access: { right: 'MainzellisteCreatePatientCmd' } },
      schema: routeSchema({
        operationId: 'createMainzellistePatient',
        tags,
        summary:
          'createPatient?tokenId: creates the registry patient under the pseudonym the service answered (checked there), links it and enrols it at a location',
        querystring: CreatePatientQuery,
        body: CreatePatientSchema,
        response: { 201: StudyPatientSchema },
        errors: [404, 422, ...serviceErrors],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      await assertStoredAtService(deps, body.pseudonym);
      // Before the registry patient is created, so a refused enrolment leaves none behind.
      await assertElearningPassedInStudy(db, caller, body.studyId);
      const patientId = await createPatient(db, caller, {
        patientId: body.pseudonym,
        registrationDate: body.registrationDate,
        isMlPatient: body.isMlPatient,
      });
      await storeLink(db, caller, patientId, body.pseudonym);
      await auditIdentity(db, caller, 'IdentityLinked', patientId, {
        serviceCallRef: serviceCallRef(request.query.tokenId),
        pseudonym: body.pseudonym,
      });
      const created = await createStudyPatient(db, caller, { patientId, studyId: body.studyId, studyInstituteId: body.studyInstituteId });
      return reply.status(201).send(studyPatientDto(created));
    },
  );
}
