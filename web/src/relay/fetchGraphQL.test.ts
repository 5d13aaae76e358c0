import { describe, expect, it, vi } from 'vitest';
import type { RequestParameters } from 'relay-runtime';
import { createFetchGraphQL, createSessionRefresh } from './fetchGraphQL';
import type { FetchGraphQLDeps } from './fetchGraphQL';
import { NetworkError, RefusedError, SessionExpiredError } from '../errors/errorCatalogue';

function request(name: string): RequestParameters {
  return { name, operationKind: 'query', text: `query ${name} { viewer { id } }`, id: null, cacheID: name, metadata: {} };
}

function reply(body: unknown): Response {
  return { status: 200, statusText: 'OK', json: () => Promise.resolve(body) } as Response;
}

const unauthenticated = { data: null, errors: [{ message: 'unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] };

function setup(responses: unknown[]) {
  let token: string | null = 'old-token';
  let refreshToken: string | null = 'old-refresh';
  const queue = [...responses];
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => {
    const next = queue.shift();
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(reply(next));
  });
  const transport = { fetch: fetchMock as unknown as typeof fetch, endpoint: '/graphql' };
  const refresh = createSessionRefresh(transport, {
    ...request('RefreshSessionMutation'),
    operationKind: 'mutation',
    text: null,
    id: 'refresh-session-id',
  });
  // This tab alone: it renews with its own refresh token (the tabs' agreement is tested in tabSession.test.ts).
  const deps: FetchGraphQLDeps = {
    ...transport,
    getToken: () => token,
    renewSession: vi.fn(async (staleToken: string | null) => {
      if (staleToken !== token) return token !== null;
      const renewed = refreshToken === null ? null : await refresh(refreshToken);
      if (renewed === null) return false;
      ({ token, refreshToken } = renewed);
      return true;
    }),
    onSessionExpired: vi.fn(),
    onError: vi.fn(),
  };
  const sentAuthorization = (call: number): string | undefined =>
    (fetchMock.mock.calls[call]?.[1].headers as Record<string, string>).Authorization;
  return { deps, fetchMock, fetchGraphQL: createFetchGraphQL(deps), sentAuthorization };
}

describe('fetchGraphQL', () => {
  it('sends the bearer token and returns the response', async () => {
    const { fetchGraphQL, sentAuthorization, deps } = setup([{ data: { viewer: { id: 'v' } } }]);
    await expect(fetchGraphQL(request('AppShellQuery'), {})).resolves.toEqual({ data: { viewer: { id: 'v' } } });
    expect(sentAuthorization(0)).toBe('Bearer old-token');
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('sends a persisted operation by its id, without its text (issue 15 item 9)', async () => {
    const { fetchGraphQL, fetchMock } = setup([{ data: { viewer: { id: 'v' } } }]);
    await fetchGraphQL({ ...request('AppShellQuery'), id: 'app-shell-id', text: null }, { first: 2 });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({
      doc_id: 'app-shell-id',
      variables: { first: 2 },
      operationName: 'AppShellQuery',
    });
  });

  it('refreshes once on UNAUTHENTICATED, stores the new session and retries', async () => {
    const refreshed = { data: { refreshSession: { session: { token: 'new-token', refreshToken: 'new-refresh', expiresAt: 'x' } } } };
    const { fetchGraphQL, fetchMock, deps, sentAuthorization } = setup([unauthenticated, refreshed, { data: { ok: true } }]);
    await expect(fetchGraphQL(request('HomeScreenQuery'), {})).resolves.toEqual({ data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const refreshBody = JSON.parse(String(fetchMock.mock.calls[1]?.[1].body)) as { doc_id: string; variables: unknown };
    expect(refreshBody).toMatchObject({ doc_id: 'refresh-session-id', variables: { input: { refreshToken: 'old-refresh' } } });
    expect(deps.renewSession).toHaveBeenCalledWith('old-token');
    expect(sentAuthorization(2)).toBe('Bearer new-token');
  });

  it('logs out when the refresh token is refused', async () => {
    const refused = { data: null, errors: [{ message: 'refresh token expired', extensions: { code: 'UNAUTHENTICATED' } }] };
    const { fetchGraphQL, fetchMock, deps } = setup([unauthenticated, refused]);
    await expect(fetchGraphQL(request('HomeScreenQuery'), {})).rejects.toBeInstanceOf(SessionExpiredError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('does not refresh for signIn', async () => {
    const { fetchGraphQL, fetchMock, deps } = setup([unauthenticated]);
    await fetchGraphQL(request('SignInMutation'), {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('alerts a network failure', async () => {
    const { fetchGraphQL, deps } = setup([new TypeError('Failed to fetch')]);
    await expect(fetchGraphQL(request('HomeScreenQuery'), {})).rejects.toThrow(
      'Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.',
    );
    expect(deps.onError).toHaveBeenCalledWith({
      kind: 'alert',
      message: 'Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.',
    });
  });

  it('only warns about NOT_FOUND and alerts other errors', async () => {
    const { fetchGraphQL, deps } = setup([
      { data: { node: null }, errors: [{ message: 'gone', extensions: { code: 'NOT_FOUND' } }] },
      { data: { users: null }, errors: [{ message: 'Verboten', extensions: { code: 'FORBIDDEN' } }] },
    ]);
    await fetchGraphQL(request('AQuery'), {});
    expect(deps.onError).toHaveBeenLastCalledWith({ kind: 'warn', message: 'gone' });
    await fetchGraphQL(request('BQuery'), {});
    expect(deps.onError).toHaveBeenLastCalledWith({
      kind: 'alert',
      message: 'Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.',
    });
  });

  it('leaves errors of the password change to its form', async () => {
    const { fetchGraphQL, deps } = setup([{ data: null, errors: [{ message: 'x', extensions: { code: 'BAD_USER_INPUT' } }] }]);
    await fetchGraphQL(request('ChangePasswordMutation'), {});
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('fails the request as a network failure when the gateway cannot reach the backend', async () => {
    const outage = {
      data: null,
      errors: [{ message: 'backend unreachable: connect ECONNREFUSED', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
    };
    const { fetchGraphQL, deps } = setup([outage]);
    await expect(fetchGraphQL(request('PatientsScreenQuery'), {})).rejects.toBeInstanceOf(NetworkError);
    expect(deps.onError).toHaveBeenCalledTimes(1);
    expect(deps.onError).toHaveBeenCalledWith({
      kind: 'alert',
      message: 'Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.',
    });
  });

  it('fails a refused screen query as a refusal, alerted once in German (issue 18, defect 3)', async () => {
    const refused = {
      data: null,
      errors: [{ message: 'missing right UserGetAllCmd', path: ['users'], extensions: { code: 'FORBIDDEN' } }],
    };
    const { fetchGraphQL, deps } = setup([refused]);
    await expect(fetchGraphQL(request('InstitutesScreenQuery'), {})).rejects.toBeInstanceOf(RefusedError);
    expect(deps.onError).toHaveBeenCalledTimes(1);
    expect(deps.onError).toHaveBeenCalledWith({
      kind: 'alert',
      message: 'Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.',
    });
  });

  it('hands a refused mutation to Relay as it came: its caller handles it', async () => {
    const refused = { data: null, errors: [{ message: 'missing right', extensions: { code: 'FORBIDDEN' } }] };
    const { fetchGraphQL } = setup([refused]);
    const mutation = { ...request('DeleteUserMutation'), operationKind: 'mutation' as const };
    await expect(fetchGraphQL(mutation, {})).resolves.toEqual(refused);
  });

  it('gives every request a time-out signal, so a hung gateway ends as a network failure', async () => {
    const { fetchGraphQL, fetchMock } = setup([{ data: { ok: true } }]);
    await fetchGraphQL(request('HomeScreenQuery'), {});
    expect(fetchMock.mock.calls[0]?.[1].signal).toBeInstanceOf(AbortSignal);
  });
});
