import { useCallback, useImperativeHandle, useRef, useTransition, type Ref } from 'react';
import { fetchQuery, graphql, readInlineData, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { Button, Label, ProgressBar } from '@primer/react';
import { DownloadIcon, XIcon } from '@primer/octicons-react';
import type { ExportJobsTable_job$data, ExportJobsTable_job$key } from '../__generated__/ExportJobsTable_job.graphql';
import type { ExportJobsTable_query$key } from '../__generated__/ExportJobsTable_query.graphql';
import type { ExportJobsTableJobQuery } from '../__generated__/ExportJobsTableJobQuery.graphql';
import { formatAuditTime } from '../audit/auditFormat';
import { fileSizeText } from '../components/fileSize';
import { useFileDownload } from '../components/useFileDownload';
import { useFeedback } from '../feedback/feedbackContext';
import { useCancelExportJobMutation } from '../mutations/CancelExportJobMutation';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import exportStyles from './Exports.module.css';

export const JOBS_PAGE = 25;
const t = texts.exportJobs;

const ENDED = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED']);

/**
 * Live updates of an export job can arrive out of order: the gateway reads the job when it delivers each event, so
 * the read of an earlier event may answer after the read of the completion and put "running" back into the store.
 * A job seen ended that shows up unended again is read anew, which brings its final state back.
 */
export function useEndedJobGuard(): (job: { readonly id: string; readonly state: string } | null | undefined) => void {
  const environment = useRelayEnvironment();
  const ended = useRef(new Set<string>());
  return useCallback(
    (job) => {
      if (!job) return;
      if (ENDED.has(job.state)) ended.current.add(job.id);
      else if (ended.current.has(job.id))
        fetchQuery<ExportJobsTableJobQuery>(
          environment,
          graphql`
            query ExportJobsTableJobQuery($id: ID!) {
              node(id: $id) {
                ... on ExportJob {
                  ...ExportJobsTable_job @alias(as: "exportJob")
                }
              }
            }
          `,
          { id: job.id },
          { fetchPolicy: 'network-only' },
        ).subscribe({});
    },
    [environment],
  );
}

/** What the screen asks of the list: load it again (a job started elsewhere appeared). */
export type ExportJobsTableHandle = { reload: () => void };

type Props = { query: ExportJobsTable_query$key; studyId: string; labelledBy: string; handle?: Ref<ExportJobsTableHandle> };

const STATE_VARIANTS = {
  QUEUED: 'secondary',
  RUNNING: 'accent',
  COMPLETED: 'success',
  FAILED: 'danger',
  CANCELLED: 'attention',
  EXPIRED: 'secondary',
} as const;

/** One job as a row shows it; the start and cancel mutations select it too, so a new job shows at once. */
function readJob(job: ExportJobsTable_job$key): ExportJobsTable_job$data {
  return readInlineData(
    graphql`
      fragment ExportJobsTable_job on ExportJob @inline {
        id
        kind
        state
        progress
        attempts
        failureReason
        startedByName
        allLocations
        createdAt
        expiresAt
        fileName
        fileSize
        viewerCanCancel
      }
    `,
    job,
  );
}

const kindText = (kind: string) => t.kinds[kind as keyof typeof t.kinds] ?? kind;
const stateText = (state: string) => t.states[state as keyof typeof t.states] ?? state;

/**
 * The study's export jobs the viewer may see, newest first: state, a progress bar the live updates move, the file
 * to download while it is kept, and cancel while the job has not ended.
 */
export function ExportJobsTable({ query, studyId, labelledBy, handle }: Props) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment ExportJobsTable_query on Query
      @argumentDefinitions(
        studyId: { type: "ID!" }
        first: { type: "Int!" }
        after: { type: "String" }
        kinds: { type: "[ExportKind!]" }
        definitionId: { type: "ID" }
      )
      @refetchable(queryName: "ExportJobsTablePaginationQuery") {
        exportJobs(studyId: $studyId, first: $first, after: $after, kinds: $kinds, definitionId: $definitionId)
          @connection(key: "ExportJobsTable_exportJobs", filters: ["studyId", "kinds", "definitionId"]) {
          totalCount
          edges {
            node {
              ...ExportJobsTable_job
            }
          }
        }
      }
    `,
    query,
  );
  const [, startTransition] = useTransition();
  useImperativeHandle(
    handle,
    () => ({
      reload: () =>
        startTransition(() => {
          refetch({ studyId, first: JOBS_PAGE }, { fetchPolicy: 'network-only' });
        }),
    }),
    [refetch, studyId],
  );
  const download = useFileDownload();
  const [cancel, cancelling] = useCancelExportJobMutation();
  const { showAlert, showSnackbar } = useFeedback();
  const jobs = data.exportJobs.edges.map(({ node }) => readJob(node));
  if (jobs.length === 0) return <p>{t.empty}</p>;
  return (
    <>
      <div className={exportStyles.scroll}>
        <table className={styles.table} aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">{t.columns.kind}</th>
              <th scope="col">{t.columns.createdAt}</th>
              <th scope="col">{t.columns.state}</th>
              <th scope="col">{t.columns.progress}</th>
              <th scope="col">{t.columns.file}</th>
              <th scope="col">{t.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} data-job-id={job.id} data-job-state={job.state}>
                <td>
                  {kindText(job.kind)}
                  <div className={styles.muted}>{job.allLocations ? t.allLocations : t.ownLocations}</div>
                </td>
                <td>
                  {formatAuditTime(job.createdAt)}
                  <div className={styles.muted}>
                    {t.startedBy} {job.startedByName}
                  </div>
                </td>
                <td>
                  <Label variant={STATE_VARIANTS[job.state as keyof typeof STATE_VARIANTS] ?? 'secondary'}>{stateText(job.state)}</Label>
                  {job.state === 'FAILED' && job.failureReason && <div className={styles.muted}>{job.failureReason}</div>}
                  {job.state === 'RUNNING' && job.attempts > 1 && <div className={styles.muted}>{t.attempts(job.attempts)}</div>}
                </td>
                <td className={exportStyles.progressCell}>
                  <ProgressBar progress={job.progress} aria-label={t.progressLabel(kindText(job.kind), job.progress)} />
                  <span className={exportStyles.percent}>{job.progress} %</span>
                </td>
                <td>
                  {job.state === 'COMPLETED' ? (
                    <>
                      <Button
                        size="small"
                        leadingVisual={DownloadIcon}
                        aria-label={t.downloadLabel(job.fileName)}
                        onClick={() => download(job.id)}
                      >
                        {t.download}
                      </Button>
                      <div className={styles.muted}>
                        {job.fileName}
                        {typeof job.fileSize === 'number' && ` · ${fileSizeText(job.fileSize)}`}
                        {job.expiresAt && ` · ${t.expiresAt(formatAuditTime(job.expiresAt))}`}
                      </div>
                    </>
                  ) : (
                    <span className={styles.muted}>{job.fileName}</span>
                  )}
                </td>
                <td>
                  {job.viewerCanCancel && (
                    <Button
                      size="small"
                      variant="danger"
                      leadingVisual={XIcon}
                      disabled={cancelling}
                      aria-label={t.cancelLabel(kindText(job.kind))}
                      onClick={() =>
                        cancel({
                          variables: { input: { id: job.id } },
                          onCompleted: ({ cancelExportJob }) => {
                            const [error] = cancelExportJob.errors;
                            if (error) showAlert(error.message);
                            else showSnackbar(t.cancelled);
                          },
                          onError: () => showAlert(t.cancelFailed),
                        })
                      }
                    >
                      {t.cancel}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasNext && (
        <Button onClick={() => loadNext(JOBS_PAGE)} disabled={isLoadingNext}>
          {t.more}
        </Button>
      )}
    </>
  );
}
