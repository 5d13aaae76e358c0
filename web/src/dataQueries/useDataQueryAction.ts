/**
 * One hook for the six actions on a query: picks the action's mutation, sends the version read and reports
 * the outcome in German. A STALE_WRITE answer already brought the stored query into the store.
 */
import { useAnswerDataQueryMutation } from '../mutations/AnswerDataQueryMutation';
import { useAcceptDataQueryMutation } from '../mutations/AcceptDataQueryMutation';
import { useRevokeDataQueryMutation } from '../mutations/RevokeDataQueryMutation';
import { useSolveDataQueryMutation } from '../mutations/SolveDataQueryMutation';
import { useDeferDataQueryMutation } from '../mutations/DeferDataQueryMutation';
import { useEditDataQueryMutation } from '../mutations/EditDataQueryMutation';
import { graphql, readInlineData } from 'react-relay';
import type { useDataQueryAction_payload$key } from '../__generated__/useDataQueryAction_payload.graphql';
import { commitMutationAsync } from '../relay/commitMutationAsync';
import { userErrorText } from '../errors/errorCatalogue';
import { texts } from '../texts';
import type { DataQueryActionKey } from './dataQueryFormat';

/**
 * What every mutation on a query reads back: the query as its card and its overview row show it, so both
 * refresh from the store, and the typed errors.
 */
const payloadFragment = graphql`
  fragment useDataQueryAction_payload on DataQueryPayload @inline {
    dataQuery {
      id
      status
      answerStage
      # eslint-disable-next-line relay/must-colocate-fragment-spreads -- refreshes the card after an action
      ...DataQueryCard_dataQuery
      # eslint-disable-next-line relay/must-colocate-fragment-spreads -- refreshes the overview row after an action
      ...QueryOverviewTable_row
    }
    errors {
      code
      path
      message
    }
  }
`;

export type ActionInput = { id: string; version: number; text: string | null; title?: string };
/** Errors as shown: a stale write says the stored state is now on screen. */
export function outcomeMessages(payload: useDataQueryAction_payload$key): string[] {
  return readInlineData(payloadFragment, payload).errors.map((error) =>
    error.code === 'STALE_WRITE' ? texts.dataQueries.stale : userErrorText(error),
  );
}

export function useDataQueryAction(): { run: (action: DataQueryActionKey, input: ActionInput) => Promise<string[]>; busy: boolean } {
  const [answer, answering] = useAnswerDataQueryMutation();
  const [accept, accepting] = useAcceptDataQueryMutation();
  const [revoke, revoking] = useRevokeDataQueryMutation();
  const [solve, solving] = useSolveDataQueryMutation();
  const [defer, deferring] = useDeferDataQueryMutation();
  const [edit, editing] = useEditDataQueryMutation();
  const run = async (action: DataQueryActionKey, { id, version, text, title }: ActionInput): Promise<string[]> => {
    const input = { id, version, text };
    switch (action) {
      case 'answer':
        return outcomeMessages((await commitMutationAsync(answer, { input })).answerDataQuery);
      case 'accept':
        return outcomeMessages((await commitMutationAsync(accept, { input })).acceptDataQuery);
      case 'revoke':
        return outcomeMessages((await commitMutationAsync(revoke, { input })).revokeDataQuery);
      case 'solve':
        return outcomeMessages((await commitMutationAsync(solve, { input })).solveDataQuery);
      case 'defer':
        return outcomeMessages((await commitMutationAsync(defer, { input })).deferDataQuery);
      case 'edit':
        return outcomeMessages((await commitMutationAsync(edit, { input: { id, version, title, text } })).editDataQuery);
    }
  };
  return { run, busy: answering || accepting || revoking || solving || deferring || editing };
}
