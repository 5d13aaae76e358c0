/**
 * GraphQL over HTTP (graphql-http's audit suite, the spec's reference checks): the gateway as configured in production
 * passes every MUST and SHOULD. The suite reads `__type`, so introspection is on here (GRAPHQL_INTROSPECTION=true, as
 * for an integrators' environment); with it off, its two `__type` audits meet INTROSPECTION_DISABLED by design.
 * Left are three MAYs: GET requests without a JSON content type or a preflight header, which Apollo's CSRF
 * prevention refuses (docs/gateway.md "GraphQL over HTTP").
 */
import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModeGateways, type ModeGateways } from '../test-support/mode-gateways.js';

let gateways: ModeGateways;
beforeAll(async () => {
  gateways = await startModeGateways({ GRAPHQL_INTROSPECTION: 'true' });
});
afterAll(async () => {
  await gateways?.close();
});

const named = (results: AuditResult[], status: AuditResult['status']) =>
  results.filter((result) => result.status === status).map((result) => result.name);

describe('GraphQL over HTTP (graphql-http audit)', () => {
  it('passes every MUST and SHOULD; only GET requests Apollo takes for CSRF are left out', async () => {
    const results = await auditServer({ url: `${gateways.urls.production}/graphql` });
    expect(results.length).toBeGreaterThan(50);
    expect(named(results, 'error')).toEqual([]);
    expect(named(results, 'warn')).toEqual([]);
    const notices = results.filter((result) => result.status === 'notice');
    expect(notices.map((notice) => notice.name)).toEqual([
      'MAY accept application/x-www-form-urlencoded formatted GET requests',
      'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json',
      'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json',
    ]);
    for (const notice of notices) {
      expect(notice.status === 'notice' && (await notice.response.text())).toContain('Cross-Site Request Forgery');
    }
  });

  it('answers GraphQL errors 200 in application/json and 400 in application/graphql-response+json', async () => {
    const ask = (accept: string) =>
      fetch(`${gateways.urls.production}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept },
        body: JSON.stringify({ query: '{ notAField }' }),
      });
    const json = await ask('application/json');
    expect([json.status, json.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    const graphqlResponse = await ask('application/graphql-response+json');
    expect([graphqlResponse.status, graphqlResponse.headers.get('content-type')]).toEqual([
      400,
      'application/graphql-response+json; charset=utf-8',
    ]);
    expect(await graphqlResponse.json()).toEqual(await json.json());
  });
});
