import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
let admin: string;
beforeAll(async () => {
  harness = await startHarness();
  admin = (await harness.signIn('adminnngm')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Errors = { code: string; path: string[]; message: string }[];

const usersQuery = `query($search: String, $after: String) {
  users(first: 3, after: $after, search: $search, orderBy: { field: USER_NAME }) {
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id userName role { identifier } isDeactivated } }
  }
}`;
type UsersAnswer = {
  users: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { id: string; userName: string } }[] };
};

describe('administration in the graph', () => {
  it('pages users with cursors, searches and sorts them', async () => {
    const first = await harness.request<UsersAnswer>(usersQuery, { search: 'demo.register' }, admin);
    expect(first.data?.users.totalCount).toBe(17);
    expect(first.data?.users.edges.map((e) => e.node.userName)).toEqual(['accountingdiginet', 'adminmedsyn', 'adminnngm']);
    const second = await harness.request<UsersAnswer>(
      usersQuery,
      { search: 'demo.register', after: first.data?.users.pageInfo.endCursor },
      admin,
    );
    expect(second.data?.users.edges.map((e) => e.node.userName)).toEqual(['casemanager', 'consultant', 'datamanager']);
    expect(second.extensions?.upstreamCalls).toBe(2);
  });

  it('refuses the user list to a case manager (FORBIDDEN) and tells the viewer what they may do', async () => {
    const caseManager = (await harness.signIn('casemanager')).token;
    const denied = await harness.request(usersQuery, {}, caseManager);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const capabilities =
      '{ viewer { administration { canListUsers canCreateUser canSeeAllInstitutesOverview canSeeOwnInstitutesOverview canReadAuditEvents } } }';
    type Caps = { viewer: { administration: Record<string, boolean> } };
    expect((await harness.request<Caps>(capabilities, {}, caseManager)).data?.viewer.administration).toEqual({
      canListUsers: false,
      canCreateUser: false,
      canSeeAllInstitutesOverview: false,
      canSeeOwnInstitutesOverview: true,
      canReadAuditEvents: false,
    });
    expect((await harness.request<Caps>(capabilities, {}, admin)).data?.viewer.administration).toMatchObject({
      canListUsers: true,
      canCreateUser: true,
      canReadAuditEvents: true,
    });
  });

  it('creates a user with field errors as data, assigns a location, deactivates them, and the audit shows old → new', async () => {
    const roles = await harness.request<{ roles: { edges: { node: { id: string; identifier: string } }[] } }>(
      '{ roles { edges { node { id identifier } } } }',
      {},
      admin,
    );
    const roleId = roles.data?.roles.edges.find((e) => e.node.identifier === 'Documentalist')?.node.id;
    const create = `mutation($input: CreateUserInput!) { createUser(input: $input) { user { id userName } errors { code path message } } }`;
    const invalid = await harness.request<{ createUser: { user: null; errors: Errors } }>(
      create,
      {
        input: { userName: 'ä ö', displayName: 'Gustav Graph', roleId, password: 'Graph-Pw1', emailAddress: 'falsch' },
      },
      admin,
    );
    expect(invalid.data?.createUser.errors).toEqual([
      { code: 'INVALID_VALUE', path: ['userName'], message: "Benutzername darf nur Zeichen wie 'A-Z', '0-9', '_' oder '-' enthalten" },
      { code: 'INVALID_VALUE', path: ['emailAddress'], message: 'Ungültige Emailaddresse' },
    ]);
    const userName = `graph_${Date.now()}`;
    const created = await harness.request<{ createUser: { user: { id: string }; errors: Errors } }>(
      create,
      {
        input: {
          userName,
          displayName: 'Gustav Graph',
          roleId,
          password: 'Graph-Pw1',
          personData: { firstName: 'Gustav', lastName: 'Graph' },
        },
      },
      admin,
    );
    const userId = created.data?.createUser.user.id ?? '';
    const taken = await harness.request<{ createUser: { errors: Errors } }>(
      create,
      { input: { userName, displayName: 'X', roleId, password: 'Graph-Pw1' } },
      admin,
    );
    expect(taken.data?.createUser.errors[0]).toMatchObject({ code: 'ALREADY_EXISTS', path: ['userName'] });

    const overview = await harness.request<{ instituteOverview: { edges: { node: { location: { id: string; identifier: string } } }[] } }>(
      '{ instituteOverview(scope: ALL) { edges { node { location { id identifier } usersCount } } } }',
      {},
      admin,
    );
    const essen = overview.data?.instituteOverview.edges.find((e) => e.node.location.identifier === '2002')?.node.location.id;
    const assign = await harness.request<{
      assignUserToLocation: { changed: boolean; location: { users: { edges: { node: { id: string } }[] } } };
    }>(
      'mutation($input: LocationUserInput!) { assignUserToLocation(input: $input) { changed location { users { edges { node { id } } } } errors { code } } }',
      { input: { locationId: essen, userId } },
      admin,
    );
    expect(assign.data?.assignUserToLocation.changed).toBe(true);
    expect(assign.data?.assignUserToLocation.location.users.edges.map((e) => e.node.id)).toContain(userId);

    await harness.signIn(userName, 'Graph-Pw1');
    const deactivate = await harness.request<{ deactivateUser: { changed: boolean; user: { isDeactivated: boolean } } }>(
      'mutation($input: UserIdInput!) { deactivateUser(input: $input) { changed user { isDeactivated } errors { code } } }',
      { input: { id: userId } },
      admin,
    );
    expect(deactivate.data?.deactivateUser).toEqual({ changed: true, user: { isDeactivated: true }, errors: [] });
    await expect(harness.signIn(userName, 'Graph-Pw1')).rejects.toThrow(/ACCOUNT_DEACTIVATED|failed/);

    type Event = { operation: string; userName: string; changes: { field: string; oldValue: string | null; newValue: string | null }[] };
    type History = { recordHistory: { totalCount: number; edges: { node: Event }[] } };
    const HISTORY =
      'query($id: ID!, $last: Int) { recordHistory(id: $id, last: $last) { totalCount edges { node { operation userName changes { field oldValue newValue } } } } }';
    const history = await harness.request<History>(HISTORY, { id: userId }, admin);
    const events = history.data?.recordHistory.edges.map((e) => e.node) ?? [];
    const updates = events.filter((e) => e.operation === 'UPDATE' && e.changes.some((c) => c.field === 'isDeactivated'));
    expect(updates[0]?.changes).toContainEqual({ field: 'isDeactivated', oldValue: 'false', newValue: 'true' });
    expect(events[0]?.operation).toBe('CREATE');
    // Backward paging: the newest entry alone is the deactivation.
    const newest = await harness.request<History>(HISTORY, { id: userId, last: 1 }, admin);
    expect(newest.data?.recordHistory.edges.map((e) => e.node)).toEqual([events.at(-1)]);
    expect(newest.data?.recordHistory.totalCount).toBe(events.length);

    type Trail = { auditEvents: { totalCount: number; edges: { node: { id: string; recordKind: string; recordId: string } }[] } };
    const trail = await harness.request<Trail>(
      'query($filter: AuditEventFilter) { auditEvents(first: 5, filter: $filter) { totalCount edges { node { id recordKind recordId operation } } } }',
      { filter: { recordKind: 'LOCATION', operation: 'UPDATE' } },
      admin,
    );
    expect(trail.data?.auditEvents.totalCount).toBeGreaterThan(0);
    expect(trail.data?.auditEvents.edges.every((e) => e.node.recordKind === 'LOCATION')).toBe(true);
    // The record id of an entry is the location's own global id, and filters the trail to that record.
    const locationId = trail.data?.auditEvents.edges[0]?.node.recordId;
    const location = await harness.request<{ node: { __typename: string } }>(
      'query($id: ID!) { node(id: $id) { __typename } }',
      { id: locationId },
      admin,
    );
    expect(location.data?.node.__typename).toBe('StudyInstitute');
    const ofRecord = await harness.request<Trail>(
      'query($filter: AuditEventFilter) { auditEvents(first: 50, filter: $filter) { totalCount edges { node { id recordKind recordId operation } } } }',
      { filter: { recordId: locationId } },
      admin,
    );
    expect(ofRecord.data?.auditEvents.edges.every((e) => e.node.recordId === locationId)).toBe(true);
    const eventId = trail.data?.auditEvents.edges[0]?.node.id;
    const node = await harness.request<{ node: { __typename: string } }>(
      'query($id: ID!) { node(id: $id) { __typename } }',
      { id: eventId },
      admin,
    );
    expect(node.data?.node.__typename).toBe('AuditEvent');
  });

  it('lists institutes with locations and deletion check, organizations and persons', async () => {
    type Answer = {
      institutes: {
        edges: {
          node: { identifier: string; isDigiNet: boolean; deletionCheck: { canBeDeleted: boolean }; locations: { id: string }[] };
        }[];
      };
      organizations: {
        edges: {
          node: { displayName: string; institute: { identifier: string } | null; assignments: { person: { displayName: string } }[] };
        }[];
      };
    };
    const answer = await harness.request<Answer>(
      `{
      institutes(search: "10") { edges { node { identifier isDigiNet deletionCheck { canBeDeleted } locations { id } } } }
      organizations { edges { node { displayName institute { identifier } assignments { person { displayName } function } } } }
    }`,
      {},
      admin,
    );
    expect(answer.data?.institutes.edges[0]?.node).toMatchObject({
      identifier: '1001',
      isDigiNet: true,
      deletionCheck: { canBeDeleted: false },
    });
    const koeln = answer.data?.organizations.edges.find((e) => e.node.institute?.identifier === '1001');
    expect(koeln?.node.assignments.map((a) => a.person.displayName)).toEqual(['Dr. Lena Lunge']);
    expect(answer.extensions?.upstreamCalls).toBeLessThanOrEqual(6);
  });

  it('pages organizations and persons backwards too', async () => {
    type Page = { totalCount: number; pageInfo: { hasPreviousPage: boolean }; edges: { node: { id: string } }[] };
    const page = 'totalCount pageInfo { hasPreviousPage } edges { node { id } }';
    const answer = await harness.request<{ allOrganizations: Page; lastOrganization: Page; allPersons: Page; lastPerson: Page }>(
      `{
      allOrganizations: organizations(first: 500) { ${page} }
      lastOrganization: organizations(last: 1) { ${page} }
      allPersons: persons(first: 500) { ${page} }
      lastPerson: persons(last: 1) { ${page} }
    }`,
      {},
      admin,
    );
    const { allOrganizations, lastOrganization, allPersons, lastPerson } = answer.data ?? {};
    expect(allOrganizations?.totalCount).toBeGreaterThan(1);
    expect(lastOrganization?.edges.map((e) => e.node.id)).toEqual([allOrganizations?.edges.at(-1)?.node.id]);
    expect(lastOrganization?.pageInfo.hasPreviousPage).toBe(true);
    expect(allPersons?.totalCount).toBeGreaterThan(1);
    expect(lastPerson?.edges.map((e) => e.node.id)).toEqual([allPersons?.edges.at(-1)?.node.id]);
    expect(lastPerson?.pageInfo.hasPreviousPage).toBe(true);
  });

  it('creates an institute with the spec messages for identifier and postal code', async () => {
    const create =
      'mutation($input: InstituteInput!) { createInstitute(input: $input) { institute { identifier locations { id } } errors { code path message } } }';
    const invalid = await harness.request<{ createInstitute: { errors: Errors } }>(
      create,
      { input: { identifier: '12', displayName: 'Neu', isDigiNet: false, postalCode: '1234' } },
      admin,
    );
    expect(invalid.data?.createInstitute.errors.map((e) => [e.path, e.message])).toEqual([
      [['identifier'], '4 Ziffern'],
      [['postalCode'], '5 Ziffern'],
    ]);
    const identifier = String(4000 + Math.floor(Math.random() * 5999));
    const created = await harness.request<{ createInstitute: { institute: { identifier: string; locations: unknown[] } } }>(
      create,
      { input: { identifier, displayName: 'Neu', isDigiNet: true, postalCode: '12345' } },
      admin,
    );
    expect(created.data?.createInstitute.institute).toMatchObject({ identifier, locations: [expect.anything()] });
  });
});
