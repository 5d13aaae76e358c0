import { readFile } from 'node:fs/promises';
import { Kind, buildSchema, parse, type DocumentNode, type FieldDefinitionNode, type InputValueDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR, mergedSchema } from '../../scripts/schema.mjs';
import { lintDescriptions } from './schema-lint.js';

/**
 * Domain files another change of issue 10 is reworking now: the lint skips the types and the root fields they
 * define (members they add to other files' types are still checked). This list must be empty when issue 10 is closed.
 */
const DOMAIN_FILES_AWAITING_DESCRIPTIONS = ['study-patients.graphql'];

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

function fieldCoordinates(typeName: string, fields: readonly (FieldDefinitionNode | InputValueDefinitionNode)[] = []): string[] {
  return fields.flatMap((field) => [
    `${typeName}.${field.name.value}`,
    ...('arguments' in field ? (field.arguments ?? []) : []).map((arg) => `${typeName}.${field.name.value}(${arg.name.value}:)`),
  ]);
}

/** The coordinates of the types a document defines with all their members, and of the root fields it adds. */
function coordinatesDefinedIn(document: DocumentNode): string[] {
  return document.definitions.flatMap((definition) => {
    switch (definition.kind) {
      case Kind.OBJECT_TYPE_DEFINITION:
      case Kind.INTERFACE_TYPE_DEFINITION:
      case Kind.INPUT_OBJECT_TYPE_DEFINITION:
        return [definition.name.value, ...fieldCoordinates(definition.name.value, definition.fields)];
      case Kind.ENUM_TYPE_DEFINITION:
        return [definition.name.value, ...(definition.values ?? []).map((value) => `${definition.name.value}.${value.name.value}`)];
      case Kind.UNION_TYPE_DEFINITION:
      case Kind.SCALAR_TYPE_DEFINITION:
        return [definition.name.value];
      case Kind.OBJECT_TYPE_EXTENSION:
        return ROOT_TYPES.has(definition.name.value) ? fieldCoordinates(definition.name.value, definition.fields) : [];
      default:
        return [];
    }
  });
}

async function exemptCoordinates(): Promise<Set<string>> {
  const files = await Promise.all(DOMAIN_FILES_AWAITING_DESCRIPTIONS.map((file) => readFile(new URL(file, SCHEMA_DIR), 'utf8')));
  return new Set(files.flatMap((sdl) => coordinatesDefinedIn(parse(sdl))));
}

describe('the graph (schema.graphql)', () => {
  it('describes every type, field, argument, input field and enum value in its own terms', async () => {
    const problems = lintDescriptions(buildSchema(await mergedSchema()), await exemptCoordinates());
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});

describe('lintDescriptions', () => {
  const described = `
    "The root." type Query { "A thing." thing("Which one." id: ID!): Thing }
    "A thing." type Thing { "Its id." id: ID! "Its colour." colour: Colour }
    "A colour." enum Colour { "Red." RED }
  `;

  it('accepts a schema where every member is described', () => {
    expect(lintDescriptions(buildSchema(described))).toEqual([]);
  });

  it('names each member without a description by its coordinate', () => {
    const schema = buildSchema(`
      type Query { thing(id: ID!, "Shown." shown: Int): Thing }
      "Described." type Thing { id: ID! }
      enum Colour { RED }
      input ThingInput { name: String }
      union Result = Thing
      scalar Instant
      interface Named { name: String }
      "Uses them." type Uses implements Named { "Name." name: String "Colour." colour(f: ThingInput): Colour "R." r: Result "I." i: Instant }
    `);
    expect(lintDescriptions(schema)).toEqual([
      'Query has no description',
      'Query.thing has no description',
      'Query.thing(id:) has no description',
      'Thing.id has no description',
      'Colour has no description',
      'Colour.RED has no description',
      'ThingInput has no description',
      'ThingInput.name has no description',
      'Result has no description',
      'Instant has no description',
      'Named has no description',
      'Named.name has no description',
      'Uses.colour(f:) has no description',
    ]);
  });

  it('refuses descriptions that name REST calls or backend storage', () => {
    const wordings = [
      'Read with GET Patient.',
      'Served by /api/v1.0/User.',
      'One row of `StudyInstitute/overview`.',
      'From NngmStudyPatient/ lists.',
      'Like `User/{id}`.',
      'As `Right/currentUser` answers.',
      'Batched as `?ids=`.',
      'A row of app_user.',
    ];
    for (const wording of wordings) {
      const [problem] = lintDescriptions(buildSchema(`"The root." type Query { "${wording}" thing: Int }`));
      expect(problem, wording).toMatch(/^Query\.thing names /);
    }
  });

  it('accepts right names, spec sections, documents and time zones', () => {
    const fine = 'Needs UserGetAllCmd (ecrf-core.md §4, docs/gateway.md "Errors"); the day in Europe/Berlin; DELETE_USER or `DELETE`.';
    expect(lintDescriptions(buildSchema(`"The root." type Query { """${fine}""" thing: Int }`))).toEqual([]);
  });

  it('skips exempt coordinates', () => {
    const schema = buildSchema('type Query { thing(id: ID): Int }');
    expect(lintDescriptions(schema, new Set(['Query', 'Query.thing']))).toEqual(['Query.thing(id:) has no description']);
  });
});

describe('coordinatesDefinedIn', () => {
  it('takes the types a file defines with their members, and the root fields it adds, but not what it adds to other types', () => {
    const document = parse(`
      extend type Query { list(first: Int): [Item!]! }
      type Item { id: ID! }
      enum Kind { A }
      input Filter { kind: Kind }
      extend type User { items: [Item!]! }
    `);
    expect(coordinatesDefinedIn(document)).toEqual([
      'Query.list',
      'Query.list(first:)',
      'Item',
      'Item.id',
      'Kind',
      'Kind.A',
      'Filter',
      'Filter.kind',
    ]);
  });
});
