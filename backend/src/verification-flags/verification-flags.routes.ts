/**
 * Data verification flags (ecrf-calls.md §7 "Queries": verification flag GET/PUT {id}, GET
 * studyPatient/{patientId}, POST): each needs its right and the patient at the caller's locations.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { assertPatientAccess } from '../patient-documentation/patient-workspace.js';
import {
  VerificationFlagSchema,
  VerificationFlagSetSchema,
  VerificationFlagUpdateSchema,
} from '../patient-documentation/verification-flags.schemas.js';
import { flagDto } from '../patient-documentation/verification-flag-changes.js';
import { readableFlag, setFlag, toggleFlag } from './verification-flags.service.js';
import { findFlagsOfPatients } from '../patient-documentation/verification-flags.sql.js';

const tags = ['DataVerificationFlag'];

export function registerVerificationFlagRoutes(app: App, { db, config }: AppDeps): void {
  app.get(
    '/DataVerificationFlag/studyPatient/:studyPatientId',
    {
      config: { access: { right: 'DataVerificationFlagGetByStudyPatientCmd' } },
      schema: routeSchema({
        operationId: 'getVerificationFlagsOfStudyPatient',
        tags,
        summary: 'The verification flags of a study patient',
        params: Type.Object({ studyPatientId: Uuid }),
        response: { 200: Type.Array(VerificationFlagSchema) },
        errors: [404],
      }),
    },
    async (request) => {
      const patient = await loadStudyPatient(db, request.params.studyPatientId);
      await assertPatientAccess(db, callerOf(request), patient);
      return (await findFlagsOfPatients(db, [patient.id])).map(flagDto);
    },
  );

  app.get(
    '/DataVerificationFlag/:id',
    {
      config: { access: { right: 'DataVerificationFlagGetCmd' } },
      schema: routeSchema({
        operationId: 'getVerificationFlag',
        tags,
        summary: 'A verification flag',
        params: IdParams,
        response: { 200: VerificationFlagSchema },
        errors: [404],
      }),
    },
    async (request) => flagDto(await readableFlag(db, callerOf(request), request.params.id)),
  );

  app.post(
    '/DataVerificationFlag',
    {
      config: { access: { right: 'DataVerificationFlagSetCmd' } },
      schema: routeSchema({
        operationId: 'setVerificationFlag',
        tags,
        summary: 'Sets a flag of a type on a field instance; 409 ALREADY_EXISTS (with the flag) when there is one',
        body: VerificationFlagSetSchema,
        response: { 201: VerificationFlagSchema },
        errors: [404, 409],
      }),
    },
    async (request, reply) => reply.status(201).send(await setFlag(db, callerOf(request), request.body, config.clock())),
  );

  app.put(
    '/DataVerificationFlag/:id',
    {
      config: { access: { right: 'DataVerificationFlagUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateVerificationFlag',
        tags,
        summary: 'Verifies (SET) or clears (NOT_SET) a flag with the version read; an OBSOLETE flag stays obsolete',
        params: IdParams,
        body: VerificationFlagUpdateSchema,
        response: { 200: VerificationFlagSchema },
        errors: [404, 409],
      }),
    },
    (request) => toggleFlag(db, callerOf(request), request.params.id, request.body, config.clock()),
  );
}
