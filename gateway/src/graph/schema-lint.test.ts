import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mergedSchema } from '../../scripts/schema.mjs';
import { lintDescriptions } from './schema-lint.js';

describe('the graph (schema.graphql)', () => {
  it('describes every type, field, argument, input field and enum value in its own terms', async () => {
    const problems = lintDescriptions(buildSchema(await mergedSchema()));
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
});
