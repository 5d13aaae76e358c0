import { describe, expect, it } from 'vitest';
import { Environment, Network, Observable, RecordSource, Store } from 'relay-runtime';
import type { GraphQLResponse, OperationType } from 'relay-runtime';
import patientScreenQuery from '../__generated__/PatientScreenQuery.graphql';
import { createRelaySession } from './relaySession';

/** Environments whose requests stay open until cancelled: `open` counts the requests still under way. */
function setup() {
  const environments: Environment[] = [];
  let open = 0;
  const session = createRelaySession(() => {
    const network = Network.create(() =>
      Observable.create<GraphQLResponse>(() => {
        open += 1;
        return () => {
          open -= 1;
        };
      }),
    );
    const environment = new Environment({ network, store: new Store(new RecordSource()) });
    environments.push(environment);
    return environment;
  });
  const preload = (id = 'p-1') => session.preload<OperationType>(patientScreenQuery, { id });
  return { session, environments, preload, open: () => open };
}

describe('the Relay session', () => {
  it('preloads in the current environment, and after a logout in a new one; the old queries are disposed', () => {
    const { session, environments, preload, open } = setup();
    const before = preload();
    expect(before.environment).toBe(session.environment());
    expect(open()).toBe(1);

    session.renew();
    expect(environments).toHaveLength(2);
    expect(session.environment()).toBe(environments[1]);
    expect(before.isDisposed).toBe(true);
    expect(open()).toBe(0);
    expect(preload().environment).toBe(environments[1]);
  });

  it('tells subscribers when the environment is replaced', () => {
    const { session } = setup();
    let calls = 0;
    const unsubscribe = session.subscribe(() => (calls += 1));
    session.renew();
    unsubscribe();
    session.renew();
    expect(calls).toBe(1);
  });

  it('cancels the request of the screen being left, and releases its data once the next screen is shown', () => {
    const { session, preload, open } = setup();
    const left = preload('p-1');
    const next = preload('p-2');
    expect(open()).toBe(1);
    expect(left.isDisposed).toBe(false);

    session.releaseBefore(next);
    expect(left.isDisposed).toBe(true);
    expect(next.isDisposed).toBe(false);
    expect(open()).toBe(1);
  });
});
