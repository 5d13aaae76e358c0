/**
 * The published OpenAPI document is valid (issue 27 item 2): @apidevtools/swagger-parser validates it, Redocly's
 * lint with redocly.yaml (the API the Redocly CLI runs) finds no error, and every response shape is closed.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { lintFromString, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './write-openapi.js';

const CONFIG = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));
const DOCUMENT = fileURLToPath(new URL('../../openapi.json', import.meta.url));

type Schema = { [key: string]: unknown; properties?: Record<string, Schema>; additionalProperties?: unknown };
type Document = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

let document: Document;
beforeAll(async () => {
  document = (await buildOpenApiDocument()) as Document;
});

const lint = async (source: unknown): Promise<NormalizedProblem[]> =>
  lintFromString({ source: JSON.stringify(source), absoluteRef: DOCUMENT, config: await loadConfig({ configPath: CONFIG }) });
const errorsOf = (problems: NormalizedProblem[]) => problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);

/** Every object schema below `schema` with its place, by the keywords that hold schemas. */
function objectSchemas(schema: unknown, where: string): { where: string; schema: Schema }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Schema;
  const inner = [
    ...Object.entries(node.properties ?? {}).map(([name, property]) => objectSchemas(property, `${where}.${name}`)),
    ...['items', 'additionalProperties'].map((key) => objectSchemas(node[key], `${where}.${key}`)),
    ...['anyOf', 'oneOf', 'allOf'].flatMap((key) =>
      Array.isArray(node[key]) ? node[key].map((variant: unknown, i: number) => objectSchemas(variant, `${where}.${key}[${i}]`)) : [],
    ),
  ].flat();
  return node.properties ? [{ where, schema: node }, ...inner] : inner;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.0.3 to swagger-parser and names its server', async () => {
    expect(document.openapi).toBe('3.0.3');
    expect(document.servers).toEqual([{ url: '/', description: 'this backend' }]);
    // validate() dereferences in place; a copy keeps the document for the other tests.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('has no error in Redocly lint (recommended rules, the forced ambiguous paths of redocly.yaml allowed)', async () => {
    expect(errorsOf(await lint(document))).toEqual([]);
  });

  it('refuses an ambiguous pair redocly.yaml does not name, and a named pair the document no longer has', async () => {
    const paths = { ...document.paths };
    paths['/api/v1.0/Visit/my/{studyId}'] = paths['/api/v1.0/Visit/study/{studyId}'] ?? {};
    delete paths['/api/v1.0/Role/name/{name}'];
    const ambiguities = errorsOf(await lint({ ...document, paths })).filter((error) => error.startsWith('ecrf/'));
    expect(ambiguities.sort()).toEqual([
      'ecrf/no-ambiguous-paths: Ambiguous paths not forced by the call catalogue: `/api/v1.0/Visit/{id}/asOf` and `/api/v1.0/Visit/my/{studyId}`.',
      'ecrf/no-ambiguous-paths: Ambiguous paths not forced by the call catalogue: `/api/v1.0/Visit/{id}/history` and `/api/v1.0/Visit/my/{studyId}`.',
      'ecrf/no-ambiguous-paths: Ambiguous paths not forced by the call catalogue: `/api/v1.0/Visit/{id}/sign` and `/api/v1.0/Visit/my/{studyId}`.',
      'ecrf/no-ambiguous-paths: Forced ambiguity no longer in the document: /api/v1.0/Role/name/{name} /api/v1.0/Role/{id}/rights.',
    ]);
  });

  it('closes every response object whose shape is known; only free-form data stays open', () => {
    const referenced = new Set<string>();
    const objects = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.entries(operation.responses).flatMap(([status, response]) => {
          const schema = response.content?.['application/json']?.schema;
          const ref = typeof schema?.$ref === 'string' ? schema.$ref : JSON.stringify(schema ?? {});
          for (const match of ref.matchAll(/#\/components\/schemas\/(\w+)/g)) referenced.add(match[1] ?? '');
          return objectSchemas(schema, `${method} ${path} ${status}`);
        }),
      ),
    );
    const components = [...referenced].flatMap((name) => objectSchemas(document.components.schemas[name], name));
    expect(objects.length).toBeGreaterThan(1000);
    expect(referenced).toEqual(new Set(['ErrorResponse', 'DomainEvent', 'DataQuery', 'ExportJob']));
    const open = [...objects, ...components].filter(({ schema }) => schema.additionalProperties !== false);
    // Open by design: data whose keys the registry does not fix (a person's details, audit values, event payloads).
    const freeForm = new Set(['personData', 'additionalInfo', 'constraintExpression', 'personInfo', 'oldValue', 'newValue']);
    expect(open.filter(({ where, schema }) => schema.additionalProperties !== true || !freeForm.has(where.split('.').pop() ?? ''))).toEqual(
      [],
    );
    expect(JSON.stringify(document)).not.toContain('"examples":[');
    // A file answer and the event stream are not JSON.
    expect(JSON.stringify(document)).not.toMatch(/"application\/json":\{"schema":\{"type":"string","format":"binary"/);
    expect(Object.keys(document.paths['/api/v1.0/events']?.get?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });
});
