#!/usr/bin/env node
// Example client of the graph's subscriptions (docs/gateway.md "Subscriptions"): signs in with the demo data
// manager through the `signIn` mutation, subscribes to `dataQueryUpdated` over graphql-ws and prints each event.
// Usage: node gateway/scripts/example-subscriber.mjs [gateway URL] [after]
//   gateway URL defaults to http://127.0.0.1:4000; `after` is the last eventId printed by an earlier run.
// Credentials: EXAMPLE_USER / EXAMPLE_PASSWORD (default: the demo data manager).
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const gatewayUrl = (process.argv[2] ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
const after = process.argv[3] ?? null;
const userName = process.env.EXAMPLE_USER ?? 'datamanager';
const password = process.env.EXAMPLE_PASSWORD ?? 'Demo-Passwort1';

async function signIn() {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($input: SignInInput!) { signIn(input: $input) { session { token } errors { code message } } }',
      variables: { input: { userName, password } },
    }),
  });
  const { data, errors } = await response.json();
  const token = data?.signIn.session?.token;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(errors ?? data?.signIn.errors)}`);
  return token;
}

const token = await signIn();
const client = createClient({
  url: `${gatewayUrl.replace(/^http/, 'ws')}/graphql`,
  webSocketImpl: WebSocket,
  connectionParams: { authorization: `Bearer ${token}` },
});

console.log(`signed in as ${userName}; waiting for query events${after ? ` after ${after}` : ''} (Ctrl+C ends)`);
const events = client.iterate({
  query: `subscription($after: String) {
    dataQueryUpdated(after: $after) {
      eventId change action
      dataQuery { id title status answerStage pseudonym location { displayName } }
    }
  }`,
  variables: { after },
});
process.once('SIGINT', () => void events.return?.().then(() => client.dispose()));
try {
  for await (const { data, errors } of events) {
    if (errors) {
      // UNAUTHENTICATED: sign in again and run with the last eventId printed, nothing is lost.
      console.error('subscription ended:', errors.map((error) => `${error.extensions?.code}: ${error.message}`).join('; '));
      break;
    }
    const { eventId, change, action, dataQuery } = data.dataQueryUpdated;
    console.log(
      `${eventId} ${change} ${action}: "${dataQuery.title}" (${dataQuery.status}/${dataQuery.answerStage}) ${dataQuery.pseudonym ?? ''} ${dataQuery.location?.displayName ?? ''}`,
    );
  }
} finally {
  await client.dispose();
}
