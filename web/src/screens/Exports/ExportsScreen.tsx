import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, useSubscription } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import exportsScreenQueryNode from '../../__generated__/ExportsScreenQuery.graphql';
import type { ExportsScreenQuery } from '../../__generated__/ExportsScreenQuery.graphql';
import type { ExportsScreenSubscription } from '../../__generated__/ExportsScreenSubscription.graphql';
import { PageSpinner } from '../../components/PageSpinner';
import { ExportJobsTable, JOBS_PAGE, useEndedJobGuard, type ExportJobsTableHandle } from '../../exports/ExportJobsTable';
import { StartExportForm } from '../../exports/StartExportForm';

import { defineScreenQuery } from '../../layout/AppShell';
import { usePreloadedScreen } from '../../layout/screenQuery';
import { exportStudyOfRoute, useExportStudy } from '../../exports/ExportStudy';
import { texts } from '../../texts';
import patientStyles from '../../patients/Patient.module.css';
import styles from '../../exports/Exports.module.css';

const t = texts.exportJobs;

/** As /patients: the study the shell found last, or the one chosen on the screen (a role without a location). */
export const exportsScreenQuery = defineScreenQuery<ExportsScreenQuery>(exportsScreenQueryNode, (route) => {
  const studyId = exportStudyOfRoute(route);
  return studyId === null ? null : { studyId, first: JOBS_PAGE };
});

/** /exports: start any export the viewer may, watch its progress live, download the files (issue 12). */
export function ExportsScreen() {
  const { studyId, choice } = useExportStudy();
  const preloaded = usePreloadedScreen(exportsScreenQuery);
  const [loaded, load] = useQueryLoader<ExportsScreenQuery>(exportsScreenQueryNode);
  const usable = preloaded !== null && preloaded.variables.studyId === studyId ? preloaded : null;
  useEffect(() => {
    if (studyId !== null && usable === null) load({ studyId, first: JOBS_PAGE }, { fetchPolicy: 'store-and-network' });
  }, [usable, studyId, load]);
  if (studyId === null) return choice ?? <Banner variant="warning" title={t.noStudy} />;
  const reference = usable ?? loaded ?? null;
  return reference === null ? <PageSpinner /> : <Exports studyId={studyId} reference={reference} studyChoice={choice} />;
}

type ExportsProps = { studyId: string; reference: PreloadedQuery<ExportsScreenQuery>; studyChoice: ReactNode };

function Exports({ studyId, reference, studyChoice }: ExportsProps) {
  const data = usePreloadedQuery<ExportsScreenQuery>(
    graphql`
      query ExportsScreenQuery($studyId: ID!, $first: Int!) {
        ...AppShell_query
        exportKinds {
          kind
          canStart
          canSeeFiles
        }
        ...ExportJobsTable_query @arguments(studyId: $studyId, first: $first)
      }
    `,
    reference,
  );
  const table = useRef<ExportJobsTableHandle>(null);
  const guard = useEndedJobGuard();
  const subscription = useMemo<GraphQLSubscriptionConfig<ExportsScreenSubscription>>(
    () => ({
      subscription: graphql`
        subscription ExportsScreenSubscription($studyId: ID!, $after: String) {
          exportJobUpdated(studyId: $studyId, after: $after) {
            eventId
            exportJob {
              id
              state
              ...ExportJobsTable_job
            }
          }
        }
      `,
      variables: { studyId, after: null },
      // A changed job updates its row through the store; a new one (started elsewhere) needs the list again.
      onNext: (response) => {
        guard(response?.exportJobUpdated.exportJob);
        if (response?.exportJobUpdated.exportJob.state === 'QUEUED') table.current?.reload();
      },
    }),
    [studyId, guard],
  );
  useSubscription(subscription);
  const startable = data.exportKinds.filter((kind) => kind.canStart && kind.kind !== 'GENERIC_EXPORT').map((kind) => kind.kind);
  const seesFiles = data.exportKinds.some((kind) => kind.canSeeFiles);
  if (!seesFiles && startable.length === 0) return <Banner variant="critical" title={t.noRight} />;
  return (
    <section aria-labelledby="exports-heading">
      <div className={patientStyles.header}>
        <Heading as="h1" id="exports-heading" className={patientStyles.heading}>
          {t.heading}
        </Heading>
      </div>
      {studyChoice}
      <section aria-labelledby="exports-start-heading">
        <Heading as="h2" id="exports-start-heading" className={styles.section}>
          {t.startHeading}
        </Heading>
        {startable.length > 0 ? (
          <StartExportForm studyId={studyId} kinds={startable} onStarted={() => table.current?.reload()} />
        ) : (
          <p>{t.nothingToStart}</p>
        )}
      </section>
      <section aria-labelledby="exports-files-heading">
        <Heading as="h2" id="exports-files-heading" className={styles.section}>
          {t.filesHeading}
        </Heading>
        <ExportJobsTable query={data} studyId={studyId} labelledBy="exports-files-heading" handle={table} />
      </section>
    </section>
  );
}
