import { graphql, useMutation } from 'react-relay';
import type { CancelExportJobMutation } from '../__generated__/CancelExportJobMutation.graphql';

export function useCancelExportJobMutation() {
  return useMutation<CancelExportJobMutation>(graphql`
    mutation CancelExportJobMutation($input: CancelExportJobInput!) {
      cancelExportJob(input: $input) {
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
  `);
}
