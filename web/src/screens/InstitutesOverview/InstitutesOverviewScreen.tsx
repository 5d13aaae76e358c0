import { useTransition } from 'react';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Banner, Heading, Label, SegmentedControl } from '@primer/react';
import institutesOverviewScreenQueryNode from '../../__generated__/InstitutesOverviewScreenQuery.graphql';
import type { InstitutesOverviewScreenQuery } from '../../__generated__/InstitutesOverviewScreenQuery.graphql';
import type { InstitutesOverviewScreen_overview$key } from '../../__generated__/InstitutesOverviewScreen_overview.graphql';
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
        <table className={styles.table} aria-label={texts.institutesOverview.heading}>
          <thead>
            <tr>
              <th scope="col">{texts.institutesOverview.location}</th>
              <th scope="col">{texts.institutesOverview.digiNet}</th>
              <th scope="col">{texts.institutesOverview.usersCount}</th>
              <th scope="col">{texts.institutesOverview.patientsCount}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.location.id}>
                <td>{locationLabel(entry.location)}</td>
                <td>{entry.location.isDigiNet ? <Label variant="accent">{texts.institutesOverview.digiNet}</Label> : ''}</td>
                <td>{entry.usersCount}</td>
                <td>{entry.studyPatientsCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
