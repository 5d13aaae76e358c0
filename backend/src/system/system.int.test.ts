/** The utility calls of ecrf-calls.md §7: offered in OpenAPI, guarded by their rights, answering real values. */
import { passwordStrengthErrors, type RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUserWithRights, createTestBackend, signIn, type MadeUser, type TestBackend } from '../test-support/test-backend.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

let backend: TestBackend;
const made: MadeUser[] = [];
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(async () => {
  for (const user of made) await user.remove();
  await backend.close();
});

async function tokenWith(rights: RightName[]): Promise<string> {
  const user = await createUserWithRights(backend.database, rights);
  made.push(user);
  return (await signIn(backend.app, user.userName, user.password)).token;
}

const get = (url: string, token: string) => backend.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers: bearer(token) });

const guarded: Array<[string, RightName]> = [
  ['/password', 'PasswordGenerateCmd'],
  ['/environment', 'EnvironmentGetCmd'],
  ['/assemblies', 'AssembliesGetCmd'],
];

describe('system calls', () => {
  it('are all in the OpenAPI document', async () => {
    const document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>();
    expect(document.paths['/api/v1.0/password']?.get?.operationId).toBe('generatePassword');
    expect(document.paths['/api/v1.0/environment']?.get?.operationId).toBe('getEnvironment');
    expect(document.paths['/api/v1.0/assemblies']?.get?.operationId).toBe('getAssemblies');
    expect(document.paths['/api/v1.0/connectivity']?.head?.operationId).toBe('checkConnectivity-head');
  });

  it.each(guarded)('GET %s answers 403 to a caller holding the other system rights but not %s', async (url, right) => {
    const others = guarded.map(([, r]) => r).filter((r) => r !== right);
    const response = await get(url, await tokenWith(others));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ECRF_ERR_FORBIDDEN', message: ACCESS_MESSAGES.missingRight(right) });
  });

  it('generates a different password meeting the administrator policy on every call, and states the policy', async () => {
    const token = await tokenWith(['PasswordGenerateCmd']);
    const answers = await Promise.all([get('/password', token), get('/password', token)]);
    const bodies = answers.map((a) => a.json<{ password: string; policy: { minLength: number; rules: string[] } }>());
    for (const body of bodies) expect(passwordStrengthErrors(body.password, 'administrator')).toEqual([]);
    expect(bodies[0]?.password).not.toBe(bodies[1]?.password);
    expect(bodies[0]?.policy).toMatchObject({ minLength: 6, specialCharacters: '!§$%&/()=.,;:-' });
    expect(bodies[0]?.policy.rules).toContain('Mindestens 6 Zeichen');
  });

  it('names the running backend, Node.js, PostgreSQL and the newest applied migration', async () => {
    const response = await get('/assemblies', await tokenWith(['AssembliesGetCmd']));
    expect(response.statusCode).toBe(200);
    const { components } = response.json<{ components: Array<{ name: string; version: string }> }>();
    const version = (name: string) => components.find((c) => c.name === name)?.version;
    expect(version('@ecrf/backend')).toBe('1.30.6');
    expect(version('node')).toBe(process.versions.node);
    const server = await backend.database.db
      .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('server_version')]).as('v'))
      .executeTakeFirstOrThrow();
    expect(version('postgresql')).toBe(server.v);
    expect(version('database-schema')).toMatch(/^\d+.*\.sql$/);
  });
});
