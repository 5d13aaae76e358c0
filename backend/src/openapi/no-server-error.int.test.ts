/**
 * No input answers 5xx (issue 15 item 4): generated inputs — arbitrary text with NUL characters, lone surrogates,
 * path tricks and long strings, numbers, JSON values — go to every route of the OpenAPI document, as path
 * parameters, query values and bodies, signed in with every right. Each answer is below 500 (the pseudonymisation
 * service's documented upstream codes aside: no service runs here), and a refused input (400, 422) writes no audit
 * row, so it changed nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Schema = { properties?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

let backend: TestBackend;
let token: string;
let adminId: string;
let document: Document;
beforeAll(async () => {
  backend = await createTestBackend();
  const admin = await createTestUser(backend.database, { role: 'SuperAdmin' });
  adminId = admin.id;
  token = (await signIn(backend.app, admin.userName, admin.password)).token;
  document = backend.app.swagger() as unknown as Document;
});
afterAll(() => backend.close());

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '../..',
    '%00',
    '',
    ' ',
    '-1',
    '1e309',
    'null',
    '00000000-0000-4000-8000-000000000000',
  ),
  fc.uuid(),
  fc.string({ minLength: 300, maxLength: 400 }),
);
const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));

/** Percent-encodes any text; a lone surrogate, which has no UTF-8 form, becomes the invalid bytes of one. */
function encodePart(value: string): string {
  return [...value].map((c) => (/\p{Cs}/u.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
}

function bodyFor(operation: Operation): fc.Arbitrary<unknown> {
  const json = operation.requestBody?.content?.['application/json'];
  if (!json) return fc.constant(undefined);
  const names = Object.keys(json.schema?.properties ?? {});
  const shaped = names.length > 0 ? fc.record(Object.fromEntries(names.map((name) => [name, value])), { requiredKeys: [] }) : value;
  return fc.oneof(shaped, fc.jsonValue({ maxDepth: 3 }));
}

function requestFor(path: string, operation: Operation) {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const inQuery = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  return fc.record({
    path: fc
      .tuple(...inPath.map(() => text))
      .map((values) => inPath.reduce((url, name, i) => url.replace(`{${name}}`, encodePart(values[i] ?? '')), path)),
    query: fc.record(Object.fromEntries(inQuery.map((name) => [name, text])), { requiredKeys: [] }),
    body: bodyFor(operation),
  });
}

/** The error code of a JSON answer; '' for others. */
function codeOf(contentType: string | undefined, body: string): string {
  if (!contentType?.includes('json') || body === '') return '';
  const parsed = JSON.parse(body) as { code?: unknown };
  return typeof parsed.code === 'string' ? parsed.code : '';
}

const auditRowsOfAdmin = async () =>
  Number(
    (
      await backend.database.db
        .selectFrom('audit_trail')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', adminId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('every route with generated input', () => {
  it('answers a reference to a record that does not exist with 404, not 500 (found by the property below)', async () => {
    const answer = await backend.app.inject({
      method: 'POST',
      url: '/api/v1.0/NngmExport/study/00000000-0000-1000-8000-000000000000/publication',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([answer.statusCode, answer.json<{ code: string }>().code]).toEqual([404, 'ECRF_ERR_NOT_FOUND']);
  });

  it('never answers 5xx, and a refused input changes nothing', async () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(operations.length).toBeGreaterThan(200);
    for (const { method, path, operation } of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(path, operation), async ({ path: url, query, body }) => {
          const before = await auditRowsOfAdmin();
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const answer = await backend.app.inject({
            method: method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers: bearer(token),
            ...(body === undefined || method === 'GET' || method === 'DELETE'
              ? {}
              : { payload: JSON.stringify(body), headers: { ...bearer(token), 'content-type': 'application/json' } }),
          });
          const code = codeOf(String(answer.headers['content-type'] ?? ''), answer.body);
          if (code.startsWith('ECRF_ERR_MAINZELLISTE_')) return;
          if (answer.statusCode >= 500) expect([method, path, answer.statusCode, code]).toEqual([method, path, 'below 500', code]);
          if (answer.statusCode === 400 || answer.statusCode === 422)
            expect([method, path, await auditRowsOfAdmin()]).toEqual([method, path, before]);
        }),
        { numRuns: 10 },
      );
    }
  }, 600_000);
});
