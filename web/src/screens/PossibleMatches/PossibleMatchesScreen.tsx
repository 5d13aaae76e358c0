import { graphql, usePreloadedQuery } from 'react-relay';
import { Heading } from '@primer/react';
import possibleMatchesScreenQueryNode from '../../__generated__/PossibleMatchesScreenQuery.graphql';
import type { PossibleMatchesScreenQuery } from '../../__generated__/PossibleMatchesScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { POSSIBLE_MATCHES_PAGE, PossibleMatchList } from '../../possibleMatches/PossibleMatchList';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

/** The route preloads the screen's query with these variables. */
export const possibleMatchesScreenQuery = defineScreenQuery<PossibleMatchesScreenQuery>(possibleMatchesScreenQueryNode, () => ({
  first: POSSIBLE_MATCHES_PAGE,
}));

/** /possible-matches (sidebar "Mögliche Dubletten", issue 17): the clerical review of possible matches. */
export function PossibleMatchesScreen() {
  const data = usePreloadedQuery<PossibleMatchesScreenQuery>(
    graphql`
      query PossibleMatchesScreenQuery($first: Int!) {
        ...AppShell_query
        ...PossibleMatchList_query @arguments(first: $first)
      }
    `,
    useScreenReference(possibleMatchesScreenQuery),
  );
  return (
    <section aria-labelledby="possible-matches-heading">
      <Heading as="h1" id="possible-matches-heading" className={styles.heading}>
        {texts.possibleMatches.heading}
      </Heading>
      <p>{texts.possibleMatches.intro}</p>
      <PossibleMatchList query={data} />
    </section>
  );
}
