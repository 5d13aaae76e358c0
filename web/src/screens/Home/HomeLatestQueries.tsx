import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Heading, Link } from '@primer/react';
import type { HomeLatestQueries_query$key } from '../../__generated__/HomeLatestQueries_query.graphql';
import { DataQueryDialog } from '../../dataQueries/DataQueryDialog';
import { DataQueryStatusLabel } from '../../dataQueries/DataQueryStatusLabel';
import { formatDateTime } from '../../errors/errorCatalogue';
import { texts } from '../../texts';
import styles from './HomeScreen.module.css';

const t = texts.dashboard;

/** "Meine letzten Queries": the latest changed queries at the viewer's locations or of the viewer; each opens its dialog. */
export function HomeLatestQueries({ query }: { query: HomeLatestQueries_query$key }) {
  const { myLatestDataQueries } = useFragment(
    graphql`
      fragment HomeLatestQueries_query on Query @argumentDefinitions(studyId: { type: "ID!" }) {
        myLatestDataQueries(studyId: $studyId, latestCount: 10) {
          id
          title
          status
          pseudonym
          changedAt
          ...DataQueryDialog_dataQuery
        }
      }
    `,
    query,
  );
  const [opened, setOpened] = useState<string | null>(null);
  const openedQuery = myLatestDataQueries.find((candidate) => candidate.id === opened);
  return (
    <section aria-labelledby="home-latest-queries" className={styles.section}>
      <Heading as="h2" id="home-latest-queries" className={styles.subtitle}>
        {t.myLatestQueries}
      </Heading>
      {myLatestDataQueries.length === 0 ? (
        <p className={styles.muted}>{t.noLatestQueries}</p>
      ) : (
        <ul className={styles.latest}>
          {myLatestDataQueries.map((dataQuery) => (
            <li key={dataQuery.id} className={styles.latestItem}>
              <Link as="button" type="button" onClick={() => setOpened(dataQuery.id)} aria-label={texts.dataQueries.open(dataQuery.title)}>
                {dataQuery.title}
              </Link>
              <DataQueryStatusLabel status={dataQuery.status} />
              <span className={styles.muted}>
                {dataQuery.pseudonym ?? '–'} · {formatDateTime(dataQuery.changedAt) ?? dataQuery.changedAt}
              </span>
            </li>
          ))}
        </ul>
      )}
      {openedQuery && <DataQueryDialog dataQuery={openedQuery} onClose={() => setOpened(null)} />}
    </section>
  );
}
