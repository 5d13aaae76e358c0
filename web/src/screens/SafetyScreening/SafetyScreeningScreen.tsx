import { useEffect, useState } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import { hasRight } from '@ecrf/rules';
import safetyScreeningScreenQueryNode from '../../__generated__/SafetyScreeningScreenQuery.graphql';
import type { SafetyScreeningScreenQuery } from '../../__generated__/SafetyScreeningScreenQuery.graphql';
import { PageSpinner } from '../../components/PageSpinner';
import { defineScreenQuery } from '../../layout/AppShell';
import { usePreloadedScreen } from '../../layout/screenQuery';
import { useStudyScope } from '../../layout/studyScope';
import { FromDateForm } from '../../safety/FromDateForm';
import { ScreeningConfigurationForm } from '../../safety/ScreeningConfigurationForm';
import { SCREENING_PAGE, ScreeningReportTable } from '../../safety/ScreeningReportTable';
import { defaultFromDate } from '../../safety/safetyForms';
import { getStoredRights, getStoredStudyId } from '../../session/sessionStore';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import sectionStyles from '../../onkozert/Onkozert.module.css';

const t = texts.safety;
type Variables = SafetyScreeningScreenQuery['variables'];

/** What the viewer may read decides what the query asks for, so a missing right does not fail the whole screen. */
function variablesFor(studyId: string, fromDate: string, rights: readonly string[] | null): Variables {
  const may = (right: Parameters<typeof hasRight>[1]) => rights === null || hasRight(rights, right);
  return {
    studyId,
    fromDate,
    first: SCREENING_PAGE,
    canConfigure: may('SafetyScreeningConfigurationGetCmd'),
    canReport: may('SafetyScreeningReportGetCmd'),
  };
}

export const safetyScreeningScreenQuery = defineScreenQuery<SafetyScreeningScreenQuery>(safetyScreeningScreenQueryNode, () => {
  const studyId = getStoredStudyId();
  return studyId === null ? null : variablesFor(studyId, defaultFromDate(new Date()), getStoredRights());
});

/** /safety/report (sidebar Konfiguration: Screening): the screening configuration and the screening report since a day. */
export function SafetyScreeningScreen() {
  const scope = useStudyScope();
  const preloaded = usePreloadedScreen(safetyScreeningScreenQuery);
  const [loaded, load] = useQueryLoader<SafetyScreeningScreenQuery>(safetyScreeningScreenQueryNode);
  const [fromDate, setFromDate] = useState(() => preloaded?.variables.fromDate ?? defaultFromDate(new Date()));
  const studyId = scope?.studyId ?? null;
  const usable = loaded ?? (preloaded !== null && preloaded.variables.studyId === studyId ? preloaded : null);
  useEffect(() => {
    if (studyId !== null && usable === null) load(variablesFor(studyId, fromDate, getStoredRights()), { fetchPolicy: 'store-and-network' });
  }, [usable, studyId, fromDate, load]);
  if (studyId === null) return <Banner variant="warning" title={t.noStudy} />;

  const reload = (day: string) => load(variablesFor(studyId, day, getStoredRights()), { fetchPolicy: 'network-only' });
  return (
    <section aria-labelledby="screening-heading">
      <Heading as="h1" id="screening-heading" className={styles.heading}>
        {t.screeningHeading}
      </Heading>
      {usable === null ? (
        <PageSpinner />
      ) : (
        <Screening
          reference={usable}
          studyId={studyId}
          fromDate={fromDate}
          onFromDate={(day) => {
            setFromDate(day);
            reload(day);
          }}
          onSaved={() => reload(fromDate)}
        />
      )}
    </section>
  );
}

type ScreeningProps = {
  reference: PreloadedQuery<SafetyScreeningScreenQuery>;
  studyId: string;
  fromDate: string;
  onFromDate: (day: string) => void;
  onSaved: () => void;
};

function Screening({ reference, studyId, fromDate, onFromDate, onSaved }: ScreeningProps) {
  const data = usePreloadedQuery<SafetyScreeningScreenQuery>(
    graphql`
      query SafetyScreeningScreenQuery($studyId: ID!, $fromDate: Date!, $first: Int!, $canConfigure: Boolean!, $canReport: Boolean!) {
        ...AppShell_query
        screeningConfiguration(studyId: $studyId) @include(if: $canConfigure) {
          version
          ...ScreeningConfigurationForm_configuration
        }
        ...ScreeningReportTable_query
          @include(if: $canReport)
          @alias(as: "screeningReport")
          @arguments(studyId: $studyId, fromDate: $fromDate, first: $first)
      }
    `,
    reference,
  );
  const { canConfigure } = reference.variables;
  return (
    <>
      <div className={sectionStyles.section}>
        {canConfigure && data.screeningConfiguration ? (
          <ScreeningConfigurationForm
            key={data.screeningConfiguration.version}
            configuration={data.screeningConfiguration}
            studyId={studyId}
            onSaved={onSaved}
          />
        ) : (
          <Banner variant="warning" title={t.noConfigurationRight} />
        )}
      </div>
      <FromDateForm fromDate={fromDate} onApply={onFromDate} label={t.reportHeading} />
      {data.screeningReport ? <ScreeningReportTable query={data.screeningReport} /> : <Banner variant="warning" title={t.noReportRight} />}
    </>
  );
}
