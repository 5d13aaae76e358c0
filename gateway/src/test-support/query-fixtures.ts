/**
 * Shared steps of the query, flag and subscription tests: users bound to chosen locations (created through
 * the graph by the network administrator), queries raised and acted on through the graph, field ids of a
 * patient, and the head of the backend's event stream (so subscriptions start at a known position).
 */
import type { GraphQLAnswer, Harness } from './gateway-harness.js';
import { developmentEventsApiKey } from '../config/gateway-config.js';

export type RaisedQuery = { id: string; version: number; status: string };
type Errors = { code: string; message: string; path: string[] }[];

export const QUERY_FIELDS = 'id version status answerStage title thread { kind userName roleIdentifier roleName text status }';

export function queryFixtures(harness: Harness, adminToken: string) {
  async function graph<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
    const answer: GraphQLAnswer<T> = await harness.request<T>(query, variables, token);
    if (answer.errors || !answer.data) throw new Error(`${query}\n→ ${JSON.stringify(answer.errors)}`);
    return answer.data;
  }

  let locations: Promise<Map<string, string>> | undefined;
  const locationIds = () =>
    (locations ??= graph<{ instituteOverview: { edges: { node: { location: { id: string; identifier: string } } }[] } }>(
      '{ instituteOverview(scope: ALL) { edges { node { location { id identifier } } } } }',
      {},
      adminToken,
    ).then((data) => new Map(data.instituteOverview.edges.map(({ node }) => [node.location.identifier, node.location.id]))));

  /** Signs in a new user of `role` bound to the locations with these institute identifiers. */
  async function accountAt(role: string, institutes: string[]): Promise<{ token: string; userId: string }> {
    const roles = await graph<{ roles: { edges: { node: { id: string; identifier: string } }[] } }>(
      '{ roles { edges { node { id identifier } } } }',
      {},
      adminToken,
    );
    const roleId = roles.roles.edges.find(({ node }) => node.identifier === role)?.node.id;
    const ids = await locationIds();
    const userName = `${role.toLowerCase()}_${institutes.join('_')}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const created = await graph<{ createUser: { user: { id: string } | null; errors: Errors } }>(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { user { id } errors { code message path } } }',
      {
        input: {
          userName,
          displayName: `${role} ${institutes.join('+')}`,
          roleId,
          password: 'Query-Pw1!',
          locationIds: institutes.map((identifier) => ids.get(identifier)),
        },
      },
      adminToken,
    );
    if (!created.createUser.user) throw new Error(`createUser: ${JSON.stringify(created.createUser.errors)}`);
    return { token: (await harness.signIn(userName, 'Query-Pw1!')).token, userId: created.createUser.user.id };
  }

  const userAt = async (role: string, institutes: string[]): Promise<string> => (await accountAt(role, institutes)).token;

  /** Deactivates a user: their tokens are refused from now on. */
  async function deactivate(userId: string): Promise<void> {
    await graph('mutation($input: UserIdInput!) { deactivateUser(input: $input) { user { id } } }', { input: { id: userId } }, adminToken);
  }

  async function raise(token: string, subjectId: string, queryTypeIdentifier: string, title = 'Bitte prüfen'): Promise<RaisedQuery> {
    const data = await graph<{ createDataQuery: { dataQuery: RaisedQuery | null; errors: Errors } }>(
      `mutation($input: CreateDataQueryInput!) { createDataQuery(input: $input) { dataQuery { ${QUERY_FIELDS} } errors { code message path } } }`,
      { input: { subjectId, queryTypeIdentifier, title, text: `${title}: der Wert fehlt` } },
      token,
    );
    if (!data.createDataQuery.dataQuery) throw new Error(`createDataQuery: ${JSON.stringify(data.createDataQuery.errors)}`);
    return data.createDataQuery.dataQuery;
  }

  /** The global ids of the staging instrument's fields (`tnm` and its child `t`). */
  async function stagingFieldIds(instrumentId: string, token: string): Promise<{ tnm: string; t: string }> {
    const data = await graph<{ instrument: { fields: { id: string; childFields: { id: string }[] }[] } }>(
      'query($id: ID!) { instrument(id: $id) { fields { id childFields { id } } } }',
      { id: instrumentId },
      token,
    );
    const tnm = data.instrument.fields[0];
    const t = tnm?.childFields[0];
    if (!tnm || !t) throw new Error('no staging fields');
    return { tnm: tnm.id, t: t.id };
  }

  /** The newest event of the backend's stream, read as a gateway reads it. */
  async function eventHead(): Promise<string> {
    const response = await fetch(`${harness.backendUrl}/api/v1.0/events/since?after=0-0&limit=1`, {
      headers: { 'x-events-key': developmentEventsApiKey },
    });
    const { head } = (await response.json()) as { head: string | null };
    return head ?? '0-0';
  }

  return { graph, accountAt, userAt, deactivate, raise, stagingFieldIds, eventHead, locationIds };
}
