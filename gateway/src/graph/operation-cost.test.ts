/**
 * The cost limit counts page sizes whether they are written in the document or passed as variables, and admits every
 * list's largest page with what the screens select (issue 31 item 4): every operation of the web, with each page size
 * at the largest a list serves, stays under it; two paged lists nested at large pages do not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, visit, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createSchema } from '../schema.js';
import { MAX_PAGE } from './connection.js';
import { costRefusal, MAX_COST, operationRefusal } from './operation-cost.js';

/** Written by relay-compiler (`npm run relay -w web`, part of the build). */
const WEB_OPERATIONS = join(import.meta.dirname, '..', '..', '..', 'web', 'src', '__generated__', 'persisted-operations.json');

const schema = createSchema();
const costOf = (query: string, variables?: Record<string, unknown>) => costRefusal(schema, parse(query), variables)?.message ?? 'admitted';

/** Every variable the document passes as a `first` or `last` argument, at `size`. */
function pageSizes(document: DocumentNode, size: number): Record<string, number> {
  const sizes: Record<string, number> = {};
  visit(document, {
    Argument(node) {
      if (['first', 'last'].includes(node.name.value) && node.value.kind === Kind.VARIABLE) sizes[node.value.name.value] = size;
    },
  });
  return sizes;
}

const PATIENT_PAGE = `query($studyId: ID!, $first: Int) { studyPatients(studyId: $studyId, first: $first) { totalCount
  edges { cursor node { id pseudonym displayName registrationDate isDigiNet
    location { id identifier displayName isDigiNet institute { id displayName } }
    visits { id } } }
  pageInfo { hasNextPage endCursor } } }`;

/** An organisation's locations' users: a paged list inside a paged list. */
const NESTED = (outer: string, inner: string) =>
  `query($outer: Int, $inner: Int) { organizations(first: ${outer}) { edges { node { id institute { locations { users(first: ${inner}) { edges { node { id userName } } } } } } } } }`;

describe('the cost limit', () => {
  it('admits every operation of the web with each of its lists at the largest page', () => {
    const operations = Object.values(JSON.parse(readFileSync(WEB_OPERATIONS, 'utf8')) as Record<string, string>);
    expect(operations.length).toBeGreaterThan(100);
    const refused = operations.flatMap((text) => {
      const document = parse(text);
      const refusal = costRefusal(schema, document, pageSizes(document, MAX_PAGE));
      return refusal ? [`${/\w+ (\w+)/.exec(text)?.[1]}: ${refusal.message}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('admits the patient list’s largest page with locations and visits, written or as a variable', () => {
    expect(costOf(PATIENT_PAGE.replace('$first: Int', '$first: Int = 500'), { studyId: 'S' })).toBe('admitted');
    expect(costOf(PATIENT_PAGE, { studyId: 'S', first: MAX_PAGE })).toBe('admitted');
  });

  it('refuses paged lists nested at large pages, however the sizes are given', () => {
    const over = new RegExp(`^Query Cost limit of ${MAX_COST} exceeded, found \\d+\\.$`);
    expect(costOf(NESTED('500', '500'))).toMatch(over);
    expect(costOf(NESTED('$outer', '$inner'), { outer: 500, inner: 500 })).toMatch(over);
    expect(costOf(NESTED('$outer', '$inner'), { outer: '500', inner: 100_000 })).toMatch(over);
    expect(costRefusal(schema, parse(NESTED('500', '500')))?.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      http: { status: 400 },
    });
  });

  it('counts a page size beyond the largest page as the largest page, and smaller pages by their size', () => {
    // 500 × 500 costs ≈ 1,000,000 (refused above); 500 × 5 and 10 × 500 ≈ 10,000.
    expect(costOf(NESTED('$outer', '$inner'), { outer: 100_000, inner: 5 })).toBe('admitted');
    expect(costOf(NESTED('10', '$inner'), { inner: 100_000 })).toBe('admitted');
    expect(costOf(NESTED('100', '$inner'), { inner: 100 })).toMatch(/exceeded, found 50600\./);
  });

  it('answers one parsed document by the page sizes of each request, also when it has answered other sizes before', () => {
    const document = parse(NESTED('$outer', '$inner'));
    const refusalAt = (variables: Record<string, unknown>) => operationRefusal(schema, document, variables)?.extensions.code ?? 'admitted';
    expect(refusalAt({ outer: 10, inner: 10 })).toBe('admitted');
    expect(refusalAt({ outer: 500, inner: 500 })).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(refusalAt({ outer: 10, inner: 10 })).toBe('admitted');
    expect(refusalAt({ outer: -1, inner: 10 })).toBe('BAD_USER_INPUT');
    expect(refusalAt({ outer: '500', inner: '500' })).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(refusalAt({ outer: 10, inner: 10 })).toBe('admitted');
  });
});
