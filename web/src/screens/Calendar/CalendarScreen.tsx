import { useEffect } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Heading, Label, Link } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import { hasAnyRight } from '@ecrf/rules';
import calendarScreenQueryNode from '../../__generated__/CalendarScreenQuery.graphql';
import type { CalendarScreenQuery, CalendarScreenQuery$data } from '../../__generated__/CalendarScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { usePreloadedScreen } from '../../layout/screenQuery';
import { useStudyScope } from '../../layout/studyScope';
import { PageSpinner } from '../../components/PageSpinner';
import { formatDay } from '../../patients/dates';
import { getStoredRights, getStoredStudyId } from '../../session/sessionStore';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

const t = texts.calendar;

/** The calendar reads the patients of the viewer's locations, or of all with the all-patients right. */
const refusedByStoredRights = () => {
  const rights = getStoredRights();
  return rights !== null && !hasAnyRight(rights, ['StudyPatientGetAllCmd', 'StudyPatientGetMyCmd']);
};

/** As /patients: the study the shell found last; unknown before the shell has shown one in this tab. */
export const calendarScreenQuery = defineScreenQuery<CalendarScreenQuery>(calendarScreenQueryNode, () => {
  const studyId = getStoredStudyId();
  return studyId === null || refusedByStoredRights() ? null : { studyId };
});

/** /calendar: the pending follow-up visits at the viewer's locations (ecrf-core.md §2; no sidebar entry, §2 "currently never"). */
export function CalendarScreen() {
  const scope = useStudyScope();
  const preloaded = usePreloadedScreen(calendarScreenQuery);
  const [loaded, load] = useQueryLoader<CalendarScreenQuery>(calendarScreenQueryNode);
  const studyId = scope?.studyId ?? null;
  const usable = preloaded !== null && preloaded.variables.studyId === studyId ? preloaded : null;
  const refused = refusedByStoredRights();
  useEffect(() => {
    if (studyId !== null && usable === null && !refused) load({ studyId }, { fetchPolicy: 'store-and-network' });
  }, [usable, studyId, refused, load]);
  if (refused) return <Banner variant="critical" title={texts.admin.forbidden} />;
  if (studyId === null) return <Banner variant="warning" title={t.noStudy} />;
  const reference = usable ?? loaded ?? null;
  return reference === null ? <PageSpinner /> : <Calendar reference={reference} />;
}

type Row = CalendarScreenQuery$data['followUpCalendar'][number] & { id: string };

const columns: Column<Row>[] = [
  { id: 'dueDate', header: t.dueDate, width: 'auto', renderCell: (row) => formatDay(row.dueDate) },
  {
    id: 'patient',
    header: t.patient,
    renderCell: (row) => (
      <Link as={RouterLink} to={`/patient/${encodeURIComponent(row.studyPatientId)}`}>
        {row.pseudonym}
      </Link>
    ),
  },
  { id: 'location', header: t.location, renderCell: (row) => texts.location.label(row.locationIdentifier, row.locationName) },
  { id: 'baselineDate', header: t.baselineDate, width: 'auto', renderCell: (row) => formatDay(row.baselineDate) },
  {
    id: 'status',
    header: t.status,
    width: 'auto',
    renderCell: (row) => (row.overdue ? <Label variant="danger">{t.overdue}</Label> : <Label variant="accent">{t.upcoming}</Label>),
  },
];

function Calendar({ reference }: { reference: PreloadedQuery<CalendarScreenQuery> }) {
  const { followUpCalendar } = usePreloadedQuery<CalendarScreenQuery>(
    graphql`
      query CalendarScreenQuery($studyId: ID!) {
        ...AppShell_query
        followUpCalendar(studyId: $studyId) {
          studyPatientId
          pseudonym
          locationIdentifier
          locationName
          baselineDate
          dueDate
          overdue
        }
      }
    `,
    reference,
  );
  return (
    <section aria-labelledby="calendar-heading">
      <Heading as="h1" id="calendar-heading" className={styles.heading}>
        {t.heading}
      </Heading>
      <p className={styles.muted}>{t.intro}</p>
      {followUpCalendar.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <DataTable
          aria-labelledby="calendar-heading"
          cellPadding="condensed"
          columns={columns}
          data={followUpCalendar.map((entry) => ({ ...entry, id: entry.studyPatientId }))}
        />
      )}
    </section>
  );
}
