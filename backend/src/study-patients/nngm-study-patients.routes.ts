/**
 * NngmStudyPatient (ecrf-calls.md §7): the patient table (my, myAssigned), create, master data updates
 * and their log. The ML variant's master data (birthDate, gender, names, address, insuranceNumber) is
 * IDAT: the registry accepts the call but stores no value, only a log entry naming the changed fields.
 * The identity values belong to the pseudonymisation service (mainzelliste/, docs/mainzelliste.md).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { audit, actorOf } from '../audit/audit.service.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { Uuid, routeSchema } from '../http/schemas.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { savePatientFields } from '../patient-documentation/patient-fields.service.js';
import { patientTable } from './patient-table.js';
import type { PatientTableFilter } from './study-patient-table.sql.js';
import { viewerIfAllowed } from '../viewer/viewer.service.js';
import { assertElearningPassed, assertElearningPassedInStudy } from '../elearning/elearning-gate.js';
import { assertPatientAccess } from '../patient-documentation/patient-workspace.js';
import { findDataLog, insertDataLogEntry } from '../patient-documentation/study-patients.sql.js';
import {
  DataLogEntrySchema,
  MasterDataMlSchema,
  NngmStudyPatientCreateSchema,
  PatientPageSchema,
  PatientTableQuery,
  StudyPatientSchema,
  StudyPatientUpdateSchema,
} from './study-patients.schemas.js';
import { createPatient } from '../patients/patients.service.js';
import { createStudyPatient, studyPatientDto } from './study-patients.service.js';

const tags = ['NngmStudyPatient'];

/** A page of the patient table, with the viewer when `include=viewer` asks (the list screen in one call, issue 30). */
async function patientPage(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyId: string,
  mode: 'my' | 'assigned',
  query: PatientTableFilter & { include?: 'viewer' },
) {
  const page = patientTable(db, caller, studyId, mode, query);
  if (query.include !== 'viewer') return page;
  const [answer, viewer] = await Promise.all([page, viewerIfAllowed(db, caller)]);
  return { ...answer, included: { viewer } };
}

const StudyParams = Type.Object({ studyId: Uuid });
const PatientParams = Type.Object({ studyPatientId: Uuid });

export function registerNngmStudyPatientRoutes(app: App, { db }: AppDeps): void {
  const guard = async (caller: CurrentUser, id: string) => assertPatientAccess(db, caller, await loadStudyPatient(db, id));
  const logChange = async (caller: CurrentUser, studyPatientId: string, variant: 'Standard' | 'ML', fieldNames: string[]) => {
    await db.transaction().execute(async (trx) => {
      await insertDataLogEntry(trx, {
        study_patient_id: studyPatientId,
        user_id: caller.id,
        user_name: caller.userName,
        variant,
        field_names: JSON.stringify(fieldNames),
      });
      if (variant === 'ML') {
        // Names only: the values are identities and never enter the registry database or its audit trail.
        await audit(trx, {
          actor: actorOf(caller),
          tableName: 'study_patient',
          recordId: studyPatientId,
          operation: 'Update',
          newValue: { masterDataFieldsChanged: fieldNames },
        });
      }
    });
  };

  app.get(
    '/NngmStudyPatient/study/:studyId/my',
    {
      config: { access: { right: 'NngmStudyPatientGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyNngmStudyPatients',
        tags,
        summary: 'The patient table: my patients (all with StudyPatientGetAllCmd) with filters, search, sorting and paging',
        params: StudyParams,
        querystring: PatientTableQuery,
        response: { 200: PatientPageSchema },
      }),
    },
    (request) => patientPage(db, callerOf(request), request.params.studyId, 'my', request.query),
  );

  app.get(
    '/NngmStudyPatient/study/:studyId/myAssigned',
    {
      config: { access: { right: 'NngmStudyPatientGetMyAssignedCmd' } },
      schema: routeSchema({
        operationId: 'getMyAssignedNngmStudyPatients',
        tags,
        summary: 'Patients with a visit assigned to one of my institutes',
        params: StudyParams,
        querystring: PatientTableQuery,
        response: { 200: PatientPageSchema },
      }),
    },
    (request) => patientPage(db, callerOf(request), request.params.studyId, 'assigned', request.query),
  );

  app.post(
    '/NngmStudyPatient',
    {
      config: { access: { right: 'NngmStudyPatientCreateCmd' } },
      schema: routeSchema({
        operationId: 'createNngmStudyPatient',
        tags,
        summary: 'Creates a patient (pseudonym) and enrols it at a location',
        body: NngmStudyPatientCreateSchema,
        response: { 201: StudyPatientSchema },
        errors: [409, 422],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      // Before the patient is created, so a refused enrolment leaves no patient behind.
      await assertElearningPassedInStudy(db, caller, body.studyId);
      const patientId = await createPatient(db, caller, {
        patientId: body.pseudonym,
        registrationDate: body.registrationDate,
        isMlPatient: body.isMlPatient,
      });
      const created = await createStudyPatient(db, caller, {
        patientId,
        studyId: body.studyId,
        studyInstituteId: body.studyInstituteId,
        fields: body.fields,
      });
      return reply.status(201).send(studyPatientDto(created));
    },
  );

  app.put(
    '/NngmStudyPatient/:studyPatientId/UpdateNngmStudyPatientData',
    {
      config: { access: { right: 'NngmStudyPatientUpdateDataCmd' } },
      schema: routeSchema({
        operationId: 'updateNngmStudyPatientData',
        tags,
        summary: 'Saves the patient fields (master data) with the version read; true when saved',
        params: PatientParams,
        body: Type.Omit(StudyPatientUpdateSchema, ['studyInstituteId']),
        response: { 200: Type.Boolean() },
        errors: [404, 409, 422],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const { changedDefinitionIds, ws } = await savePatientFields(db, caller, request.params.studyPatientId, {
        version: request.body.version,
        fields: request.body.fields ?? [],
        reasonForChange: request.body.reasonForChange,
      });
      const names = changedDefinitionIds.map((id) => ws.index.fieldById.get(id)?.identifier ?? id);
      if (names.length > 0) await logChange(caller, request.params.studyPatientId, 'Standard', names);
      return true;
    },
  );

  app.put(
    '/NngmStudyPatient/:studyPatientId/UpdateNngmStudyPatientDataML',
    {
      config: { access: { right: 'NngmStudyPatientUpdateDataMlCmd' } },
      schema: routeSchema({
        operationId: 'updateNngmStudyPatientDataMl',
        tags,
        summary:
          'Master data of the ML variant: the values go to the pseudonymisation service; the registry logs the changed field names only',
        params: PatientParams,
        body: MasterDataMlSchema,
        response: { 200: Type.Boolean() },
        errors: [404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      await guard(caller, request.params.studyPatientId);
      await assertElearningPassed(db, caller, (await loadStudyPatient(db, request.params.studyPatientId)).studyDefinitionId);
      const names = Object.entries(request.body)
        .filter(([, value]) => value !== undefined)
        .map(([name]) => name)
        .sort();
      if (names.length > 0) await logChange(caller, request.params.studyPatientId, 'ML', names);
      return true;
    },
  );

  app.get(
    '/NngmStudyPatient/:studyPatientId/UpdateNngmStudyPatientDataLog',
    {
      config: { access: { right: 'NngmStudyPatientGetDataLogCmd' } },
      schema: routeSchema({
        operationId: 'getNngmStudyPatientDataLog',
        tags,
        summary: 'Who changed which master data fields when (names only), newest first',
        params: PatientParams,
        response: { 200: Type.Array(DataLogEntrySchema) },
        errors: [404],
      }),
    },
    async (request) => {
      await guard(callerOf(request), request.params.studyPatientId);
      const rows = await findDataLog(db, request.params.studyPatientId);
      return rows.map((r) => ({
        id: r.id,
        changedAt: r.changed_at.toISOString(),
        userName: r.user_name,
        variant: r.variant,
        fieldNames: r.field_names,
      }));
    },
  );
}
