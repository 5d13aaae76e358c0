/**
 * The safety review in the graph (ecrf-calls.md §7 "Safety"): the free-text report and the screening report as
 * connections over the backend's report, the screening configuration and its update with typed user errors.
 */
import type {
  FreeTextEntryResolvers,
  MutationResolvers,
  QueryResolvers,
  ScreeningConfigurationResolvers,
  ScreeningReportResolvers,
  ScreeningRowResolvers,
} from '../__generated__/resolvers.js';
import { connectionFromList } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId, attemptWithIds, userErrorsOf, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { ScreeningConfiguration } from './models.js';

export const safetyQueries: Pick<QueryResolvers, 'freeTextReport' | 'screeningReport' | 'screeningConfiguration'> = {
  async freeTextReport(_, { studyId, fromDate, ...paging }, context) {
    const study = await argumentId(studyId, 'Study', 'studyId', context);
    const report = await context.backend.call('get', '/api/v1.0/Safety/study/{studyId}/freetext-report', {
      path: { studyId: study },
      query: { fromDate },
    });
    return connectionFromList(report.items, paging, 25);
  },
  async screeningReport(_, { studyId, fromDate }, context) {
    const study = studyId ? await argumentId(studyId, 'Study', 'studyId', context) : undefined;
    return context.backend.call('get', '/api/v1.0/Safety/screening-report', { query: { fromDate, studyId: study } });
  },
  async screeningConfiguration(_, { studyId }, context) {
    const study = await argumentId(studyId, 'Study', 'studyId', context);
    return context.backend.call('get', '/api/v1.0/Safety/screening-configuration/study/{studyId}', { path: { studyId: study } });
  },
};

export const FreeTextEntryType: FreeTextEntryResolvers = {
  studyPatientId: (entry) => toGlobalId('StudyPatient', entry.studyPatientId),
  locationIdentifier: (entry) => entry.instituteIdentifier,
  locationName: (entry) => entry.instituteName,
  dataFieldId: (entry) => toGlobalId('DataField', `${entry.studyPatientId}/${entry.dataFieldId}`),
};

export const ScreeningReportType: ScreeningReportResolvers = {
  rows: (report, paging) => connectionFromList(report.items, paging, 25),
};

export const ScreeningRowType: ScreeningRowResolvers = {
  studyPatientId: (row) => toGlobalId('StudyPatient', row.studyPatientId),
  locationIdentifier: (row) => row.instituteIdentifier,
  locationName: (row) => row.instituteName,
};

export const ScreeningConfigurationType: ScreeningConfigurationResolvers = {
  studyPatientFields: (configuration) => configuration.studyPatientFieldsConfiguration,
  visitFields: (configuration) => configuration.visitFieldsConfiguration,
  instrumentFields: (configuration) => configuration.instrumentFieldsConfiguration,
};

/** The backend's list names → the input's (`visitFieldsConfiguration[1]` → `visitFields[1]`). */
const inputField = (field: string | null | undefined) =>
  field?.replace(/^(studyPatient|visit|instrument)FieldsConfiguration/, '$1Fields') ?? null;

type Payload = { screeningConfiguration: ScreeningConfiguration | null; errors: UserErrorModel[] };

export const safetyMutations: Pick<MutationResolvers, 'updateScreeningConfiguration'> = {
  updateScreeningConfiguration: (_, { input }, context) =>
    attemptWithIds<Payload>(
      context,
      async () => {
        const studyId = await argumentId(input.studyId, 'Study', 'studyId', context);
        try {
          const saved = await context.backend.call('put', '/api/v1.0/Safety/screening-configuration/study/{studyId}', {
            path: { studyId },
            body: {
              studyPatientFieldsConfiguration: input.studyPatientFields,
              visitFieldsConfiguration: input.visitFields,
              instrumentFieldsConfiguration: input.instrumentFields,
              version: input.version,
            },
          });
          return { screeningConfiguration: saved, errors: [] };
        } catch (error) {
          if (error instanceof UpstreamError && error.status === 409) {
            const current = error.body.current as ScreeningConfiguration | undefined;
            return { screeningConfiguration: current ?? null, errors: [{ code: 'STALE_WRITE', message: error.message }] };
          }
          const errors = userErrorsOf(error);
          if (!errors) throw error;
          return { screeningConfiguration: null, errors: errors.map((e) => ({ ...e, field: inputField(e.field) })) };
        }
      },
      (errors) => ({ screeningConfiguration: null, errors }),
    ),
};
