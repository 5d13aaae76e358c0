/**
 * Relay's object identification: every global id names exactly one object. One instance of every Node type of the
 * schema (the types are read from schema.graphql, so a type added later fails here until it is found) is read where
 * it appears, with every field that takes no required argument and answers a scalar or enum, then refetched through
 * `node(id:)` with the same selection: both answers must be equal. A type seen in several places (an instrument
 * definition under each visit, in the version's list, as a documented instrument's definition) is refetched from
 * each, so an id shared by objects that differ (issue 27: `staging` with order 40 under the baseline, 10 elsewhere)
 * fails.
 */
import { buildSchema, getNamedType, isEnumType, isNonNullType, isObjectType, isScalarType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeDefs } from '../schema.js';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { nodeFixtures, type NodeFixtures } from '../test-support/node-fixtures.js';

const schema = buildSchema(typeDefs);
const nodeTypes = Object.values(schema.getTypeMap()).filter(
  (type): type is GraphQLObjectType => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'),
);

/** Fields whose answer is new on every read by design: one-minute download links (docs/gateway.md "Exports"). */
const FRESH_PER_READ = new Set(['downloadUrl']);

/** Every scalar and enum field of the type that needs no argument, with `__typename`. */
function leavesOf(type: GraphQLObjectType): string[] {
  const fields = Object.values(type.getFields())
    .filter((field) => !field.args.some((arg) => isNonNullType(arg.type)) && !FRESH_PER_READ.has(field.name))
    .filter((field) => isScalarType(getNamedType(field.type)) || isEnumType(getNamedType(field.type)))
    .map((field) => field.name);
  return ['__typename', ...fields];
}
const LEAVES = new Map(nodeTypes.map((type) => [type.name, leavesOf(type)]));
/** `fragment Leaves_T on T { … }` per Node type. */
const FRAGMENTS = new Map([...LEAVES].map(([name, leaves]) => [name, `fragment Leaves_${name} on ${name} { ${leaves.join(' ')} }`]));

/** The document with the fragments it spreads (`...Leaves_T`). */
function withFragments(query: string): string {
  const spread = new Set([...query.matchAll(/\.\.\.Leaves_(\w+)/g)].map((match) => match[1] ?? ''));
  return [query, ...[...spread].map((name) => FRAGMENTS.get(name))].join('\n');
}

type Found = Record<string, unknown> & { __typename: string; id: string };

/** Every object of a Node type in an answer, by type and id; the same id met twice with different values is kept twice. */
function collect(value: unknown, into: Map<string, Found[]>): void {
  if (Array.isArray(value)) return value.forEach((item) => collect(item, into));
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const names = typeof record.__typename === 'string' ? LEAVES.get(record.__typename) : undefined;
  if (names && typeof record.id === 'string' && names.every((name) => name in record)) {
    const leaves = Object.fromEntries(names.map((name) => [name, record[name]]));
    const list = into.get(String(record.__typename)) ?? [];
    if (!list.some((seen) => JSON.stringify(seen) === JSON.stringify(leaves))) list.push(leaves as Found);
    into.set(String(record.__typename), list);
  }
  Object.values(record).forEach((child) => collect(child, into));
}

let harness: Harness;
let token: string;
let fixtures: NodeFixtures;
const found = new Map<string, Found[]>();

beforeAll(async () => {
  harness = await startHarness();
  token = (await harness.signIn('superadmin')).token;
  fixtures = await nodeFixtures(harness, token);
  for (const { query, variables } of fixtures.readings) {
    const answer = await harness.request<Record<string, unknown>>(withFragments(query), variables, token);
    if (answer.errors) throw new Error(`${query}\n→ ${JSON.stringify(answer.errors)}`);
    collect(answer.data, found);
  }
}, 240_000);
afterAll(async () => {
  await harness?.close();
});

describe('node(id:) refetches what the id was read with', () => {
  it('finds an instance of every Node type of the schema', () => {
    expect([...found.keys()].sort()).toEqual(nodeTypes.map((type) => type.name).sort());
  });

  it('sees a shared instrument definition with a different order under different visits, under different ids', () => {
    const staging = (found.get('InstrumentDefinition') ?? []).filter((definition) => definition.identifier === 'staging');
    expect(new Set(staging.map((definition) => definition.order)).size).toBeGreaterThan(1);
    expect(new Set(staging.map((definition) => definition.id)).size).toBe(staging.length);
  });

  it.each(nodeTypes.map((type) => [type.name]))('%s: node(id:) answers each instance as it was read', async (typeName) => {
    // At most 25 of a type: enough to meet every place it appears in the readings.
    const instances = (found.get(typeName) ?? []).slice(0, 25);
    expect(instances.length).toBeGreaterThan(0);
    for (const instance of instances) {
      const answer = await harness.request<{ node: unknown }>(
        withFragments(`query($id: ID!) { node(id: $id) { ...Leaves_${typeName} } }`),
        { id: instance.id },
        token,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.node).toEqual(instance);
    }
  });
});
