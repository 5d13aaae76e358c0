/**
 * News documents through the gateway against a real backend: an editor uploads a document and a new version through
 * the streamed upload routes (typed errors for a stale version, a wrong file type, a file above the limit and broken
 * fields), the graph lists it with its versions and downloads each version through its signed link; metadata,
 * delete and restore answer typed errors; a reader's unread news turn read with markNewsRead and unread again with
 * a new version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { NEWS_UPLOAD_ROUTE, NEWS_VERSION_UPLOAD_ROUTE, type NewsUploadResult, type UploadError } from './upload-routes.js';

let harness: Harness;
let editor: string;
let reader: string;
let pdf: Buffer;

/** A real PDF: the demo release notes, as the backend serves them. */
async function demoPdf(token: string): Promise<Buffer> {
  const headers = { authorization: `Bearer ${token}` };
  const release = (await (await fetch(`${harness.backendUrl}/api/v1.0/NewsDocument/identifier/release-1.30.6`, { headers })).json()) as {
    documentId: string;
  };
  const file = await fetch(`${harness.backendUrl}/api/v1.0/NewsDocument/${release.documentId}/content/latest`, { headers });
  return Buffer.from(await file.arrayBuffer());
}

beforeAll(async () => {
  harness = await startHarness();
  editor = (await harness.signIn('adminnngm')).token;
  reader = (await harness.signIn('physician')).token;
  pdf = await demoPdf(editor);
});
afterAll(async () => {
  await harness?.close();
});

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function upload(
  route: string,
  fields: Record<string, string | string[]>,
  file: { name: string; content: Uint8Array } | null,
  token = editor,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  // A copy on its own ArrayBuffer: the DOM typings (via graphql-yoga's) take no Buffer on a shared one as a BlobPart.
  if (file) form.append('FileData', new Blob([new Uint8Array(file.content)], { type: 'application/pdf' }), file.name);
  const response = await fetch(`${harness.url}${route}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as NewsUploadResult & { message?: string; errors: UploadError[] } };
}

type Version = { id: string; docVersion: number; fileName: string; sizeBytes: number; downloadUrl: string | null };
type Document = {
  id: string;
  identifier: string;
  kind: string;
  title: string;
  version: number;
  isUnread: boolean;
  latestVersion: Version;
  versions: Version[];
};
const DOCUMENT = `id identifier kind title version isUnread latestVersion { id docVersion fileName sizeBytes downloadUrl }
  versions { id docVersion fileName sizeBytes downloadUrl }`;

async function node(id: string, token = editor): Promise<Document | null> {
  const answer = await harness.request<{ node: Document | null }>(
    `query($id: ID!) { node(id: $id) { ... on NewsDocument { ${DOCUMENT} } } }`,
    { id },
    token,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.node ?? null;
}
const download = async (url: string | null) => Buffer.from(await (await fetch(`${harness.url}${url ?? ''}`)).arrayBuffer());

describe('uploading through the gateway', () => {
  it('creates a document, adds a version and downloads each version as uploaded', async () => {
    const identifier = unique('leitfaden');
    const created = await upload(
      NEWS_UPLOAD_ROUTE,
      { Identifier: identifier, Title: 'Leitfaden', Kind: 'Document', Tags: ['Leitfaden'] },
      {
        name: 'leitfaden.pdf',
        content: pdf,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ docVersion: 1, errors: [] });
    const second = Buffer.concat([pdf, Buffer.from('\n% Fassung 2\n')]);
    const versioned = await upload(
      `${NEWS_VERSION_UPLOAD_ROUTE}?documentId=${encodeURIComponent(created.body.newsDocumentId)}`,
      { Version: '1' },
      {
        name: 'leitfaden-2.pdf',
        content: second,
      },
    );
    expect(versioned.status).toBe(200);
    expect(versioned.body).toMatchObject({ newsDocumentId: created.body.newsDocumentId, docVersion: 2 });

    const document = await node(created.body.newsDocumentId, reader);
    expect(document).toMatchObject({
      identifier,
      kind: 'DOCUMENT',
      version: 2,
      latestVersion: { docVersion: 2, fileName: 'leitfaden-2.pdf' },
    });
    expect(document?.versions.map((v) => v.docVersion)).toEqual([2, 1]);
    expect((await download(document?.versions[0]?.downloadUrl ?? null)).equals(second)).toBe(true);
    expect((await download(document?.versions[1]?.downloadUrl ?? null)).equals(pdf)).toBe(true);
    const response = await fetch(`${harness.url}${document?.latestVersion.downloadUrl ?? ''}`);
    expect(response.headers.get('content-disposition')).toContain('leitfaden-2.pdf');
    expect(response.headers.get('content-type')).toBe('application/pdf');

    const stale = await upload(
      `${NEWS_VERSION_UPLOAD_ROUTE}?documentId=${encodeURIComponent(created.body.newsDocumentId)}`,
      { Version: '1' },
      {
        name: 'alt.pdf',
        content: pdf,
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([
      { code: 'STALE_WRITE', message: expect.stringContaining('inzwischen') as string, path: ['version'] },
    ]);
  });

  it('answers typed errors for a wrong file type, a file above the limit and broken fields, and 401 without a token', async () => {
    const fields = { Identifier: unique('fehler'), Title: 'Fehler' };
    const program = await upload(NEWS_UPLOAD_ROUTE, fields, {
      name: 'setup.pdf',
      content: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
    });
    expect(program.status).toBe(415);
    expect(program.body.errors).toEqual([
      { code: 'UNSUPPORTED_FILE_TYPE', message: expect.stringContaining('Dateityp') as string, path: ['file'] },
    ]);
    const big = await upload(NEWS_UPLOAD_ROUTE, fields, {
      name: 'gross.pdf',
      content: Buffer.concat([pdf, Buffer.alloc(21 * 1024 * 1024)]),
    });
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual([
      { code: 'FILE_TOO_LARGE', message: 'Die Datei ist größer als 20 MB und wurde nicht gespeichert.', path: ['file'] },
    ]);
    const broken = await upload(NEWS_UPLOAD_ROUTE, { Identifier: 'ä', Order: 'x' }, null);
    expect(broken.status).toBe(400);
    expect(broken.body.errors.map((e) => e.path.join('.')).sort()).toEqual(['file', 'identifier', 'order', 'title']);
    const anonymous = await fetch(`${harness.url}${NEWS_UPLOAD_ROUTE}`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });
});

describe('the graph', () => {
  const UPDATE = `mutation($input: UpdateNewsDocumentInput!) { updateNewsDocument(input: $input) { newsDocument { id title version } errors { code message path } } }`;
  type Payload = { newsDocument: { id: string; title: string; version: number; isDeleted?: boolean } | null; errors: UploadError[] };

  it('lists by kind, changes the metadata with typed errors, deletes and restores', async () => {
    const identifier = unique('legende');
    const created = await upload(
      NEWS_UPLOAD_ROUTE,
      { Identifier: identifier, Title: 'Legende', Kind: 'Legend' },
      { name: 'legende.pdf', content: pdf },
    );
    const id = created.body.newsDocumentId;
    const legends = await harness.request<{ newsDocuments: { totalCount: number; edges: { node: { id: string; kind: string } }[] } }>(
      `{ newsDocuments(filter: { kind: LEGEND }) { totalCount edges { node { id kind } } } }`,
      {},
      reader,
    );
    expect(legends.data?.newsDocuments.edges.map((e) => e.node.id)).toContain(id);
    expect(legends.data?.newsDocuments.edges.every((e) => e.node.kind === 'LEGEND')).toBe(true);

    const input = {
      id,
      version: 1,
      identifier,
      kind: 'LEGEND',
      title: 'Legende der Symbole',
      description: '',
      order: 0,
      tags: [],
      digiNetOnly: false,
    };
    const changed = await harness.request<{ updateNewsDocument: Payload }>(UPDATE, { input }, editor);
    expect(changed.data?.updateNewsDocument).toEqual({ newsDocument: { id, title: 'Legende der Symbole', version: 2 }, errors: [] });
    const stale = await harness.request<{ updateNewsDocument: Payload }>(UPDATE, { input }, editor);
    expect(stale.data?.updateNewsDocument).toMatchObject({
      newsDocument: { id, version: 2 },
      errors: [{ code: 'STALE_WRITE', path: ['version'] }],
    });
    const taken = await harness.request<{ updateNewsDocument: Payload }>(
      UPDATE,
      { input: { ...input, version: 2, identifier: 'release-1.30.6' } },
      editor,
    );
    expect(taken.data?.updateNewsDocument.errors).toEqual([
      { code: 'ALREADY_EXISTS', message: 'Diese Kennung ist bereits vergeben.', path: ['identifier'] },
    ]);
    const invalid = await harness.request<{ updateNewsDocument: Payload }>(UPDATE, { input: { ...input, version: 2, title: '' } }, editor);
    expect(invalid.data?.updateNewsDocument.errors).toMatchObject([{ code: 'INVALID_VALUE', path: ['title'] }]);

    const STATE = (name: string) =>
      `mutation($input: ChangeNewsDocumentStateInput!) { ${name}(input: $input) { newsDocument { id isDeleted version } errors { code path } } }`;
    const deleted = await harness.request<{ deleteNewsDocument: Payload }>(
      STATE('deleteNewsDocument'),
      { input: { id, version: 2 } },
      editor,
    );
    expect(deleted.data?.deleteNewsDocument.newsDocument).toEqual({ id, isDeleted: true, version: 3 });
    expect(await node(id, reader)).toBeNull();
    const restored = await harness.request<{ restoreNewsDocument: Payload }>(
      STATE('restoreNewsDocument'),
      { input: { id, version: 3 } },
      editor,
    );
    expect(restored.data?.restoreNewsDocument.newsDocument).toEqual({ id, isDeleted: false, version: 4 });
    const forbidden = await harness.request(STATE('deleteNewsDocument'), { input: { id, version: 4 } }, reader);
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('reports unread news until they are marked read, and again after a new version', async () => {
    const VIEWER = `{ viewer { hasUnreadNews newsDocumentCapabilities { create update delete } } }`;
    const MARK = `mutation { markNewsRead(input: {}) { viewer { hasUnreadNews } errors { code } } }`;
    type Viewer = { viewer: { hasUnreadNews: boolean; newsDocumentCapabilities: { create: boolean; update: boolean; delete: boolean } } };
    await harness.request(MARK, {}, reader);
    const before = await harness.request<Viewer>(VIEWER, {}, reader);
    expect(before.data?.viewer).toEqual({
      hasUnreadNews: false,
      newsDocumentCapabilities: { create: false, update: false, delete: false },
    });

    const news = await upload(
      NEWS_UPLOAD_ROUTE,
      { Identifier: unique('news'), Title: 'Neue Version', Kind: 'News' },
      { name: 'news.pdf', content: pdf },
    );
    expect((await harness.request<Viewer>(VIEWER, {}, reader)).data?.viewer.hasUnreadNews).toBe(true);
    expect((await node(news.body.newsDocumentId, reader))?.isUnread).toBe(true);
    const marked = await harness.request<{ markNewsRead: { viewer: { hasUnreadNews: boolean }; errors: unknown[] } }>(MARK, {}, reader);
    expect(marked.data?.markNewsRead).toEqual({ viewer: { hasUnreadNews: false }, errors: [] });

    await upload(
      `${NEWS_VERSION_UPLOAD_ROUTE}?documentId=${encodeURIComponent(news.body.newsDocumentId)}`,
      { Version: '1' },
      { name: 'news-2.pdf', content: pdf },
    );
    expect((await harness.request<Viewer>(VIEWER, {}, reader)).data?.viewer.hasUnreadNews).toBe(true);
    expect((await harness.request<Viewer>(VIEWER, {}, editor)).data?.viewer.newsDocumentCapabilities).toEqual({
      create: true,
      update: true,
      delete: true,
    });
    await harness.request(MARK, {}, reader);
  });
});
