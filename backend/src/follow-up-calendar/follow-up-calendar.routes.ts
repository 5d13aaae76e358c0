/**
 * The follow-up calendar behind /calendar (ecrf-core.md §2): the pending DigiNet follow-up visits of a
 * study's patients at the caller's locations (every location with StudyPatientGetAllCmd), due at baseline
 * plus 2 years (rules/src/follow-up/calendar.ts). Not a call of the catalogue: the screen's own read.
 */
import { followUpCalendarEntry, hasRight, registryToday, type Instrument, type StudyPatientContext } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { groupBy } from '../db/group-rows.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema, Uuid } from '../http/schemas.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { calendarPatients, documentsOf } from './follow-up-calendar.sql.js';

const EntrySchema = Type.Object({
  studyPatientId: Uuid,
  patientId: Uuid,
  pseudonym: Type.String(),
  location: Type.Object({ id: Uuid, identifier: Type.String(), displayName: Type.String() }),
  visitDefinitionId: Type.String(),
  baselineDate: Type.String({ description: 'yyyy-MM-dd' }),
  dueDate: Type.String({ description: 'yyyy-MM-dd: baseline execution date plus 2 years' }),
  overdue: Type.Boolean({ description: 'Due before today (Europe/Berlin) and not yet created' }),
});

/** Patients whose documents are loaded at once. */
const CHUNK = 1000;

export function registerFollowUpCalendarRoutes(app: App, { db, config }: AppDeps): void {
  app.get(
    '/FollowUpCalendar/study/:studyId',
    {
      config: { access: { anyRight: ['StudyPatientGetAllCmd', 'StudyPatientGetMyCmd'] } },
      schema: routeSchema({
        operationId: 'getFollowUpCalendar',
        tags: ['StudyPatient'],
        summary: 'Pending follow-up registry visits of the study at my locations, by due date',
        params: Type.Object({ studyId: Uuid }),
        response: { 200: Type.Array(EntrySchema) },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const locations = hasRight(caller.rights, 'StudyPatientGetAllCmd') ? undefined : await callerLocationIds(db, caller);
      const patients = await calendarPatients(db, request.params.studyId, locations);
      const today = registryToday(config.clock());
      const entries = [];
      // In chunks, so the documents of a whole registry are never in memory at once.
      for (let from = 0; from < patients.length; from += CHUNK) {
        const chunk = patients.slice(from, from + CHUNK);
        const { visits, instruments } = await documentsOf(
          db,
          chunk.map((p) => p.id),
        );
        const toInstrument = (row: (typeof instruments)[number]): Instrument => ({
          id: row.id,
          definitionId: row.definition_id,
          fields: row.fields,
        });
        const instrumentsOf = groupBy(instruments, (i) => i.visit_id ?? `patient:${i.study_patient_id}`);
        const visitsOf = groupBy(visits, (v) => v.study_patient_id);
        for (const patient of chunk) {
          const context: StudyPatientContext = {
            id: patient.id,
            patientId: patient.patientId,
            fields: patient.fields,
            visits: (visitsOf.get(patient.id) ?? []).map((v) => ({
              id: v.id,
              definitionId: v.definition_id,
              fields: v.fields,
              visitDate: v.visit_date,
              isNew: v.state === 'new',
              instruments: (instrumentsOf.get(v.id) ?? []).map(toInstrument),
            })),
            standaloneInstruments: (instrumentsOf.get(`patient:${patient.id}`) ?? []).map(toInstrument),
          };
          const index = await definitionIndex(db, patient.studyDefinitionId, patient.definitionVersion);
          const entry = followUpCalendarEntry(context, index, today);
          if (entry === null) continue;
          entries.push({
            studyPatientId: patient.id,
            patientId: patient.patientId,
            pseudonym: patient.pseudonym,
            location: { id: patient.studyInstituteId, identifier: patient.instituteIdentifier, displayName: patient.instituteDisplayName },
            ...entry,
          });
        }
      }
      return entries.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.pseudonym.localeCompare(b.pseudonym));
    },
  );
}
