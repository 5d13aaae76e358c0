/**
 * Relay cursor connections: a negative `first` or `last` is refused with BAD_USER_INPUT on every connection of the
 * schema (read from schema.graphql, so connections added later are held to it too), written in the document or
 * passed as a variable, before anything runs. The gateway has no backend behind it: the refusal needs none, while a
 * page size of 0 gets past it and runs (UPSTREAM_UNAVAILABLE).
 */
import {
  buildSchema,
  getNamedType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeDefs } from '../schema.js';
import { toGlobalId, type NodeType } from './global-id.js';
import { sampleValue } from '../test-support/root-operations.js';
import { startModeGateways, type ModeGateways } from '../test-support/mode-gateways.js';

const schema = buildSchema(typeDefs);
type Field = GraphQLField<unknown, unknown>;
type Connection = { parent: GraphQLObjectType; field: Field };

const connections: Connection[] = Object.values(schema.getTypeMap())
  .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__'))
  .flatMap((parent) =>
    Object.values(parent.getFields())
      .filter((field) => getNamedType(field.type).name.endsWith('Connection'))
      .map((field) => ({ parent, field })),
  );

type Operation = { declarations: string[]; variables: Record<string, unknown> };

/** `name(required: $…)`, with a variable of a sample value per required argument. */
function call(field: Field, operation: Operation, extra = ''): string {
  const passed = field.args
    .filter((arg) => isNonNullType(arg.type))
    .map((arg) => {
      const variable = `${field.name}_${arg.name}`;
      operation.declarations.push(`$${variable}: ${arg.type.toString()}`);
      operation.variables[variable] = sampleValue(arg.type);
      return `${arg.name}: $${variable}`;
    });
  const all = [...passed, ...(extra ? [extra] : [])];
  return all.length > 0 ? `${field.name}(${all.join(', ')})` : field.name;
}

/** The fields leading from Query to `target` (breadth first), or `node(id:)` with a fragment for a Node type. */
function selectionInto(target: GraphQLObjectType, inner: string, operation: Operation): string {
  if (target.name === 'Query') return inner;
  if (target.getInterfaces().some((i) => i.name === 'Node')) {
    operation.declarations.push('$id: ID!');
    operation.variables.id = toGlobalId(target.name as NodeType, '1');
    return `node(id: $id) { ... on ${target.name} { ${inner} } }`;
  }
  const query = schema.getQueryType() as GraphQLObjectType;
  const reached = new Map<string, { from: GraphQLNamedType; field: Field } | null>([[query.name, null]]);
  const queue: GraphQLNamedType[] = [query];
  while (queue.length > 0 && !reached.has(target.name)) {
    const type = queue.shift() as GraphQLNamedType;
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const next = getNamedType(field.type);
      if (reached.has(next.name)) continue;
      reached.set(next.name, { from: type, field });
      queue.push(next);
    }
  }
  let selection = inner;
  for (let step = reached.get(target.name); step; step = reached.get(step.from.name)) {
    selection = `${call(step.field, operation)} { ${selection} }`;
  }
  return selection;
}

/** An operation reading the connection with `size` as its `argument`: a number, or `$size` passed as a variable. */
function operationFor({ parent, field }: Connection, argument: string, size: number | '$size') {
  const operation: Operation = { declarations: size === '$size' ? ['$size: Int'] : [], variables: {} };
  const selection = selectionInto(parent, `${call(field, operation, `${argument}: ${size}`)} { __typename }`, operation);
  const declared = operation.declarations.length > 0 ? `(${operation.declarations.join(', ')})` : '';
  return { query: `query${declared} { ${selection} }`, variables: operation.variables };
}

let gateways: ModeGateways;
beforeAll(async () => {
  gateways = await startModeGateways();
});
afterAll(async () => {
  await gateways?.close();
});

type Answer = { status: number; errors: { message: string; extensions: { code: string; field?: string; argumentName?: string } }[] };

async function ask({ query, variables }: { query: string; variables: Record<string, unknown> }): Promise<Answer> {
  const response = await fetch(`${gateways.urls.production}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: Answer['errors'] };
  return { status: response.status, errors: body.errors ?? [] };
}

describe('page sizes of connections', () => {
  it('finds the connections of the schema', () => {
    expect(connections.length).toBeGreaterThanOrEqual(26);
    expect(connections.map(({ parent, field }) => `${parent.name}.${field.name}`)).toEqual(
      expect.arrayContaining(['Query.studyPatients', 'Instrument.history', 'ScreeningReport.rows', 'StudyInstitute.users']),
    );
  });

  it.each(connections.map((connection) => [`${connection.parent.name}.${connection.field.name}`, connection] as const))(
    '%s refuses a negative first and last with BAD_USER_INPUT',
    async (name, connection) => {
      const argumentNames = connection.field.args.map((arg) => arg.name).filter((arg) => arg === 'first' || arg === 'last');
      expect(argumentNames).toContain('first');
      for (const argument of argumentNames) {
        const written = await ask(operationFor(connection, argument, -1));
        expect(written).toEqual({
          status: 400,
          errors: [
            expect.objectContaining({
              message: `${argument} von ${name} darf nicht negativ sein (-1).`,
              extensions: { code: 'BAD_USER_INPUT', field: name, argumentName: argument },
            }),
          ],
        });
        const passed = operationFor(connection, argument, '$size');
        const refused = await ask({ ...passed, variables: { ...passed.variables, size: -5 } });
        expect(refused.errors.map((error) => error.message)).toEqual([`${argument} von ${name} darf nicht negativ sein (-5).`]);
        // A page of 0 passes this check and runs: it needs the backend, and there is none.
        const empty = await ask(operationFor(connection, argument, 0));
        expect(empty.errors.map((error) => error.extensions.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
      }
    },
  );
});
