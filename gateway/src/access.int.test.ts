/**
 * Every root field but the public ones refuses a request without a valid token (foundation issue,
 * "Done when"). The operations are generated from schema.graphql, so fields added later are covered too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './test-support/gateway-harness.js';
import { operationFor, publicRootFields, rootFieldsExcept } from './test-support/root-operations.js';

const rootFields = rootFieldsExcept(publicRootFields);

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('every non-public root field without a valid token', () => {
  it('covers the schema', () => {
    expect(rootFields.map(({ field }) => field.name)).toEqual(
      expect.arrayContaining(['viewer', 'node', 'nodes', 'signOut', 'changePassword']),
    );
  });

  it.each(rootFields.map(({ kind, field }) => [`${kind} ${field.name}`, kind, field] as const))(
    '%s answers UNAUTHENTICATED',
    async (_, kind, field) => {
      const { query, variables } = operationFor(kind, field);
      for (const token of [undefined, 'expired-or-forged']) {
        const answer = await harness.request(query, variables, token);
        expect(
          answer.errors?.map((error) => error.extensions?.code),
          query,
        ).toEqual(['UNAUTHENTICATED']);
      }
    },
  );
});
