import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';

/** The connection key of the review list (PossibleMatchList). */
export const POSSIBLE_MATCHES_CONNECTION = 'PossibleMatchList_possibleMatches';

/**
 * Takes a decided pair out of the review list in the store: a pair has no id of its own, so its edge is found
 * by its tentative study patient.
 */
export function removePair(store: RecordSourceSelectorProxy, tentativeId: string): void {
  const connection = ConnectionHandler.getConnection(store.getRoot(), POSSIBLE_MATCHES_CONNECTION);
  if (!connection) return;
  const edges = connection.getLinkedRecords('edges') ?? [];
  const kept = edges.filter((edge) => edge?.getLinkedRecord('node')?.getLinkedRecord('tentative')?.getDataID() !== tentativeId);
  connection.setLinkedRecords(kept, 'edges');
  const total = connection.getValue('totalCount');
  if (typeof total === 'number') connection.setValue(total - (edges.length - kept.length), 'totalCount');
}
