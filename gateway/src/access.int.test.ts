/**
 * Every root field but the public ones refuses a request without a valid token (foundation issue,
 * "Done when"). The operations are generated from schema.graphql, so fields added later are covered too.
 */
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isListType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeDefs } from './schema.js';
import { startHarness, type Harness } from './test-support/gateway-harness.js';

const publicFields = new Set([
  'clientConfig',
  'signIn',
  'refreshSession',
  'requestPasswordRecovery',
  'resetPassword',
  // A patient's questionnaire: the access code is the credential (docs/decisions.md "Questionnaire accesses").
  'patientQuestionnaire',
  'submitQuestionnaireAnswers',
]);

/** A value of the right shape for a required argument; its content does not matter before authentication. */
function sampleValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType);
  if (isListType(type)) return [sampleValue(type.ofType)];
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    return Object.fromEntries(
      Object.values(named.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleValue(field.type)]),
    );
  }
  if (isEnumType(named)) return named.getValues()[0]?.value;
  if (named.name === 'Int' || named.name === 'Float') return 1;
  if (named.name === 'Boolean') return true;
  if (named.name === 'Date') return '2026-01-01';
  if (named.name === 'DateTime') return '2026-01-01T00:00:00Z';
  if (named.name === 'PartialDate') return '2026-UK-UK';
  return 'VXNlcjox';
}

function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const args = field.args.filter((arg) => isNonNullType(arg.type));
  const declarations = args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const variables = Object.fromEntries(args.map((arg) => [arg.name, sampleValue(arg.type)]));
  const selection = field.type.toString().match(/^\[?(String|Boolean|Int|ID)/) ? '' : ' { __typename }';
  return {
    query: `${kind}${declarations ? `(${declarations})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`,
    variables,
  };
}

const schema = buildSchema(typeDefs);
const rootFields = (['query', 'mutation'] as const).flatMap((kind) => {
  const root = (kind === 'query' ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
  return Object.values(root.getFields())
    .filter((field) => !publicFields.has(field.name))
    .map((field) => ({ kind, field }));
});

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
