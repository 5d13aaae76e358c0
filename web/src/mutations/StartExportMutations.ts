/**
 * The start mutation of each export kind (one per kind in the graph, each with its typed input). The answer
 * carries the new job with the row's fields, so the list shows it before the first live update arrives.
 */
import type { GraphQLTaggedNode } from 'relay-runtime';
import { graphql } from 'react-relay';
import type { ExportKind } from '../__generated__/ExportsScreenQuery.graphql';

/** The payload every start mutation answers: the job, or why it was refused. */
export type StartExportPayload = {
  readonly exportJob: { readonly id: string } | null;
  readonly errors: ReadonlyArray<{ readonly code: string; readonly path: ReadonlyArray<string>; readonly message: string }>;
};

export const START_EXPORT_MUTATIONS: Partial<Record<ExportKind, { mutation: GraphQLTaggedNode; field: string }>> = {
  CSV_EXPORT: {
    field: 'startCsvExport',
    mutation: graphql`
      mutation StartExportMutationsCsvMutation($input: StartCsvExportInput!) {
        startCsvExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  SCREENING_EXPORT: {
    field: 'startScreeningExport',
    mutation: graphql`
      mutation StartExportMutationsScreeningMutation($input: StartExportFromInput!) {
        startScreeningExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  CHANGES_EXPORT: {
    field: 'startChangesExport',
    mutation: graphql`
      mutation StartExportMutationsChangesMutation($input: StartChangesExportInput!) {
        startChangesExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  SAS_EXPORT: {
    field: 'startSasExport',
    mutation: graphql`
      mutation StartExportMutationsSasMutation($input: StartExportInput!) {
        startSasExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  SYNQUEST_CSV_EXPORT: {
    field: 'startSynquestCsvExport',
    mutation: graphql`
      mutation StartExportMutationsSynquestCsvMutation($input: StartExportInput!) {
        startSynquestCsvExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  ODM_EXPORT: {
    field: 'startOdmExport',
    mutation: graphql`
      mutation StartExportMutationsOdmMutation($input: StartExportInput!) {
        startOdmExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  FHIR_EXPORT: {
    field: 'startFhirExport',
    mutation: graphql`
      mutation StartExportMutationsFhirMutation($input: StartFhirExportInput!) {
        startFhirExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  RECRUITMENT_STATUS: {
    field: 'startRecruitmentStatusExport',
    mutation: graphql`
      mutation StartExportMutationsRecruitmentStatusMutation($input: StartRecruitmentStatusExportInput!) {
        startRecruitmentStatusExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  DIGINET_RECRUITMENT_STATUS: {
    field: 'startDiginetRecruitmentStatusExport',
    mutation: graphql`
      mutation StartExportMutationsDiginetRecruitmentStatusMutation($input: StartRecruitmentStatusExportInput!) {
        startDiginetRecruitmentStatusExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  NO_ARCHIVE_CODES: {
    field: 'startNoArchiveCodesExport',
    mutation: graphql`
      mutation StartExportMutationsNoArchiveCodesMutation($input: StartExportInput!) {
        startNoArchiveCodesExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  DIGINET_CONDITIONS: {
    field: 'startDiginetConditionsExport',
    mutation: graphql`
      mutation StartExportMutationsDiginetConditionsMutation($input: StartDiginetConditionsExportInput!) {
        startDiginetConditionsExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  DIGINET_CONSENTS: {
    field: 'startDiginetConsentsExport',
    mutation: graphql`
      mutation StartExportMutationsDiginetConsentsMutation($input: StartExportInput!) {
        startDiginetConsentsExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  PUBLICATION: {
    field: 'startPublicationExport',
    mutation: graphql`
      mutation StartExportMutationsPublicationMutation($input: StartExportInput!) {
        startPublicationExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
  REWARD: {
    field: 'startRewardExport',
    mutation: graphql`
      mutation StartExportMutationsRewardMutation($input: StartRewardExportInput!) {
        startRewardExport(input: $input) {
          exportJob {
            id
            ...ExportJobsTable_job
          }
          errors {
            code
            path
            message
          }
        }
      }
    `,
  },
};
