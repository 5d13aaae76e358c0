/**
 * News documents (issue 13): an editor creates a document from a multipart form, uploads new versions (every
 * upload a version, stale ones refused), changes the metadata, deletes and restores it; readers download each
 * version as uploaded; a file that is not a supported type by its content, an empty one and one above 20 MB are
 * refused and leave nothing behind; every write is audited with old and new values.
 */
import { NEWS_DOCUMENT_MAX_BYTES, NEWS_DOCUMENT_MESSAGES } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument, pdfOf, sendForm, uniqueIdentifier } from '../test-support/news-documents-fixtures.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { NewsDocumentDto } from './news-documents.schemas.js';

let backend: TestBackend;
let editor: string;
let reader: string;

beforeAll(async () => {
  backend = await createTestBackend();
  const tokenOf = async (role: 'AdminNNGM' | 'Physician', institutes: string[] = []) => {
    const user = await createTestUser(backend.database, { role, institutes });
    return (await signIn(backend.app, user.userName, user.password)).token;
  };
  editor = await tokenOf('AdminNNGM');
  reader = await tokenOf('Physician', ['2002']);
});
afterAll(() => backend.close());

const get = (token: string, url: string) => backend.app.inject({ method: 'GET', url: `/api/v1.0/${url}`, headers: bearer(token) });
const audits = (recordId: string) =>
  backend.database.db
    .selectFrom('audit_trail')
    .select(['operation', 'old_value', 'new_value', 'user_name'])
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();
const documentCount = async () =>
  Number(
    (
      await backend.database.db
        .selectFrom('news_document')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('creating a document', () => {
  it('stores the metadata and the first version, and serves the file as uploaded', async () => {
    const identifier = uniqueIdentifier('leitfaden');
    const pdf = await pdfOf('Leitfaden');
    const response = await sendForm(
      backend.app,
      editor,
      'POST',
      'NewsDocument',
      {
        Identifier: identifier,
        Title: 'Leitfaden',
        Description: 'Für Dokumentare',
        Order: '20',
        Tags: ['Leitfaden', ' Dokumentation '],
        Kind: 'Document',
      },
      // The declared type and the name's extension do not count; the content does.
      { name: 'C:\\Users\\doku\\Leitfaden.bin', content: pdf, type: 'application/octet-stream' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<NewsDocumentDto>();
    expect(created).toMatchObject({
      identifier,
      kind: 'Document',
      title: 'Leitfaden',
      description: 'Für Dokumentare',
      order: 20,
      tags: ['Leitfaden', 'Dokumentation'],
      digiNetOnly: false,
      isDeleted: false,
      version: 1,
      content: { docVersion: 1, fileName: 'Leitfaden.pdf', contentType: 'application/pdf', sizeBytes: pdf.length },
    });
    expect(created.versions).toHaveLength(1);

    const byIdentifier = await get(reader, `NewsDocument/identifier/${identifier}`);
    expect(byIdentifier.json<NewsDocumentDto>().documentId).toBe(created.documentId);
    const download = await get(reader, `NewsDocument/${created.documentId}/content/latest?download=true`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Leitfaden.pdf");
    expect((await get(reader, `NewsDocument/${created.documentId}/content/1`)).headers['content-disposition']).toMatch(/^inline;/);

    const [entry] = await audits(created.documentId);
    expect(entry).toMatchObject({ operation: 'Create', old_value: null });
    expect(entry?.new_value).toMatchObject({
      identifier,
      title: 'Leitfaden',
      content: { docVersion: 1, fileName: 'Leitfaden.pdf', sizeBytes: pdf.length },
    });
  });

  it('refuses a program named .pdf, an empty file, a file above 20 MB and broken fields, storing nothing', async () => {
    const before = await documentCount();
    const fields = { Identifier: uniqueIdentifier('abgelehnt'), Title: 'Abgelehnt' };
    const program = await sendForm(backend.app, editor, 'POST', 'NewsDocument', fields, {
      name: 'bericht.pdf',
      content: new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
      type: 'application/pdf',
    });
    expect(program.statusCode).toBe(415);
    expect(program.json()).toMatchObject({ code: 'ECRF_ERR_UNSUPPORTED_FILE_TYPE', message: NEWS_DOCUMENT_MESSAGES.unsupportedType });
    const text = await sendForm(backend.app, editor, 'POST', 'NewsDocument', fields, {
      name: 'notiz.pdf',
      content: 'Nur Text',
      type: 'application/pdf',
    });
    expect(text.statusCode).toBe(415);
    const empty = await sendForm(backend.app, editor, 'POST', 'NewsDocument', fields, { name: 'leer.pdf', content: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fieldErrors: [{ field: 'FileData', message: NEWS_DOCUMENT_MESSAGES.emptyFile }] });
    const big = Buffer.concat([await pdfOf('Groß'), Buffer.alloc(NEWS_DOCUMENT_MAX_BYTES)]);
    const tooLarge = await sendForm(backend.app, editor, 'POST', 'NewsDocument', fields, { name: 'gross.pdf', content: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'ECRF_ERR_FILE_TOO_LARGE', message: NEWS_DOCUMENT_MESSAGES.tooLarge });
    const broken = await sendForm(backend.app, editor, 'POST', 'NewsDocument', { Identifier: '-x', Order: 'zehn', Kind: 'Blog' });
    expect(broken.statusCode).toBe(400);
    expect(
      broken
        .json<{ fieldErrors: { field: string }[] }>()
        .fieldErrors.map((e) => e.field)
        .sort(),
    ).toEqual(['FileData', 'Identifier', 'Kind', 'Order', 'Title'].sort());
    expect(await documentCount()).toBe(before);
  });

  it('refuses an identifier that is taken (409)', async () => {
    const existing = await createDocument(backend.app, editor);
    const again = await sendForm(
      backend.app,
      editor,
      'POST',
      'NewsDocument',
      { Identifier: existing.identifier, Title: 'Doppelt' },
      { name: 'x.pdf', content: await pdfOf('Doppelt') },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(NEWS_DOCUMENT_MESSAGES.identifierTaken);
  });
});

describe('versions', () => {
  it('adds a version per upload, keeps the earlier ones and refuses a stale one with the stored document', async () => {
    const first = await pdfOf('Version 1');
    const created = await createDocument(backend.app, editor, { Kind: 'News' }, { name: 'release.pdf', content: first });
    const second = await pdfOf('Version 2');
    const upload = await sendForm(
      backend.app,
      editor,
      'PUT',
      `NewsDocument?documentId=${created.documentId}`,
      { Version: '1', Title: 'Release, überarbeitet' },
      { name: 'release-v2.pdf', content: second },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const updated = upload.json<NewsDocumentDto>();
    expect(updated).toMatchObject({
      version: 2,
      title: 'Release, überarbeitet',
      kind: 'News',
      content: { docVersion: 2, fileName: 'release-v2.pdf' },
    });
    expect(updated.versions.map((v) => v.docVersion)).toEqual([2, 1]);
    expect((await get(reader, `NewsDocument/${created.documentId}/content/1`)).rawPayload.equals(first)).toBe(true);
    expect((await get(reader, `NewsDocument/${created.documentId}/content/2`)).rawPayload.equals(second)).toBe(true);
    expect((await get(reader, `NewsDocument/${created.documentId}/content/latest`)).rawPayload.equals(second)).toBe(true);
    expect((await get(reader, `NewsDocument/${created.documentId}/content/3`)).statusCode).toBe(404);

    const stale = await sendForm(
      backend.app,
      editor,
      'PUT',
      `NewsDocument?documentId=${created.documentId}`,
      { Version: '1' },
      {
        name: 'alt.pdf',
        content: await pdfOf('Veraltet'),
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'ECRF_ERR_STALE_WRITE', message: NEWS_DOCUMENT_MESSAGES.stale, current: { version: 2 } });
    const withoutVersion = await sendForm(
      backend.app,
      editor,
      'PUT',
      `NewsDocument?documentId=${created.documentId}`,
      {},
      {
        name: 'x.pdf',
        content: second,
      },
    );
    expect(withoutVersion.statusCode).toBe(400);

    const entries = await audits(created.documentId);
    expect(entries.map((e) => e.operation)).toEqual(['Create', 'Update']);
    expect(entries[1]?.old_value).toMatchObject({ title: `Dokument ${created.identifier}`, content: { docVersion: 1 } });
    expect(entries[1]?.new_value).toMatchObject({
      title: 'Release, überarbeitet',
      version: 2,
      content: { docVersion: 2, fileName: 'release-v2.pdf' },
    });
  });
});

describe('metadata, deleting and restoring', () => {
  it('changes the metadata with the version read, refuses stale and invalid changes', async () => {
    const created = await createDocument(backend.app, editor);
    const other = await createDocument(backend.app, editor);
    const body = {
      version: 1,
      identifier: created.identifier,
      kind: 'Legend',
      title: 'Legende',
      description: 'Symbole',
      order: 5,
      tags: ['Legende'],
      digiNetOnly: false,
    };
    const put = (token: string, payload: object) =>
      backend.app.inject({ method: 'PUT', url: `/api/v1.0/NewsDocument/${created.documentId}`, headers: bearer(token), payload });
    const changed = await put(editor, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ kind: 'Legend', title: 'Legende', version: 2, content: { docVersion: 1 } });
    expect((await put(editor, body)).statusCode).toBe(409);
    const taken = await put(editor, { ...body, version: 2, identifier: other.identifier });
    expect(taken.json()).toMatchObject({ statusCode: 409, code: 'ECRF_ERR_CONFLICT', message: NEWS_DOCUMENT_MESSAGES.identifierTaken });
    const invalid = await put(editor, { ...body, version: 2, title: '', order: -1 });
    expect(invalid.json()).toMatchObject({
      statusCode: 400,
      fieldErrors: [
        { field: 'title', message: NEWS_DOCUMENT_MESSAGES.title },
        { field: 'order', message: NEWS_DOCUMENT_MESSAGES.order },
      ],
    });
    const entries = await audits(created.documentId);
    expect(entries.at(-1)).toMatchObject({
      operation: 'Update',
      old_value: { kind: 'Document', version: 1 },
      new_value: { kind: 'Legend', version: 2 },
    });
  });

  it('deletes softly: gone from the lists and for readers, listed with IncludeDeleted for editors, and restorable', async () => {
    const created = await createDocument(backend.app, editor);
    const url = `/api/v1.0/NewsDocument/${created.documentId}`;
    const deleted = await backend.app.inject({ method: 'DELETE', url: `${url}?version=1`, headers: bearer(editor) });
    expect(deleted.json()).toMatchObject({ isDeleted: true, version: 2 });
    const ids = async (token: string, query = '') =>
      (await get(token, `NewsDocument${query}`)).json<NewsDocumentDto[]>().map((d) => d.documentId);
    expect(await ids(editor)).not.toContain(created.documentId);
    expect(await ids(editor, '?IncludeDeleted=true')).toContain(created.documentId);
    expect(await ids(reader, '?IncludeDeleted=true')).not.toContain(created.documentId);
    expect((await get(reader, `NewsDocument/${created.documentId}`)).statusCode).toBe(404);
    expect((await get(reader, `NewsDocument/${created.documentId}/content/latest`)).statusCode).toBe(404);
    const change = await sendForm(
      backend.app,
      editor,
      'PUT',
      `NewsDocument?documentId=${created.documentId}`,
      { Version: '2' },
      {
        name: 'x.pdf',
        content: await pdfOf('Gelöscht'),
      },
    );
    expect(change.statusCode).toBe(409);

    const restored = await backend.app.inject({ method: 'PUT', url: `${url}/restore?version=2`, headers: bearer(editor) });
    expect(restored.json()).toMatchObject({ isDeleted: false, version: 3 });
    expect(await ids(reader)).toContain(created.documentId);
    expect((await audits(created.documentId)).map((e) => [e.operation, e.new_value?.isDeleted])).toEqual([
      ['Create', false],
      ['Delete', true],
      ['Update', false],
    ]);
  });
});
