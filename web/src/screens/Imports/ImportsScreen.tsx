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
import { ObdsImportsSection } from '../../obdsImport/ObdsImportsSection';
import { getStoredRights } from '../../session/sessionStore';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import sectionStyles from '../../onkozert/Onkozert.module.css';

const t = texts.onkozert;

/**
 * The upload form needs the import right; viewers who may only list imports are not asked for its locations, and
 * documenting roles without the OncoBox rights see the oBDS import alone.
 */
export const importsScreenQuery = defineScreenQuery<ImportsScreenQuery>(importsScreenQueryNode, () => {
  const rights = getStoredRights();
  return {
    first: IMPORTS_PAGE,
    canImport: rights === null || hasRight(rights, 'OnkozertImportCmd'),
    canList: rights === null || hasRight(rights, 'OnkozertImportsGetCmd'),
  };
});

/**
 * /imports (sidebar OncoBox Import, oBDS-Import): upload a location's key figures, see the report, and the imports so
 * far; upload an oBDS file and review its proposals (docs/obds-import.md).
 */
export function ImportsScreen() {
  const data = usePreloadedQuery<ImportsScreenQuery>(
    graphql`
      query ImportsScreenQuery($first: Int!, $canImport: Boolean!, $canList: Boolean!) {
        ...AppShell_query
        viewer {
          rights
        }
        onkozertLocations @include(if: $canImport) {
          id
          identifier
          displayName
        }
        ...OnkozertImportsTable_query @arguments(first: $first) @include(if: $canList) @alias(as: "onkozertImports")
      }
    `,
    useScreenReference(importsScreenQuery),
  );
  const scope = useStudyScope();
  const [result, setResult] = useState<UploadResult | null>(null);
  const table = useRef<ImportsTableHandle>(null);
  const locations = data.onkozertLocations ?? [];
  const mayImport = hasRight(data.viewer.rights, 'OnkozertImportCmd') && data.onkozertLocations != null;
  // The oBDS import proposes documentation: it takes the documentation right (docs/roles-and-rights.md "oBDS import");
  // reading the imports and their review the documentation read right.
  const mayImportObds = hasRight(data.viewer.rights, 'InstrumentUpdateCmd');
  const maySeeObds = hasRight(data.viewer.rights, 'InstrumentGetCmd');
  const mayList = hasRight(data.viewer.rights, 'OnkozertImportsGetCmd');
  const obdsPart = (listHeading: 'h2' | 'h3') =>
    scope ? (
      <ObdsImportsSection studyId={scope.studyId} mayImport={mayImportObds} listHeading={listHeading} />
    ) : (
      <Banner variant="warning" title={texts.obdsImport.noStudy} />
    );

  if (!mayList)
    return (
      <section aria-labelledby="imports-heading">
        <Heading as="h1" id="imports-heading" className={styles.heading}>
          {texts.obdsImport.heading}
        </Heading>
        <p>{texts.obdsImport.intro}</p>
        {maySeeObds && obdsPart('h2')}
      </section>
    );

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
      {data.onkozertImports && <OnkozertImportsTable query={data.onkozertImports} labelledBy="imports-list-heading" handle={table} />}
      {maySeeObds && (
        <section aria-labelledby="obds-heading" className={sectionStyles.section}>
          <Heading as="h2" id="obds-heading" className={styles.heading}>
            {texts.obdsImport.heading}
          </Heading>
          <p>{texts.obdsImport.intro}</p>
          {obdsPart('h3')}
        </section>
      )}
    </section>
  );
}
