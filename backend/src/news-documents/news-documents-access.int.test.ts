/**
 * Issue 13: every news document call of the catalogue is offered (OpenAPI, the multipart forms documented) and
 * answers 403 to a caller holding every other news document right but the route's own.
 */
import type { RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument, multipartBody, pdfOf } from '../test-support/news-documents-fixtures.js';
import { bearer, createTestBackend, createTestUser, createUserWithRights, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { NewsDocumentDto } from './news-documents.schemas.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

let backend: TestBackend;
let document: NewsDocumentDto;

beforeAll(async () => {
  backend = await createTestBackend();
  const editor = await createTestUser(backend.database, { role: 'AdminNNGM' });
  document = await createDocument(backend.app, (await signIn(backend.app, editor.userName, editor.password)).token);
});
afterAll(() => backend.close());

const AREA_RIGHTS: RightName[] = [
  'NewsDocumentGetAllCmd',
  'NewsDocumentGetCmd',
  'NewsDocumentGetByIdentifierCmd',
  'NewsDocumentGetContentCmd',
  'NewsDocumentCreateCmd',
  'NewsDocumentUpdateCmd',
  'NewsDocumentDeleteCmd',
  'NewsDocumentGetUserHasNewsCmd',
  'NewsDocumentSetUserHasNewsCmd',
];

type Call = { right: RightName; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; route: string; url: string; json?: object; form?: boolean };

const calls = (): Call[] => {
  const id = document.documentId;
  const metadata = {
    version: 1,
    identifier: document.identifier,
    kind: 'Document',
    title: 'T',
    description: '',
    order: 0,
    tags: [],
    digiNetOnly: false,
  };
  return [
    { right: 'NewsDocumentGetAllCmd', method: 'GET', route: '/NewsDocument', url: 'NewsDocument' },
    { right: 'NewsDocumentCreateCmd', method: 'POST', route: '/NewsDocument', url: 'NewsDocument', form: true },
    { right: 'NewsDocumentUpdateCmd', method: 'PUT', route: '/NewsDocument', url: `NewsDocument?documentId=${id}`, form: true },
    { right: 'NewsDocumentGetCmd', method: 'GET', route: '/NewsDocument/:documentId', url: `NewsDocument/${id}` },
    { right: 'NewsDocumentUpdateCmd', method: 'PUT', route: '/NewsDocument/:documentId', url: `NewsDocument/${id}`, json: metadata },
    { right: 'NewsDocumentDeleteCmd', method: 'DELETE', route: '/NewsDocument/:documentId', url: `NewsDocument/${id}?version=1` },
    {
      right: 'NewsDocumentDeleteCmd',
      method: 'PUT',
      route: '/NewsDocument/:documentId/restore',
      url: `NewsDocument/${id}/restore?version=1`,
    },
    {
      right: 'NewsDocumentGetByIdentifierCmd',
      method: 'GET',
      route: '/NewsDocument/identifier/:identifier',
      url: `NewsDocument/identifier/${document.identifier}`,
    },
    {
      right: 'NewsDocumentGetContentCmd',
      method: 'GET',
      route: '/NewsDocument/:documentId/content/:docVersion',
      url: `NewsDocument/${id}/content/1`,
    },
    {
      right: 'NewsDocumentGetContentCmd',
      method: 'GET',
      route: '/NewsDocument/:documentId/content/latest',
      url: `NewsDocument/${id}/content/latest?download=true`,
    },
    { right: 'NewsDocumentGetUserHasNewsCmd', method: 'GET', route: '/NewsDocument/userHasNews', url: 'NewsDocument/userHasNews' },
    { right: 'NewsDocumentSetUserHasNewsCmd', method: 'PUT', route: '/NewsDocument/userHasNews', url: 'NewsDocument/userHasNews' },
  ];
};

describe('news document calls', () => {
  it('are all tested here and offered in OpenAPI with an operation id; the uploads document their form', async () => {
    const registered = backend.app.apiRoutes
      .filter((route) => route.url.startsWith('/api/v1.0/NewsDocument'))
      .map((route) => `${route.method} ${route.url.replace('/api/v1.0', '')}`);
    expect(registered.sort()).toEqual(
      calls()
        .map((c) => `${c.method} ${c.route}`)
        .sort(),
    );
    const openApi = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: { properties: object } }> } }>
      >;
    }>();
    for (const c of calls()) {
      const path = `/api/v1.0${c.route.replace(/:(\w+)/g, '{$1}')}`;
      expect(openApi.paths[path]?.[c.method.toLowerCase()]?.operationId, `${c.method} ${path}`).toBeTruthy();
    }
    const create = openApi.paths['/api/v1.0/NewsDocument']?.post?.requestBody?.content['multipart/form-data']?.schema.properties;
    expect(Object.keys(create ?? {})).toEqual(expect.arrayContaining(['Identifier', 'Title', 'Description', 'Order', 'Tags', 'FileData']));
  });

  it('answer 403 to a caller with every other news document right but the route’s own', async () => {
    const pdf = await pdfOf('Zugriff');
    for (const c of calls()) {
      const user = await createUserWithRights(
        backend.database,
        AREA_RIGHTS.filter((right) => right !== c.right),
        ['1001'],
      );
      try {
        const token = (await signIn(backend.app, user.userName, user.password)).token;
        const form = c.form
          ? await multipartBody({ Identifier: 'zugriff', Title: 'Zugriff', Version: '1' }, { name: 'z.pdf', content: pdf })
          : null;
        const response = await backend.app.inject({
          method: c.method,
          url: `/api/v1.0/${c.url}`,
          headers: { ...bearer(token), ...(form ? { 'content-type': form.contentType } : {}) },
          ...(form ? { payload: form.payload } : c.json ? { payload: c.json } : {}),
        });
        expect(response.statusCode, `${c.method} ${c.url}: ${response.body}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(ACCESS_MESSAGES.missingRight(c.right));
      } finally {
        await user.remove();
      }
    }
  });
});
