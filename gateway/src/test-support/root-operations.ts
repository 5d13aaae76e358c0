/**
 * An operation calling one root field with sample values for its required arguments, generated from the
 * schema (the access tests cover fields added later too).
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
import { toGlobalId } from '../graph/global-id.js';
import { typeDefs } from '../schema.js';

/** Root fields anyone may call without a token. */
export const publicRootFields: ReadonlySet<string> = new Set([
  'clientConfig',
  'signIn',
  'refreshSession',
  'requestPasswordRecovery',
  'resetPassword',
  // A patient's questionnaire: the access code is the credential (docs/decisions.md "Questionnaire accesses").
  'patientQuestionnaire',
  'submitQuestionnaireAnswers',
]);

/** A well-formed id of a record that does not exist, so a call reaches the backend's right check. */
const SAMPLE_ID = toGlobalId('User', '00000000-0000-4000-8000-000000000001');

/** A value of the right shape for a required argument; its content does not matter before authentication. */
export function sampleValue(type: GraphQLInputType): unknown {
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
  if (named.name === 'ID') return SAMPLE_ID;
  return 'VXNlcjox';
}

/** `selection`: what to select of an object result (its type name unless given). */
export function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, selection = '{ __typename }') {
  const args = field.args.filter((arg) => isNonNullType(arg.type));
  const declarations = args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const variables = Object.fromEntries(args.map((arg) => [arg.name, sampleValue(arg.type)]));
  const selected = field.type.toString().match(/^\[?(String|Boolean|Int|ID)/) ? '' : ` ${selection}`;
  return {
    query: `${kind}${declarations ? `(${declarations})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selected} }`,
    variables,
  };
}

/** The root queries and mutations of schema.graphql but those named in `except`. */
export function rootFieldsExcept(except: ReadonlySet<string>): { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[] {
  const schema = buildSchema(typeDefs);
  return (['query', 'mutation'] as const).flatMap((kind) => {
    const root = (kind === 'query' ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
    return Object.values(root.getFields())
      .filter((field) => !except.has(field.name))
      .map((field) => ({ kind, field }));
  });
}
