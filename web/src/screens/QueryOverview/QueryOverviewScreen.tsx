import { useEffect, useMemo, useState } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, useSubscription } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { hasAnyRight, hasRight } from '@ecrf/rules';
import queryOverviewScreenQueryNode from '../../__generated__/QueryOverviewScreenQuery.graphql';
import type { QueryOverviewScreenQuery } from '../../__generated__/QueryOverviewScreenQuery.graphql';
import type { QueryOverviewScreenSubscription } from '../../__generated__/QueryOverviewScreenSubscription.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { usePreloadedScreen } from '../../layout/screenQuery';
import { useStudyScope } from '../../layout/studyScope';
import { PageSpinner } from '../../components/PageSpinner';
import { getStoredRights, getStoredStudyId } from '../../session/sessionStore';
import { texts } from '../../texts';
import patientStyles from '../../patients/Patient.module.css';
import { QUERY_PAGE, QueryOverviewTable } from './QueryOverviewTable';
import { useHighlights } from './useHighlights';

const t = texts.dataQueries;
/** Patients offered by the Patient filter: the study's, by pseudonym. */
const PATIENT_CHOICES = 500;

/** The overview needs the right to all queries or to those of the own locations (ecrf-core.md §6). */
const mayListQueries = (rights: readonly string[]) => hasAnyRight(rights, ['QueryGetAllCmd', 'QueryGetMyCmd']);

/** The rights the shell found last lack the overview's: the server would only refuse the query. */
const refusedByStoredRights = () => {
  const rights = getStoredRights();
  return rights !== null && !mayListQueries(rights);
};

/** The Patient filter lists the study's patients, which needs the patient list right (pathologists and consultants lack it). */
const overviewVariables = (studyId: string) => {
  const rights = getStoredRights();
  const withPatients = rights === null || hasRight(rights, 'NngmStudyPatientGetMyCmd');
  return { studyId, first: QUERY_PAGE, patients: PATIENT_CHOICES, withPatients };
};

/**
 * As /patients: the study the shell found last; unknown before the shell has shown one in this tab. A viewer
 * without the right gets the shell alone and the screen says why.
 */
export const queryOverviewScreenQuery = defineScreenQuery<QueryOverviewScreenQuery>(queryOverviewScreenQueryNode, () => {
  const studyId = getStoredStudyId();
  return studyId === null || refusedByStoredRights() ? null : overviewVariables(studyId);
});

/** /query-overview: the queries of the study at the viewer's locations, live (ecrf-core.md §2, §6; issue 11). */
export function QueryOverviewScreen() {
  const scope = useStudyScope();
  const preloaded = usePreloadedScreen(queryOverviewScreenQuery);
  const [loaded, load] = useQueryLoader<QueryOverviewScreenQuery>(queryOverviewScreenQueryNode);
  const studyId = scope?.studyId ?? null;
  const usable = preloaded !== null && preloaded.variables.studyId === studyId ? preloaded : null;
  const refused = refusedByStoredRights();
  useEffect(() => {
    if (studyId !== null && usable === null && !refused) load(overviewVariables(studyId), { fetchPolicy: 'store-and-network' });
  }, [usable, studyId, refused, load]);
  if (refused) return <Banner variant="critical" title={texts.admin.forbidden} />;
  if (studyId === null) return <Banner variant="warning" title={t.noStudy} />;
  const reference = usable ?? loaded ?? null;
  return reference === null ? <PageSpinner /> : <QueryOverview studyId={studyId} reference={reference} />;
}

function QueryOverview({ studyId, reference }: { studyId: string; reference: PreloadedQuery<QueryOverviewScreenQuery> }) {
  const data = usePreloadedQuery<QueryOverviewScreenQuery>(
    graphql`
      query QueryOverviewScreenQuery($studyId: ID!, $first: Int!, $patients: Int!, $withPatients: Boolean!) {
        ...AppShell_query
        viewer {
          rights
          locations {
            id
            identifier
            displayName
          }
        }
        studyPatients(studyId: $studyId, first: $patients, orderBy: { field: PSEUDONYM, descending: false }) @include(if: $withPatients) {
          edges {
            node {
              id
              pseudonym
            }
          }
        }
        ...QueryOverviewTable_query @arguments(studyId: $studyId, first: $first)
      }
    `,
    reference,
  );
  const { highlighted, highlight } = useHighlights();
  const [refreshKey, setRefreshKey] = useState(0);
  const subscription = useMemo<GraphQLSubscriptionConfig<QueryOverviewScreenSubscription>>(
    () => ({
      subscription: graphql`
        subscription QueryOverviewScreenSubscription($studyId: ID!, $after: String) {
          dataQueryUpdated(filter: { studyId: $studyId }, after: $after) {
            eventId
            change
            dataQuery {
              id
              ...QueryOverviewTable_row
              ...DataQueryDialog_dataQuery
            }
          }
        }
      `,
      variables: { studyId, after: null },
      onNext: (response) => {
        const id = response?.dataQueryUpdated.dataQuery.id;
        if (id === undefined) return;
        highlight(id);
        // The page is loaded again: a new query belongs in it, a changed one may move by the sort order.
        setRefreshKey((key) => key + 1);
      },
    }),
    [studyId, highlight],
  );
  useSubscription(subscription);
  const { rights, locations } = data.viewer;
  if (!mayListQueries(rights)) return <Banner variant="critical" title={texts.admin.forbidden} />;
  return (
    <section aria-labelledby="query-overview-heading">
      <div className={patientStyles.header}>
        <Heading as="h1" id="query-overview-heading" className={patientStyles.heading}>
          {t.overviewHeading}
        </Heading>
      </div>
      <QueryOverviewTable
        query={data}
        labelledBy="query-overview-heading"
        studyId={studyId}
        locations={locations}
        patients={data.studyPatients?.edges.map(({ node }) => node) ?? null}
        highlighted={highlighted}
        refreshKey={refreshKey}
      />
    </section>
  );
}
