import { useMemo, useState } from 'react';
import { useGraphiQL, type GraphiQLPlugin } from '@graphiql/react';
import { FileCodeIcon } from '@primer/octicons-react';
import { texts } from '../texts';
import type { PersistedOperationMap } from './graphiqlFetcher';
import styles from './GraphiQLScreen.module.css';

/** The web's persisted operations by name; choosing one puts its text into the query editor (sent by its id). */
function PersistedOperationsList({ operations }: { operations: PersistedOperationMap }) {
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const [filter, setFilter] = useState('');
  const named = useMemo(
    () =>
      Object.values(operations)
        .map((text) => ({ name: /^\s*\w+\s+(\w+)/.exec(text)?.[1] ?? '', text }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [operations],
  );
  const shown = named.filter((operation) => operation.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <section aria-label={texts.graphiql.pluginTitle} className={styles.plugin}>
      <h2 className={styles.pluginHeading}>{texts.graphiql.pluginTitle}</h2>
      <p>{texts.graphiql.pluginHint}</p>
      <label className={styles.filter}>
        {texts.graphiql.filterLabel}
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      {shown.length === 0 ? (
        <p>{texts.graphiql.noOperations}</p>
      ) : (
        <ul className={styles.operations}>
          {shown.map((operation) => (
            <li key={operation.name}>
              <button type="button" className={styles.operation} onClick={() => queryEditor?.setValue(operation.text)}>
                {operation.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function persistedOperationsPlugin(operations: PersistedOperationMap): GraphiQLPlugin {
  return {
    title: texts.graphiql.pluginTitle,
    icon: () => <FileCodeIcon aria-hidden />,
    content: () => <PersistedOperationsList operations={operations} />,
  };
}
