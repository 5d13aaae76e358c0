/** Requests of the news document tests: multipart forms as a browser sends them, and real small PDFs. */
import { randomUUID } from 'node:crypto';
import type { App } from '../app-deps.js';
import { demoPdf } from '../news-documents/demo-news-documents.js';
import type { NewsDocumentDto } from '../news-documents/news-documents.schemas.js';
import { bearer } from './test-backend.js';

export type FormFields = Record<string, string | string[]>;
export type FormFile = { name: string; content: Uint8Array | string; type?: string };

/** A multipart/form-data body with its content type, built by the platform's FormData like a browser's. */
export async function multipartBody(fields: FormFields, file?: FormFile): Promise<{ contentType: string; payload: Buffer }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  if (file) form.append('FileData', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type') ?? '', payload: Buffer.from(await request.arrayBuffer()) };
}

export async function sendForm(app: App, token: string, method: 'POST' | 'PUT', url: string, fields: FormFields, file?: FormFile) {
  const { contentType, payload } = await multipartBody(fields, file);
  return app.inject({ method, url: `/api/v1.0/${url}`, headers: { ...bearer(token), 'content-type': contentType }, payload });
}

/** A real PDF with the given title (pdfkit), different for every title. */
export const pdfOf = (title: string): Promise<Buffer> =>
  demoPdf({
    identifier: 'test',
    kind: 'Document',
    title,
    description: 'Testdokument',
    order: 0,
    tags: [],
    digiNetOnly: false,
    fileName: 'test.pdf',
    sections: [{ heading: 'Inhalt', items: [title] }],
  });

export const uniqueIdentifier = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Creates a document as `token` and answers it (fails the test when refused). */
export async function createDocument(
  app: App,
  token: string,
  fields: FormFields & { Identifier?: string; Title?: string } = {},
  file?: FormFile,
): Promise<NewsDocumentDto> {
  const identifier = fields.Identifier ?? uniqueIdentifier('test');
  const response = await sendForm(
    app,
    token,
    'POST',
    'NewsDocument',
    { Title: `Dokument ${identifier}`, ...fields, Identifier: identifier },
    file ?? { name: `${identifier}.pdf`, content: await pdfOf(identifier), type: 'application/pdf' },
  );
  if (response.statusCode !== 201) throw new Error(`document not created: ${response.statusCode} ${response.body}`);
  return response.json<NewsDocumentDto>();
}
