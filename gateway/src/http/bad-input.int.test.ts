import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

type Answer = { status: number; text: string; errors: { message: string; extensions?: Record<string, unknown> }[] };

/** As a client that knows application/graphql-response+json: refusals of the document are 400 (application/json: 200). */
async function post(body: string): Promise<Answer> {
  const response = await fetch(`${harness.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body,
  });
  const text = await response.text();
  const parsed = JSON.parse(text) as { errors?: Answer['errors'] };
  return { status: response.status, text, errors: parsed.errors ?? [] };
}

const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { session { token } } }';

/** Issue 15 item 4: no input answers 5xx, and no answer carries a stack trace. */
describe('bad input to the graph', () => {
  it('answers a syntax error with 400', async () => {
    const answer = await post(JSON.stringify({ query: '{ clientConfig { versionLabel ' }));
    expect(answer.status).toBe(400);
    expect(answer.errors[0]).toMatchObject({ extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
    expect(answer.errors[0]?.message).toMatch(/^Syntax Error/);
  });

  it('answers a document above the token limit with 400', async () => {
    const answer = await post(JSON.stringify({ query: `{ clientConfig { ${'versionLabel '.repeat(1_000)} } }` }));
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(answer.errors[0]?.message).toMatch(/1000 tokens/);
  });

  it('answers a NUL character in the document with 400', async () => {
    const answer = await post(JSON.stringify({ query: '{ clientConfig { versionLabel } }\u0000' }));
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('answers malformed JSON with 400 in the GraphQL error shape, without a stack trace', async () => {
    const answer = await post('{"query": "{ clientConfig { versionLabel } }", ');
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(answer.text).not.toMatch(/node_modules|at JSON\.parse|<html/);
  });

  it.each([
    ['a NUL character', 'case\u0000manager'],
    ['a lone surrogate', 'case\ud800manager'],
  ])('refuses %s in variables as bad user input', async (_name, userName) => {
    const answer = await post(JSON.stringify({ query: SIGN_IN, variables: { input: { userName, password: 'x' } } }));
    expect(answer.status).toBeLessThan(500);
    expect(answer.errors[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.text).not.toContain('stacktrace');
  });
});
