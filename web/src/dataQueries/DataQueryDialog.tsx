import { graphql, useFragment } from 'react-relay';
import { Dialog } from '@primer/react';
import type { DataQueryDialog_dataQuery$key } from '../__generated__/DataQueryDialog_dataQuery.graphql';
import { DataQueryCard } from './DataQueryCard';
import { textLookup } from '../patients/useDefinitionText';
import { texts } from '../texts';

/** A query opened from a list (overview, dashboard): its card with thread and actions, type names from the definition it was raised under. */
export function DataQueryDialog({ dataQuery, onClose }: { dataQuery: DataQueryDialog_dataQuery$key; onClose: () => void }) {
  const query = useFragment(
    graphql`
      fragment DataQueryDialog_dataQuery on DataQuery {
        title
        queryType {
          identifier
          displayKey
        }
        definitionVersion {
          texts(languageIdentifier: "de")
        }
        ...DataQueryCard_dataQuery
      }
    `,
    dataQuery,
  );
  const definitionTexts = query.definitionVersion.texts;
  const typeLabel = (identifier: string) => {
    const { displayKey } = query.queryType;
    return definitionTexts && displayKey ? textLookup(definitionTexts)(displayKey) : identifier;
  };
  return (
    <Dialog title={texts.dataQueries.dialogTitle(query.title)} width="xlarge" onClose={onClose}>
      <DataQueryCard dataQuery={query} typeLabel={typeLabel} onFollowSubject={onClose} />
    </Dialog>
  );
}
