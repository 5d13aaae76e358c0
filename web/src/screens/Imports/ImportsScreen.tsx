import { useRef, useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import { hasRight } from '@ecrf/rules';
import importsScreenQueryNode from '../../__generated__/ImportsScreenQuery.graphql';
import type { ImportsScreenQuery } from '../../__generated__/ImportsScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { useStudyScope } from '../../layout/studyScope';
import { IMPORTS_PAGE, OnkozertImportsTable, type ImportsTableHandle } from '../../onkozert/OnkozertImportsTable';
import { UploadForm } from '../../onkozert/UploadForm';
import { UploadReportView } from '../../onkozert/UploadReportView';
import type { UploadResult } from '../../onkozert/uploadOnkozertFile';
import { getStoredRights } from '../../session/sessionStore';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import sectionStyles from '../../onkozert/Onkozert.module.css';

const t = texts.onkozert;

/** The upload form needs the import right; viewers who may only list imports are not asked for its locations. */
export const importsScreenQuery = defineScreenQuery<ImportsScreenQuery>(importsScreenQueryNode, () => {
  const rights = getStoredRights();
  return { first: IMPORTS_PAGE, canImport: rights === null || hasRight(rights, 'OnkozertImportCmd') };
});

/** /imports (sidebar OncoBox Import): upload a location's key figures, see the report, and the imports so far. */
export function ImportsScreen() {
  const data = usePreloadedQuery<ImportsScreenQuery>(
    graphql`
      query ImportsScreenQuery($first: Int!, $canImport: Boolean!) {
        ...AppShell_query
        viewer {
          rights
        }
        onkozertLocations @include(if: $canImport) {
          id
          identifier
          displayName
        }
        ...OnkozertImportsTable_query @arguments(first: $first)
      }
    `,
    useScreenReference(importsScreenQuery),
  );
  const scope = useStudyScope();
  const [result, setResult] = useState<UploadResult | null>(null);
  const table = useRef<ImportsTableHandle>(null);
  const locations = data.onkozertLocations ?? [];
  const mayImport = hasRight(data.viewer.rights, 'OnkozertImportCmd') && data.onkozertLocations != null;

  const onResult = (next: UploadResult) => {
    setResult(next);
    if (next.ok) table.current?.reload();
  };

  return (
    <section aria-labelledby="imports-heading">
      <Heading as="h1" id="imports-heading" className={styles.heading}>
        {t.importHeading}
      </Heading>
      {mayImport && (
        <div className={sectionStyles.section}>
          <p>{t.intro}</p>
          {locations.length === 0 ? (
            <Banner variant="warning" title={t.noLocation} />
          ) : (
            <UploadForm locations={locations} initialLocationId={scope?.locationId ?? null} onResult={onResult} />
          )}
        </div>
      )}
      {result !== null && (
        <div className={sectionStyles.section} role="status">
          {result.ok ? <UploadReportView report={result.report} /> : <Banner variant="critical" title={result.message} />}
        </div>
      )}
      <Heading as="h2" id="imports-list-heading" className={styles.heading}>
        {t.listHeading}
      </Heading>
      <OnkozertImportsTable query={data} labelledBy="imports-list-heading" handle={table} />
    </section>
  );
}
