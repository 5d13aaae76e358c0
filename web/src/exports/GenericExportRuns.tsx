import { Suspense, useMemo, useRef, type RefObject } from 'react';
import { graphql, useLazyLoadQuery, useMutation, useSubscription } from 'react-relay';
import { Button, Heading } from '@primer/react';
import { PlayIcon } from '@primer/octicons-react';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { GenericExportRunsMutation } from '../__generated__/GenericExportRunsMutation.graphql';
import type { GenericExportRunsQuery } from '../__generated__/GenericExportRunsQuery.graphql';
import type { GenericExportRunsSubscription } from '../__generated__/GenericExportRunsSubscription.graphql';
import { PageSpinner } from '../components/PageSpinner';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';
import { ExportJobsTable, JOBS_PAGE, useEndedJobGuard, type ExportJobsTableHandle } from './ExportJobsTable';
import styles from './Exports.module.css';

const t = texts.exportJobs;

type Props = { studyId: string; definitionId: string; definitionName: string; canRun: boolean; canSeeFiles: boolean };

/** A generic export definition's runs: "Ausführen" now, and its files with live progress (issue 12). */
export function GenericExportRuns({ studyId, definitionId, definitionName, canRun, canSeeFiles }: Props) {
  const table = useRef<ExportJobsTableHandle>(null);
  const [run, running] = useMutation<GenericExportRunsMutation>(graphql`
    mutation GenericExportRunsMutation($input: RunGenericExportInput!) {
      runGenericExport(input: $input) {
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
  const { showAlert, showSnackbar } = useFeedback();
  const guard = useEndedJobGuard();
  const subscription = useMemo<GraphQLSubscriptionConfig<GenericExportRunsSubscription>>(
    () => ({
      subscription: graphql`
        subscription GenericExportRunsSubscription($studyId: ID!) {
          exportJobUpdated(studyId: $studyId) {
            exportJob {
              id
              kind
              state
              ...ExportJobsTable_job
            }
          }
        }
      `,
      variables: { studyId },
      // A changed run updates its row through the store; a new one needs the list again.
      onNext: (response) => {
        const job = response?.exportJobUpdated.exportJob;
        guard(job);
        if (job?.kind === 'GENERIC_EXPORT' && job.state === 'QUEUED') table.current?.reload();
      },
    }),
    [studyId, guard],
  );
  useSubscription(subscription);
  return (
    <section aria-labelledby="generic-export-runs-heading">
      <Heading as="h2" id="generic-export-runs-heading" className={styles.section}>
        {t.runsHeading(definitionName)}
      </Heading>
      {canRun && (
        <Button
          className={styles.runButton}
          leadingVisual={PlayIcon}
          disabled={running}
          aria-label={t.runLabel(definitionName)}
          onClick={() =>
            run({
              variables: { input: { definitionId } },
              onCompleted: ({ runGenericExport }) => {
                const [error] = runGenericExport.errors;
                if (error) return showAlert(error.message);
                showSnackbar(t.started);
                table.current?.reload();
              },
              onError: (error) => showAlert(error.message),
            })
          }
        >
          {t.run}
        </Button>
      )}
      {canSeeFiles ? (
        <Suspense fallback={<PageSpinner />}>
          <RunFiles studyId={studyId} definitionId={definitionId} handle={table} />
        </Suspense>
      ) : (
        <p>{t.noFilesRight}</p>
      )}
    </section>
  );
}

type RunFilesProps = { studyId: string; definitionId: string; handle: RefObject<ExportJobsTableHandle | null> };

function RunFiles({ studyId, definitionId, handle }: RunFilesProps) {
  // Loaded when a definition is chosen: the screen's own query does not know which one the user will open.
  const data = useLazyLoadQuery<GenericExportRunsQuery>(
    graphql`
      query GenericExportRunsQuery($studyId: ID!, $first: Int!, $definitionId: ID!) {
        ...ExportJobsTable_query @arguments(studyId: $studyId, first: $first, kinds: [GENERIC_EXPORT], definitionId: $definitionId)
      }
    `,
    { studyId, first: JOBS_PAGE, definitionId },
    { fetchPolicy: 'store-and-network' },
  );
  return <ExportJobsTable query={data} studyId={studyId} labelledBy="generic-export-runs-heading" handle={handle} />;
}
