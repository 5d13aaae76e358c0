import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { fromGlobalId } from './graph/global-id.js';
import { demoPassword, startHarness, type Harness } from './test-support/gateway-harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const viewerQuery = `{
  viewer {
    id
    user { id userName displayName role { identifier } }
    role { identifier displayName }
    rights
    isAdmin
    requiresLocationSelection
    locations { id identifier displayName isDigiNet }
  }
}`;

type ViewerAnswer = {
  viewer: {
    id: string;
    user: { id: string; userName: string; displayName: string };
    role: { identifier: string };
    rights: string[];
    isAdmin: boolean;
    requiresLocationSelection: boolean;
    locations: { id: string; identifier: string; displayName: string; isDigiNet: boolean }[];
  };
};

describe('public fields', () => {
  it('gives the client configuration without a token (ecrf-core.md §9)', async () => {
    const answer = await harness.request<{ clientConfig: Record<string, unknown> }>(
      '{ clientConfig { versionLabel idleWarningAfterMs autoLogoutAfterWarn supportPhone supportEmail } }',
    );
    expect(answer.status).toBe(200);
    expect(answer.data?.clientConfig).toMatchObject({ versionLabel: '1.30.6', idleWarningAfterMs: 1_620_000, autoLogoutAfterWarn: 180 });
  });

  it('answers 401 UNAUTHENTICATED for the viewer without a valid token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const answer = await harness.request(viewerQuery, {}, token);
      expect(answer.status).toBe(401);
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses node lookups without a token', async () => {
    const answer = await harness.request('{ node(id: "VXNlcjox") { id } }');
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('sign-in and viewer', () => {
  it('reports wrong credentials as a typed user error', async () => {
    const answer = await harness.request<{ signIn: { session: unknown; errors: { code: string }[] } }>(
      'mutation { signIn(input: { userName: "documentalist", password: "falsch" }) { session { token } errors { code } } }',
    );
    expect(answer.data?.signIn).toEqual({ session: null, errors: [{ code: 'INVALID_CREDENTIALS' }] });
  });

  it('shows a location-bound user their role, rights and locations in one upstream call', async () => {
    const { token } = await harness.signIn('casemanager');
    const answer = await harness.request<ViewerAnswer>(viewerQuery, {}, token);
    const viewer = answer.data?.viewer;
    expect(viewer?.user.userName).toBe('casemanager');
    expect(viewer?.role.identifier).toBe('CaseManager');
    expect(viewer?.isAdmin).toBe(false);
    expect(viewer?.requiresLocationSelection).toBe(true);
    expect(viewer?.rights).toContain('PatientGetMyCmd');
    expect(viewer?.locations.map((l) => l.identifier).sort()).toEqual(['1001', '2002']);
    expect(viewer?.locations.find((l) => l.identifier === '1001')?.isDigiNet).toBe(true);
    expect(viewer?.locations.find((l) => l.identifier === '2002')?.isDigiNet).toBe(false);
    // current user, current rights, own locations: one call (GET Viewer), however many fields read them
    expect(answer.extensions?.upstreamCalls).toBe(1);
  });

  it('marks administrators and does not ask them for a location', async () => {
    const { token } = await harness.signIn('superadmin');
    const answer = await harness.request<ViewerAnswer>(viewerQuery, {}, token);
    expect(answer.data?.viewer.isAdmin).toBe(true);
    expect(answer.data?.viewer.requiresLocationSelection).toBe(false);
    expect(answer.data?.viewer.rights).toContain('SUPER_RIGHT');
  });

  it('resolves global ids through node and nodes, in one batched call per resource', async () => {
    const admin = await harness.signIn('superadmin');
    const physician = await harness.signIn('physician');
    const physicianViewer = (await harness.request<ViewerAnswer>(viewerQuery, {}, physician.token)).data?.viewer;
    const userId = physicianViewer?.user.id ?? '';
    const locationId = physicianViewer?.locations[0]?.id ?? '';
    expect(fromGlobalId(userId)?.type).toBe('User');
    const nodesQuery = `query($ids: [ID!]!) {
      nodes(ids: $ids) { id ... on User { userName role { identifier } } ... on StudyInstitute { identifier } }
    }`;
    const answer = await harness.request<{ nodes: ({ userName?: string; identifier?: string } | null)[] }>(
      nodesQuery,
      { ids: [userId, locationId, 'bm9wZQ'] },
      admin.token,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.nodes[0]?.userName).toBe('physician');
    expect(answer.data?.nodes[1]?.identifier).toBe(physicianViewer?.locations[0]?.identifier);
    expect(answer.data?.nodes[2]).toBeNull();
    // one call for the users (roles come with them), one for the study institutes
    expect(answer.extensions?.upstreamCalls).toBe(2);
  });

  it('answers null for a node the viewer may not see', async () => {
    const admin = await harness.signIn('superadmin');
    const adminId = (await harness.request<ViewerAnswer>(viewerQuery, {}, admin.token)).data?.viewer.user.id ?? '';
    const { token } = await harness.signIn('documentationassistant');
    const answer = await harness.request<{ node: unknown }>('query($id: ID!) { node(id: $id) { id } }', { id: adminId }, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.node).toBeNull();
  });
});

describe('session', () => {
  const refresh = `mutation($t: String!) { refreshSession(input: { refreshToken: $t }) { session { token refreshToken } } }`;

  it('rotates refresh tokens and refuses a used one with the backend message', async () => {
    const first = await harness.signIn('documentalist');
    const rotated = await harness.request<{ refreshSession: { session: { token: string; refreshToken: string } } }>(refresh, {
      t: first.refreshToken,
    });
    const second = rotated.data?.refreshSession.session;
    expect(second?.refreshToken).toBeTruthy();
    expect(second?.refreshToken).not.toBe(first.refreshToken);
    expect((await harness.request<ViewerAnswer>(viewerQuery, {}, second?.token)).data?.viewer.user.userName).toBe('documentalist');

    const replay = await harness.request(refresh, { t: first.refreshToken });
    expect(replay.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(replay.errors?.[0]?.message).toBe('refresh token expired');
  });

  it('signs out: the refresh token no longer works', async () => {
    const session = await harness.signIn('pathologist');
    const out = await harness.request<{ signOut: { signedOut: boolean } }>('mutation { signOut { signedOut } }', {}, session.token);
    expect(out.data?.signOut.signedOut).toBe(true);
    const again = await harness.request(refresh, { t: session.refreshToken });
    expect(again.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('password change', () => {
  const change = `mutation($input: ChangePasswordInput!) {
    changePassword(input: $input) { passwordChanged passwordSynchronized errors { code message path } }
  }`;
  type ChangeAnswer = {
    changePassword: {
      passwordChanged: boolean;
      passwordSynchronized: boolean;
      errors: { code: string; message: string; path: string[] }[];
    };
  };

  it('refuses weak passwords with the rule messages and a wrong old password', async () => {
    const { token } = await harness.signIn('consultant');
    const weak = await harness.request<ChangeAnswer>(change, { input: { oldPassword: demoPassword, newPassword: 'abc' } }, token);
    expect(weak.data?.changePassword.passwordChanged).toBe(false);
    expect(weak.data?.changePassword.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['Mindestens 6 Zeichen', 'Mindestens 1 Großbuchstaben', 'Mindestens eine Zahl']),
    );
    const wrong = await harness.request<ChangeAnswer>(change, { input: { oldPassword: 'Falsch1', newPassword: 'Neues-Passwort2' } }, token);
    expect(wrong.data?.changePassword.errors[0]).toMatchObject({ code: 'WRONG_PASSWORD', path: ['oldPassword'] });
  });

  it('changes and synchronises the password; the new one signs in', async () => {
    const { token } = await harness.signIn('researcher');
    const changed = await harness.request<ChangeAnswer>(
      change,
      { input: { oldPassword: demoPassword, newPassword: 'Neues-Passwort2' } },
      token,
    );
    expect(changed.data?.changePassword).toEqual({ passwordChanged: true, passwordSynchronized: true, errors: [] });
    const again = await harness.signIn('researcher', 'Neues-Passwort2');
    const back = await harness.request<ChangeAnswer>(
      change,
      { input: { oldPassword: 'Neues-Passwort2', newPassword: demoPassword } },
      again.token,
    );
    expect(back.data?.changePassword.passwordChanged).toBe(true);
  });
});

describe('password recovery', () => {
  it('accepts any address without saying whether it exists', async () => {
    const request = 'mutation($e: String!) { requestPasswordRecovery(input: { emailAddress: $e }) { accepted } }';
    const known = await harness.request<{ requestPasswordRecovery: { accepted: boolean } }>(request, {
      e: 'researcher@demo.register.local',
    });
    const unknown = await harness.request<{ requestPasswordRecovery: { accepted: boolean } }>(request, { e: 'niemand@example.org' });
    expect(known.data).toEqual(unknown.data);
    expect(unknown.data?.requestPasswordRecovery.accepted).toBe(true);
  });

  it('refuses an invalid challenge as a typed error', async () => {
    const answer = await harness.request<{ resetPassword: { passwordReset: boolean; errors: { code: string }[] } }>(
      'mutation { resetPassword(input: { userId: "00000000-0000-0000-0000-000000000000", challenge: "x", newPassword: "Neues-Passwort2" }) { passwordReset errors { code } } }',
    );
    expect(answer.data?.resetPassword).toEqual({ passwordReset: false, errors: [{ code: 'INVALID_CHALLENGE' }] });
  });
});

describe('graphql-ws on the same port', () => {
  function wsClient(authorization?: string) {
    return createClient({
      url: harness.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: authorization ? { authorization } : {},
      retryAttempts: 0,
      lazy: true,
    });
  }

  it('runs operations for a signed-in connection', async () => {
    const { token } = await harness.signIn('datamanager');
    const client = wsClient(`Bearer ${token}`);
    const result = await new Promise((resolve, reject) => {
      client.subscribe({ query: '{ viewer { user { userName } } }' }, { next: resolve, error: reject, complete: () => undefined });
    });
    expect(result).toEqual({ data: { viewer: { user: { userName: 'datamanager' } } } });
    await client.dispose();
  });

  it('refuses a connection without a valid token', async () => {
    const client = wsClient('Bearer invalid');
    const outcome = await new Promise((resolve) => {
      client.subscribe(
        { query: '{ clientConfig { versionLabel } }' },
        {
          next: () => resolve('data'),
          error: (error: unknown) => resolve((error as { code?: number }).code ?? 'error'),
          complete: () => resolve('complete'),
        },
      );
    });
    expect(outcome).toBe(4403);
    await client.dispose();
  });
});
