import { useEffect, useState } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import safetyFreetextReportScreenQueryNode from '../../__generated__/SafetyFreetextReportScreenQuery.graphql';
import type { SafetyFreetextReportScreenQuery } from '../../__generated__/SafetyFreetextReportScreenQuery.graphql';
import { PageSpinner } from '../../components/PageSpinner';
import { defineScreenQuery } from '../../layout/AppShell';
import { usePreloadedScreen } from '../../layout/screenQuery';
import { useStudyScope } from '../../layout/studyScope';
import { FREETEXT_PAGE, FreeTextReportTable } from '../../safety/FreeTextReportTable';
import { FromDateForm } from '../../safety/FromDateForm';
import { defaultFromDate } from '../../safety/safetyForms';
import { getStoredStudyId } from '../../session/sessionStore';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

const t = texts.safety;

/** As /query-overview: the study the shell found last; unknown before the shell has shown one in this tab. */
export const safetyFreetextReportScreenQuery = defineScreenQuery<SafetyFreetextReportScreenQuery>(
  safetyFreetextReportScreenQueryNode,
  () => {
    const studyId = getStoredStudyId();
    return studyId === null ? null : { studyId, fromDate: defaultFromDate(new Date()), first: FREETEXT_PAGE };
  },
);

/** /safety/freetextreport (sidebar Konfiguration: Freitexte): the free texts documented since a day. */
export function SafetyFreetextReportScreen() {
  const scope = useStudyScope();
  const preloaded = usePreloadedScreen(safetyFreetextReportScreenQuery);
  const [loaded, load] = useQueryLoader<SafetyFreetextReportScreenQuery>(safetyFreetextReportScreenQueryNode);
  const [fromDate, setFromDate] = useState(() => preloaded?.variables.fromDate ?? defaultFromDate(new Date()));
  const studyId = scope?.studyId ?? null;
  const usable = loaded ?? (preloaded !== null && preloaded.variables.studyId === studyId ? preloaded : null);
  useEffect(() => {
    if (studyId !== null && usable === null) load({ studyId, fromDate, first: FREETEXT_PAGE }, { fetchPolicy: 'store-and-network' });
  }, [usable, studyId, fromDate, load]);
  if (studyId === null) return <Banner variant="warning" title={t.noStudy} />;

  const apply = (day: string) => {
    setFromDate(day);
    load({ studyId, fromDate: day, first: FREETEXT_PAGE }, { fetchPolicy: 'store-and-network' });
  };
  return (
    <section aria-labelledby="freetext-heading">
      <Heading as="h1" id="freetext-heading" className={styles.heading}>
        {t.freetextHeading}
      </Heading>
      <p>{t.freetextIntro}</p>
      <FromDateForm fromDate={fromDate} onApply={apply} label={t.freetextHeading} />
      {usable === null ? <PageSpinner /> : <FreetextReport reference={usable} />}
    </section>
  );
}

function FreetextReport({ reference }: { reference: PreloadedQuery<SafetyFreetextReportScreenQuery> }) {
  const data = usePreloadedQuery<SafetyFreetextReportScreenQuery>(
    graphql`
      query SafetyFreetextReportScreenQuery($studyId: ID!, $fromDate: Date!, $first: Int!) {
        ...AppShell_query
        ...FreeTextReportTable_query @arguments(studyId: $studyId, fromDate: $fromDate, first: $first)
      }
    `,
    reference,
  );
  return <FreeTextReportTable query={data} labelledBy="freetext-heading" />;
}
