import { useTransition } from 'react';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Banner, Heading, Label, SegmentedControl } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import institutesOverviewScreenQueryNode from '../../__generated__/InstitutesOverviewScreenQuery.graphql';
import type { InstitutesOverviewScreenQuery } from '../../__generated__/InstitutesOverviewScreenQuery.graphql';
import type {
  InstitutesOverviewScreen_overview$data,
  InstitutesOverviewScreen_overview$key,
} from '../../__generated__/InstitutesOverviewScreen_overview.graphql';
import type { InstituteOverviewScope } from '../../__generated__/InstitutesOverviewRefetchQuery.graphql';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { locationLabel } from '../../location/locationLabel';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables. */
export const institutesOverviewScreenQuery = defineScreenQuery<InstitutesOverviewScreenQuery>(
  institutesOverviewScreenQueryNode,
  () => ({}),
);

/** /institutesoverview: every location or the viewer's own, by right (ecrf-core.md §2 Zentrumsübersicht). */
export function InstitutesOverviewScreen() {
  const data = usePreloadedQuery<InstitutesOverviewScreenQuery>(
    graphql`
      query InstitutesOverviewScreenQuery {
        ...AppShell_query
        viewer {
          administration {
            canSeeAllInstitutesOverview
            canSeeOwnInstitutesOverview
          }
        }
        ...InstitutesOverviewScreen_overview
      }
    `,
    useScreenReference(institutesOverviewScreenQuery),
  );
  const can = data.viewer.administration;
  if (!can.canSeeAllInstitutesOverview && !can.canSeeOwnInstitutesOverview)
    return <Banner variant="critical" title={texts.admin.forbidden} />;
  return (
    <section aria-labelledby="overview-heading">
      <Heading as="h1" id="overview-heading" className={styles.heading}>
        {texts.institutesOverview.heading}
      </Heading>
      <OverviewTable
        overview={data}
        canChoose={can.canSeeAllInstitutesOverview && can.canSeeOwnInstitutesOverview}
        initial={can.canSeeAllInstitutesOverview ? 'ALL' : 'OWN'}
      />
    </section>
  );
}

type Props = { overview: InstitutesOverviewScreen_overview$key; canChoose: boolean; initial: InstituteOverviewScope };
type Entry = InstitutesOverviewScreen_overview$data['instituteOverview']['edges'][number]['node'];
type Row = Entry & { id: string };

const columns: Column<Row>[] = [
  { id: 'location', header: texts.institutesOverview.location, renderCell: (entry) => locationLabel(entry.location) },
  {
    id: 'digiNet',
    header: texts.institutesOverview.digiNet,
    width: 'auto',
    renderCell: (entry) => (entry.location.isDigiNet ? <Label variant="accent">{texts.institutesOverview.digiNet}</Label> : ''),
  },
  { id: 'usersCount', header: texts.institutesOverview.usersCount, width: 'auto', align: 'end', field: 'usersCount' },
  { id: 'patientsCount', header: texts.institutesOverview.patientsCount, width: 'auto', align: 'end', field: 'studyPatientsCount' },
];

function OverviewTable({ overview, canChoose, initial }: Props) {
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment InstitutesOverviewScreen_overview on Query
      @argumentDefinitions(scope: { type: "InstituteOverviewScope" })
      @refetchable(queryName: "InstitutesOverviewRefetchQuery") {
        instituteOverview(scope: $scope) {
          edges {
            node {
              usersCount
              studyPatientsCount
              location {
                id
                identifier
                displayName
                isDigiNet
              }
            }
          }
        }
      }
    `,
    overview,
  );
  const [pending, startTransition] = useTransition();
  const entries = data.instituteOverview.edges.map((edge) => edge.node);
  const patients = entries.reduce((sum, entry) => sum + entry.studyPatientsCount, 0);
  const scopes: InstituteOverviewScope[] = ['ALL', 'OWN'];

  return (
    <>
      {canChoose && (
        <SegmentedControl
          aria-label={texts.institutesOverview.heading}
          onChange={(index) =>
            startTransition(() => {
              refetch({ scope: scopes[index] ?? initial });
            })
          }
        >
          <SegmentedControl.Button defaultSelected={initial === 'ALL'}>{texts.institutesOverview.all}</SegmentedControl.Button>
          <SegmentedControl.Button defaultSelected={initial === 'OWN'}>{texts.institutesOverview.own}</SegmentedControl.Button>
        </SegmentedControl>
      )}
      <p className={styles.muted} aria-busy={pending}>
        {texts.institutesOverview.totals(entries.length, patients)}
      </p>
      {entries.length === 0 ? (
        <p>{texts.institutesOverview.empty}</p>
      ) : (
        <DataTable
          aria-labelledby="overview-heading"
          cellPadding="condensed"
          columns={columns}
          data={entries.map((entry) => ({ ...entry, id: entry.location.id }))}
        />
      )}
    </>
  );
}
