/**
 * /graphiql: GraphiQL for integrators (docs/gateway.md "GraphiQL"), bundled with the app (Monaco's workers by Vite,
 * nothing from a CDN) and loaded only on this route. It runs in the signed-in user's session with their rights; the
 * schema comes from the gateway's SDL beside the page (404 where GraphiQL is switched off), the web's persisted
 * operations from the map served with the app.
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { Link } from '@primer/react';
import { GraphiQL } from 'graphiql';
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { createSessionFetchGraphQL } from '../relay/environment';
import { clearSession } from '../session/sessionStore';
import { useIsSignedIn } from '../session/useSessionState';
import { texts } from '../texts';
import { createGraphiQLFetcher, type PersistedOperationMap } from './graphiqlFetcher';
import { persistedOperationsPlugin } from './PersistedOperationsPlugin';
import styles from './GraphiQLScreen.module.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'off' }
  | { state: 'failed' }
  | { state: 'ready'; schema: GraphQLSchema; operations: PersistedOperationMap };

async function loadExplorer(): Promise<Loaded> {
  const [sdl, map] = await Promise.all([fetch('/graphiql/schema.graphql'), fetch('/persisted-operations.json')]);
  if (sdl.status === 404) return { state: 'off' };
  if (!sdl.ok) return { state: 'failed' };
  // Without a built map (the Vite dev server) the explorer still runs documents; the list is empty.
  const operations =
    map.ok && (map.headers.get('content-type') ?? '').includes('json') ? ((await map.json()) as PersistedOperationMap) : {};
  return { state: 'ready', schema: buildSchema(await sdl.text()), operations };
}

export function GraphiQLScreen() {
  const signedIn = useIsSignedIn();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    loadExplorer()
      .catch((): Loaded => ({ state: 'failed' }))
      .then((result) => current && setLoaded(result));
    return () => {
      current = false;
    };
  }, [signedIn]);

  const operations = loaded.state === 'ready' ? loaded.operations : null;
  const fetcher = useMemo(
    () =>
      createGraphiQLFetcher(
        operations ?? {},
        createSessionFetchGraphQL({
          onSessionExpired: () => clearSession('expired'),
          // GraphiQL shows every error in its response pane.
          onError: () => undefined,
        }),
      ),
    [operations],
  );
  const plugins = useMemo(() => (operations ? [persistedOperationsPlugin(operations)] : []), [operations]);

  if (!signedIn) return <Navigate to="/" replace />;
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <h1>{texts.graphiql.title}</h1>
        <p>{texts.graphiql.intro}</p>
        <Link as={RouterLink} to="/home">
          {texts.graphiql.back}
        </Link>
      </header>
      {loaded.state === 'ready' ? (
        <div className={styles.explorer}>
          <GraphiQL fetcher={fetcher} schema={loaded.schema} plugins={plugins} defaultQuery={texts.graphiql.defaultQuery} />
        </div>
      ) : (
        <p className={styles.message} role={loaded.state === 'loading' ? 'status' : 'alert'}>
          {texts.graphiql[loaded.state]}
        </p>
      )}
    </div>
  );
}
