import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Button } from '@primer/react';
import type { PossibleMatchList_query$key } from '../__generated__/PossibleMatchList_query.graphql';
import { texts } from '../texts';
import { MergedNotice, type Merged } from './MergedNotice';
import { PossibleMatchPair } from './PossibleMatchPair';

export const POSSIBLE_MATCHES_PAGE = 20;
const t = texts.possibleMatches;

/** The open possible matches, oldest first, a page at a time; decided pairs leave the list at once, a joined one with a notice. */
export function PossibleMatchList({ query }: { query: PossibleMatchList_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment PossibleMatchList_query on Query
      @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" })
      @refetchable(queryName: "PossibleMatchListPaginationQuery") {
        possibleMatches(first: $first, after: $after) @connection(key: "PossibleMatchList_possibleMatches") {
          totalCount
          edges {
            node {
              tentative {
                id
              }
              ...PossibleMatchPair_pair
            }
          }
        }
      }
    `,
    query,
  );
  const [merged, setMerged] = useState<Merged | null>(null);
  const edges = data.possibleMatches.edges;
  const notice = merged && <MergedNotice merged={merged} />;
  if (edges.length === 0)
    return (
      <>
        {notice}
        <p>{t.empty}</p>
      </>
    );
  return (
    <>
      {notice}
      <p>{t.count(data.possibleMatches.totalCount)}</p>
      {edges.map(({ node }) => (
        <PossibleMatchPair key={node.tentative.id} pair={node} onMerged={setMerged} />
      ))}
      {hasNext && (
        <Button onClick={() => loadNext(POSSIBLE_MATCHES_PAGE)} disabled={isLoadingNext}>
          {texts.admin.loadMore}
        </Button>
      )}
    </>
  );
}
