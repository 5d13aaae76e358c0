import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEWS_DOCUMENT_MESSAGES } from '@ecrf/rules';
import { clearSession, storeSession } from '../session/sessionStore';
import { renderWithProviders } from '../testing/renderWithProviders';
import { UploadNewsDocumentDialog, type UploadTarget } from './UploadNewsDocumentDialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pdf = new File(['%PDF-1.4 Leitfaden'], 'leitfaden.pdf', { type: 'application/pdf' });

function setup(target: UploadTarget, ...answers: Response[]) {
  storeSession({ token: 'token-1', refreshToken: 'refresh-1' });
  const fetch = vi.spyOn(window, 'fetch');
  answers.forEach((answer) => fetch.mockResolvedValueOnce(answer));
  const onUploaded = vi.fn();
  renderWithProviders(<UploadNewsDocumentDialog target={target} onClose={() => undefined} onUploaded={onUploaded} />, {
    path: '/documents',
  });
  return { fetch, onUploaded, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const create: UploadTarget = { mode: 'create', kind: 'Document', label: 'Dokument hochladen' };

describe('UploadNewsDocumentDialog', () => {
  it('checks the form as the server does before sending anything', async () => {
    const { fetch, user } = setup(create);
    const dialog = screen.getByRole('dialog', { name: 'Dokument hochladen' });
    await user.type(within(dialog).getByLabelText('Kennung'), '-leitfaden');
    await user.clear(within(dialog).getByLabelText('Reihenfolge'));
    await user.type(within(dialog).getByLabelText('Reihenfolge'), 'zehn');
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(within(dialog).getByText(NEWS_DOCUMENT_MESSAGES.identifier)).toBeTruthy();
    expect(within(dialog).getByText(NEWS_DOCUMENT_MESSAGES.title)).toBeTruthy();
    expect(within(dialog).getByText(NEWS_DOCUMENT_MESSAGES.order)).toBeTruthy();
    expect(within(dialog).getByText(NEWS_DOCUMENT_MESSAGES.noFile)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the metadata and the file with the catalogue’s part names, and shows a taken identifier at its field', async () => {
    const taken = json(409, {
      message: NEWS_DOCUMENT_MESSAGES.identifierTaken,
      errors: [{ code: 'ALREADY_EXISTS', message: NEWS_DOCUMENT_MESSAGES.identifierTaken, path: ['identifier'] }],
    });
    const { fetch, onUploaded, user } = setup(create, taken, json(201, { newsDocumentId: 'doc-9', docVersion: 1, errors: [] }));
    const dialog = screen.getByRole('dialog', { name: 'Dokument hochladen' });
    await user.type(within(dialog).getByLabelText('Titel'), 'Leitfaden');
    await user.type(within(dialog).getByLabelText('Kennung'), 'leitfaden');
    await user.type(within(dialog).getByLabelText('Schlagwörter'), 'Leitfaden, Dokumentation, leitfaden');
    await user.click(within(dialog).getByLabelText('Nur für DigiNet-Zentren'));
    await user.upload(within(dialog).getByLabelText('Datei'), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(await within(dialog).findByText(NEWS_DOCUMENT_MESSAGES.identifierTaken)).toBeTruthy();

    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/uploads/news-documents');
    expect(init.headers).toEqual({ authorization: 'Bearer token-1' });
    const form = init.body as FormData;
    expect(Object.fromEntries(['Identifier', 'Kind', 'Title', 'Order', 'DigiNetOnly'].map((name) => [name, form.get(name)]))).toEqual({
      Identifier: 'leitfaden',
      Kind: 'Document',
      Title: 'Leitfaden',
      Order: '0',
      DigiNetOnly: 'true',
    });
    expect(form.getAll('Tags')).toEqual(['Leitfaden', 'Dokumentation']);
    expect((form.get('FileData') as File).name).toBe('leitfaden.pdf');

    await user.clear(within(dialog).getByLabelText('Kennung'));
    await user.type(within(dialog).getByLabelText('Kennung'), 'leitfaden-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('„Leitfaden“ hochgeladen'));
    // Typing a whole form takes its time on a busy machine.
  }, 20_000);

  it('uploads a new version with the version read and shows the server’s refusal of the file', async () => {
    const refused = json(415, {
      message: NEWS_DOCUMENT_MESSAGES.unsupportedType,
      errors: [{ code: 'UNSUPPORTED_FILE_TYPE', message: NEWS_DOCUMENT_MESSAGES.unsupportedType, path: ['file'] }],
    });
    const target: UploadTarget = { mode: 'version', document: { id: 'doc/1', title: 'Leitfaden', version: 4, nextDocVersion: 3 } };
    const { fetch, onUploaded, user } = setup(target, refused, json(200, { newsDocumentId: 'doc/1', docVersion: 3, errors: [] }));
    const dialog = screen.getByRole('dialog', { name: 'Neue Version: Leitfaden' });
    await user.upload(within(dialog).getByLabelText('Datei'), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(await within(dialog).findByText(NEWS_DOCUMENT_MESSAGES.unsupportedType)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/uploads/news-documents/versions?documentId=doc%2F1');
    expect((init.body as FormData).get('Version')).toBe('4');
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('Version 3 von „Leitfaden“ hochgeladen'));
  });
});
