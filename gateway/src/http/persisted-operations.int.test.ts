/**
 * The graph in production (issue 15 item 9): a gateway configured as in production answers the web's persisted
 * operations by id from the map the web build wrote, refuses an unknown id, refuses documents from browsers and
 * answers the same documents from integrators, whose documents stay under the depth, cost and alias limits; the web's
 * costliest screens are answered at the largest page (issue 31 item 4).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../../scripts/services.mjs';
import { developmentEventsApiKey, developmentFileLinkSecret, gatewayConfigFromEnv } from '../config/gateway-config.js';
import { createGateway, type Gateway } from '../server.js';
import { demoPassword, startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures } from '../test-support/patient-fixtures.js';

/** Written by relay-compiler (`npm run relay -w web`, part of the build). */
const WEB_OPERATIONS = join(import.meta.dirname, '..', '..', '..', 'web', 'src', '__generated__', 'persisted-operations.json');
const BROWSER = { origin: 'http://localhost:4000' };

type Answer = {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
};

let harness: Harness;
let production: Gateway;
let url: string;
let documents: Record<string, string>;
/** The id of a web operation, by the start of its text. */
const idOf = (start: string) => Object.keys(documents).find((id) => documents[id]?.startsWith(start)) ?? '';

beforeAll(async () => {
  harness = await startHarness();
  documents = JSON.parse(readFileSync(WEB_OPERATIONS, 'utf8')) as Record<string, string>;
  production = await createGateway(
    gatewayConfigFromEnv({
      NODE_ENV: 'production',
      BACKEND_URL: harness.backendUrl,
      MAINZELLISTE_URL: `http://127.0.0.1:${await freePort()}`,
      EVENTS_API_KEY: developmentEventsApiKey,
      FILE_LINK_SECRET: developmentFileLinkSecret,
      PERSISTED_OPERATIONS: WEB_OPERATIONS,
    }),
  );
  url = await production.listen(await freePort());
}, 120_000);
afterAll(async () => {
  await production?.close();
  await harness?.close();
});

async function post(target: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${target}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const signInVariables = { input: { userName: 'superadmin', password: demoPassword } };
const codesOf = (answer: Answer) => answer.body.errors?.map((error) => error.extensions?.code);

/** The first result of one operation over a WebSocket, opened as a browser opens it when `origin` is given. */
async function overSocket(payload: { query: string; extensions?: Record<string, unknown> }, origin?: string) {
  const client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, origin ? { origin } : {});
      }
    },
    connectionParams: { authorization: `Bearer ${(await harness.signIn('superadmin')).token}` },
    retryAttempts: 0,
  });
  try {
    for await (const result of client.iterate(payload)) return { result };
    return {};
  } catch (error) {
    return { errors: error as { message: string; extensions?: { code?: string } }[] };
  } finally {
    await client.dispose();
  }
}
const overBrowserSocket = (payload: Parameters<typeof overSocket>[0]) => overSocket(payload, BROWSER.origin);

describe('persisted operations in production', () => {
  it('answers the web sign-in sent by its id from a browser', async () => {
    const answer = await post(
      url,
      { doc_id: idOf('mutation SignInMutation('), variables: signInVariables, operationName: 'SignInMutation' },
      BROWSER,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data?.signIn).toMatchObject({ session: { token: expect.any(String) } });
  });

  it('refuses an unknown id with 400 PERSISTED_OPERATION_NOT_FOUND', async () => {
    const answer = await post(url, { doc_id: 'f'.repeat(64), variables: {} }, BROWSER);
    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['PERSISTED_OPERATION_NOT_FOUND']);
  });

  it('refuses a document from a browser origin with 400 PERSISTED_OPERATION_REQUIRED', async () => {
    const document = documents[idOf('mutation SignInMutation(')];
    const answer = await post(url, { query: document, variables: signInVariables }, BROWSER);
    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['PERSISTED_OPERATION_REQUIRED']);
    // Fetch metadata marks a browser's request where it sends no Origin (a same-origin GET).
    const fetchMetadata = await post(url, { query: '{ __typename }' }, { 'sec-fetch-site': 'same-origin' });
    expect(codesOf(fetchMetadata)).toEqual(['PERSISTED_OPERATION_REQUIRED']);
  });

  it('answers the same document from an integrator (no Origin)', async () => {
    const document = documents[idOf('mutation SignInMutation(')];
    const answer = await post(url, { query: document, variables: signInVariables });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.signIn).toMatchObject({ session: { token: expect.any(String) } });
  });
});

describe('persisted operations over graphql-ws in production', () => {
  it('answers a persisted id sent in extensions.doc_id', async () => {
    const { result } = await overBrowserSocket({ query: '', extensions: { doc_id: idOf('query ImpressumScreenQuery ') } });
    expect(result?.data?.clientConfig).toMatchObject({ operatorName: expect.any(String) });
  });

  it('refuses a document and an unknown id with their codes', async () => {
    const { errors } = await overBrowserSocket({ query: '{ clientConfig { operatorName } }' });
    expect(errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_OPERATION_REQUIRED']);
    const unknown = await overBrowserSocket({ query: '', extensions: { doc_id: 'f'.repeat(64) } });
    expect(unknown.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_OPERATION_NOT_FOUND']);
  });
});

describe("an integrator's documents stay under the limits", () => {
  let token: string;
  beforeAll(async () => {
    token = (await harness.signIn('superadmin')).token;
  });
  // A client that knows application/graphql-response+json gets refusals as 400 (application/json: 200, "GraphQL over HTTP").
  const authorization = () => ({ authorization: `Bearer ${token}`, accept: 'application/graphql-response+json' });
  const ask = (query: string) => post(url, { query }, authorization());
  const refusal = async (query: string) => {
    const answer = await ask(query);
    return { status: answer.status, messages: answer.body.errors?.map((error) => error.message).join(' | ') ?? '' };
  };
  /** An organisation's institute, then location and institute in turn: `levels` fields below the organisation. */
  const nested = (levels: number) => {
    const path = Array.from({ length: levels }, (_, level) => (level % 2 === 0 ? 'institute' : 'locations'));
    return `{ organizations { edges { node { ${path.join(' { ')} { id ${' }'.repeat(levels)} } } } }`;
  };

  it('refuses a document deeper than 12 levels', async () => {
    expect((await ask(nested(8))).status).toBe(200);
    const { status, messages } = await refusal(nested(11));
    expect(status).toBe(400);
    expect(messages).toMatch(/depth limit of 12/i);
    expect(messages).not.toMatch(/cost|alias/i);
  });

  /** An organisation's locations' users: a paged list inside a paged list. */
  const nestedPages = (outer: string, inner: string) =>
    `query${outer.startsWith('$') ? '($outer: Int, $inner: Int)' : ''} { organizations(first: ${outer}) { edges { node { institute { locations { users(first: ${inner}) { edges { node { id } } } } } } } } }`;

  it('refuses paged lists nested at large pages, costing more than 50,000, whether the sizes are written or variables', async () => {
    const { status, messages } = await refusal(nestedPages('500', '500'));
    expect(status).toBe(400);
    expect(messages).toMatch(/cost limit of 50000 exceeded/i);
    expect(messages).not.toMatch(/depth|alias/i);
    const variables = await post(url, { query: nestedPages('$outer', '$inner'), variables: { outer: 500, inner: 500 } }, authorization());
    expect(variables.status).toBe(400);
    expect(codesOf(variables)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect((await ask(nestedPages('500', '5'))).status).toBe(200);
  });

  it('admits the patient list’s largest page with visits and location', async () => {
    const { studyId } = await patientFixtures(harness, token).location();
    const answer = await post(
      url,
      {
        query: `query($studyId: ID!) { studyPatients(studyId: $studyId, first: 500) { totalCount edges { node { id pseudonym
          location { id identifier displayName } visits { id } } } } }`,
        variables: { studyId },
      },
      authorization(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.studyPatients).toMatchObject({ totalCount: expect.any(Number) });
  });

  it('answers the web’s costliest screens, sent by id from a browser, at the largest page', async () => {
    const { studyId } = await patientFixtures(harness, token).location();
    const screens: [string, Record<string, unknown>][] = [
      ['QueryOverviewScreenQuery', { studyId, first: 500, patients: 500, withPatients: true }],
      // The possible matches' screen needs the pseudonymisation service as a whole; its cost: operation-cost.test.ts.
      ['ExportsScreenQuery', { studyId, first: 500 }],
      ['UsersAdminScreenQuery', { count: 500 }],
      ['PatientsScreenQuery', { studyId, count: 500 }],
      ['DocumentsScreenQuery', { first: 500 }],
      ['AuditTrailScreenQuery', { record: studyId, hasRecord: false, count: 500 }],
    ];
    for (const [name, variables] of screens) {
      const answer = await post(
        url,
        { doc_id: idOf(`query ${name}(`), variables, operationName: name },
        { ...BROWSER, ...authorization() },
      );
      // Names come from the pseudonymisation service, which this harness does not run: those fields alone fail.
      const failures = new Set(codesOf(answer));
      failures.delete('UPSTREAM_UNAVAILABLE');
      expect([name, answer.status, [...failures], answer.body.data != null]).toEqual([name, 200, [], true]);
    }
  });

  it('refuses a document with more than 20 aliases', async () => {
    const aliases = (count: number) =>
      `{ ${Array.from({ length: count }, (_, index) => `a${index}: clientConfig { versionLabel }`).join(' ')} }`;
    expect((await ask(aliases(20))).status).toBe(200);
    const { status, messages } = await refusal(aliases(21));
    expect(status).toBe(400);
    expect(messages).toMatch(/aliases limit of 20/i);
    expect(messages).not.toMatch(/depth|cost/i);
  });

  it('holds the limits for subscriptions over graphql-ws too', async () => {
    const eventIds = Array.from({ length: 21 }, (_, index) => `a${index}: eventId`).join(' ');
    const { errors } = await overSocket({ query: `subscription { dataQueryUpdated { ${eventIds} } }` });
    expect(errors?.map((error) => error.message).join(' | ')).toMatch(/aliases limit of 20/i);
  });
});
