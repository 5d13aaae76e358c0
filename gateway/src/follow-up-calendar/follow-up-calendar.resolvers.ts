/** The follow-up calendar in the graph: one backend call per screen (GET FollowUpCalendar/study/{studyId}). */
import type { QueryResolvers } from '../__generated__/resolvers.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId } from '../graph/user-errors.js';

export const followUpCalendarQueries: Pick<QueryResolvers, 'followUpCalendar'> = {
  async followUpCalendar(_, { studyId }, context) {
    const study = await argumentId(studyId, 'Study', 'studyId', context);
    const entries = await context.backend.call('get', '/api/v1.0/FollowUpCalendar/study/{studyId}', { path: { studyId: study } });
    return entries.map((entry) => ({
      studyPatientId: toGlobalId('StudyPatient', entry.studyPatientId),
      pseudonym: entry.pseudonym,
      locationIdentifier: entry.location.identifier,
      locationName: entry.location.displayName,
      baselineDate: entry.baselineDate,
      dueDate: entry.dueDate,
      overdue: entry.overdue,
    }));
  },
};
