/**
 * Reading news documents (issue 13): the list's filters (kind, DigiNet, deleted), DigiNet-only documents seen at
 * DigiNet centres only, and the unread news of each user: unread until marked read, read per user, unread again
 * after a new version; marking read is audited. The demo registry carries news, documents and a legend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NEWS_DOCUMENTS } from './demo-news-documents.js';
import { createDocument, pdfOf, sendForm } from '../test-support/news-documents-fixtures.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { NewsDocumentDto, UserHasNewsDto } from './news-documents.schemas.js';

let backend: TestBackend;
let editor: string;

beforeAll(async () => {
  backend = await createTestBackend();
  editor = await tokenOf('AdminNNGM');
});
afterAll(() => backend.close());

async function tokenOf(role: 'AdminNNGM' | 'Physician' | 'EvaluationDigiNet', institutes: string[] = []) {
  const user = await createTestUser(backend.database, { role, institutes });
  return (await signIn(backend.app, user.userName, user.password)).token;
}
const call = (token: string, method: 'GET' | 'PUT', url: string) =>
  backend.app.inject({ method, url: `/api/v1.0/${url}`, headers: bearer(token) });
const list = async (token: string, query = '') => (await call(token, 'GET', `NewsDocument${query}`)).json<NewsDocumentDto[]>();
const hasNews = async (token: string, query = '') => (await call(token, 'GET', `NewsDocument/userHasNews${query}`)).json<UserHasNewsDto>();

describe('the demo registry', () => {
  it('carries release notes, a DigiNet note, documents and a legend as real PDFs', async () => {
    const documents = await list(editor);
    const identifiers = documents.map((d) => d.identifier);
    expect(identifiers).toEqual(expect.arrayContaining(DEMO_NEWS_DOCUMENTS.map((d) => d.identifier)));
    const release = documents.find((d) => d.identifier === 'release-1.30.6');
    expect(release).toMatchObject({
      kind: 'News',
      title: 'eCRF-Version 1.30.6: Was ist neu?',
      content: { contentType: 'application/pdf' },
    });
    const file = await call(editor, 'GET', `NewsDocument/${release?.documentId}/content/latest`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('filters', () => {
  it('lists one kind with FilterNewsDocuments and the DigiNet documents with FilterByDigiNet', async () => {
    const legend = await createDocument(backend.app, editor, { Kind: 'Legend' });
    const digiNet = await createDocument(backend.app, editor, { Kind: 'News', DigiNetOnly: 'true' });
    const legends = await list(editor, '?FilterNewsDocuments=Legend');
    expect(legends.every((d) => d.kind === 'Legend')).toBe(true);
    expect(legends.map((d) => d.documentId)).toContain(legend.documentId);
    const digiNetOnly = await list(editor, '?FilterByDigiNet=true');
    expect(digiNetOnly.every((d) => d.digiNetOnly)).toBe(true);
    expect(digiNetOnly.map((d) => d.documentId)).toContain(digiNet.documentId);
    expect((await call(editor, 'GET', 'NewsDocument?FilterNewsDocuments=Blog')).statusCode).toBe(400);
  });

  it('keeps DigiNet-only documents from users whose locations are not DigiNet centres', async () => {
    const digiNet = await createDocument(backend.app, editor, { Kind: 'News', DigiNetOnly: 'true' });
    const essen = await tokenOf('Physician', ['2002']);
    const cologne = await tokenOf('Physician', ['1001']);
    const evaluation = await tokenOf('EvaluationDigiNet');
    expect((await list(essen)).map((d) => d.documentId)).not.toContain(digiNet.documentId);
    expect((await list(essen)).some((d) => d.digiNetOnly)).toBe(false);
    expect((await list(essen, '?FilterByDigiNet=true')).length).toBe(0);
    expect((await call(essen, 'GET', `NewsDocument/${digiNet.documentId}`)).statusCode).toBe(404);
    expect((await call(essen, 'GET', `NewsDocument/identifier/${digiNet.identifier}`)).statusCode).toBe(404);
    expect((await call(essen, 'GET', `NewsDocument/${digiNet.documentId}/content/1`)).statusCode).toBe(404);
    expect((await list(cologne)).map((d) => d.documentId)).toContain(digiNet.documentId);
    expect((await list(evaluation, '?FilterByDigiNet=true')).map((d) => d.documentId)).toContain(digiNet.documentId);
  });
});

describe('userHasNews', () => {
  it('is true until the news are marked read, per user, and true again after a new version', async () => {
    const reader = await tokenOf('Physician', ['2002']);
    const colleague = await tokenOf('Physician', ['2002']);
    // A new user has not read the demo news.
    expect(await hasNews(reader)).toMatchObject({ hasNews: true });
    expect((await call(reader, 'PUT', 'NewsDocument/userHasNews')).json()).toEqual({ hasNews: false, unreadCount: 0 });
    expect(await hasNews(reader)).toEqual({ hasNews: false, unreadCount: 0 });

    const news = await createDocument(backend.app, editor, { Kind: 'News' });
    expect(await hasNews(reader)).toEqual({ hasNews: true, unreadCount: 1 });
    expect((await list(reader, '?FilterNewsDocuments=News')).find((d) => d.documentId === news.documentId)?.isUnread).toBe(true);
    // A document of another kind is no news.
    await createDocument(backend.app, editor, { Kind: 'Document' });
    expect(await hasNews(reader)).toEqual({ hasNews: true, unreadCount: 1 });

    await call(reader, 'PUT', 'NewsDocument/userHasNews');
    expect(await hasNews(reader)).toEqual({ hasNews: false, unreadCount: 0 });
    expect((await list(reader)).find((d) => d.documentId === news.documentId)?.isUnread).toBe(false);
    expect((await hasNews(colleague)).hasNews).toBe(true);

    const upload = await sendForm(
      backend.app,
      editor,
      'PUT',
      `NewsDocument?documentId=${news.documentId}`,
      { Version: '1' },
      {
        name: 'neu.pdf',
        content: await pdfOf('Neue Fassung'),
      },
    );
    expect(upload.statusCode).toBe(200);
    expect(await hasNews(reader)).toEqual({ hasNews: true, unreadCount: 1 });
  });

  it('takes the same filters: DigiNet news are marked read on their own', async () => {
    const reader = await tokenOf('Physician', ['1001']);
    await call(reader, 'PUT', 'NewsDocument/userHasNews');
    await createDocument(backend.app, editor, { Kind: 'News', DigiNetOnly: 'true' });
    await createDocument(backend.app, editor, { Kind: 'News' });
    expect(await hasNews(reader)).toEqual({ hasNews: true, unreadCount: 2 });
    expect(await hasNews(reader, '?FilterByDigiNet=true')).toEqual({ hasNews: true, unreadCount: 1 });
    await call(reader, 'PUT', 'NewsDocument/userHasNews?FilterByDigiNet=true');
    expect(await hasNews(reader, '?FilterByDigiNet=true')).toEqual({ hasNews: false, unreadCount: 0 });
    expect(await hasNews(reader)).toEqual({ hasNews: true, unreadCount: 1 });
  });

  it('audits marking read with the versions read, and writes nothing when nothing was unread', async () => {
    const user = await createTestUser(backend.database, { role: 'Physician', institutes: ['2002'] });
    const reader = (await signIn(backend.app, user.userName, user.password)).token;
    await call(reader, 'PUT', 'NewsDocument/userHasNews');
    await call(reader, 'PUT', 'NewsDocument/userHasNews');
    const rows = await backend.database.db
      .selectFrom('audit_trail')
      .select(['table_name', 'operation', 'event', 'new_value'])
      .where('record_id', '=', user.id)
      .where('event', '=', 'NewsRead')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ table_name: 'news_document_read', operation: 'Update' });
    expect((rows[0]?.new_value as { read: string[] }).read.length).toBeGreaterThan(0);
  });
});
