/**
 * The graph never grants more than the REST API (issue 15 item 10): a signed-in user whose role holds no
 * right gets no data from any root field or mutation — generated from schema.graphql, so fields added later
 * are covered too — and a user of one location reads another location's patient as null. The REST side is
 * backend/src/rights/rights-matrix.int.test.ts.
 */
import { getNamedType, isLeafType, isNonNullType, isObjectType, type GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './test-support/gateway-harness.js';
import { patientFixtures } from './test-support/patient-fixtures.js';
import { queryFixtures } from './test-support/query-fixtures.js';
import { operationFor, publicRootFields, rootFieldsExcept } from './test-support/root-operations.js';

/** Root fields that need no right: the public ones, and signing out of one's own session. */
const withoutRight = new Set([...publicRootFields, 'signOut']);

/** The codes of a refusal (a field may also answer a refusal as null): no right, no session, or not found. */
const REFUSALS = ['FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND'];

const rootFields = rootFieldsExcept(withoutRight);

/** Every field of an object result that needs no argument, so any data it carries shows. */
function everyField(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  if (!isObjectType(named)) return '{ __typename }';
  const parts = Object.values(named.getFields())
    .filter((child) => !child.args.some((arg) => isNonNullType(arg.type)))
    .map((child) => (isLeafType(getNamedType(child.type)) ? child.name : `${child.name} { __typename }`));
  return `{ ${parts.join(' ')} }`;
}

/** Data is anything but null, a list of no data, or a payload's `errors`. */
function carriesData(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.some(carriesData);
  if (typeof value !== 'object') return true;
  return Object.entries(value).some(([key, child]) => key !== 'errors' && key !== '__typename' && carriesData(child));
}

let harness: Harness;
let rightless: string;
let superadmin: string;
beforeAll(async () => {
  harness = await startHarness();
  superadmin = (await harness.signIn('superadmin')).token;
  const role = await harness.request<{ createRole: { role: { identifier: string } | null } }>(
    'mutation($input: RoleInput!) { createRole(input: $input) { role { identifier } errors { code } } }',
    { input: { identifier: `TestRole_Rightless_${Date.now()}`, displayName: 'Ohne Rechte', rightIds: [] } },
    superadmin,
  );
  const identifier = role.data?.createRole.role?.identifier;
  if (!identifier) throw new Error(`createRole: ${JSON.stringify(role)}`);
  rightless = await queryFixtures(harness, superadmin).userAt(identifier, ['1001']);
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

describe('the graph grants no more than the REST API', () => {
  it.each(rootFields.map(({ kind, field }) => [`${kind} ${field.name}`, kind, field] as const))(
    '%s gives a user without rights no data',
    async (_, kind, field) => {
      const { query, variables } = operationFor(kind, field, everyField(field));
      const answer = await harness.request<Record<string, unknown>>(query, variables, rightless);
      expect(carriesData(answer.data?.[field.name]), `${query}\n→ ${JSON.stringify(answer)}`).toBe(false);
      const codes = [
        ...(answer.errors ?? []).map((error) => error.extensions?.code),
        ...((answer.data?.[field.name] as { errors?: { code: string }[] } | null)?.errors ?? []).map((error) => error.code),
      ];
      for (const code of codes) expect(REFUSALS, `${query}\n→ ${JSON.stringify(answer)}`).toContain(code);
    },
  );

  it("reads another location's patient as null, its own location's as the patient", async () => {
    const patients = patientFixtures(harness, superadmin);
    const [own, foreign] = [await patients.createPatient('1001'), await patients.createPatient('2002')];
    const physician = await queryFixtures(harness, superadmin).userAt('Physician', ['1001']);
    const read = (id: string) =>
      harness.request<{ node: { id: string } | null }>('query($id: ID!) { node(id: $id) { id } }', { id }, physician);
    expect((await read(own)).data?.node).toEqual({ id: own });
    const hidden = await read(foreign);
    expect(hidden.data?.node).toBeNull();
    expect(hidden.errors ?? []).toEqual([]);
  });
});
