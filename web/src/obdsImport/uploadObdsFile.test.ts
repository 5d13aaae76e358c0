import { describe, expect, it, vi } from 'vitest';
import { statusText } from './obdsImportStatus';
import type { UploadDeps } from '../components/postUpload';
import { uploadObdsFile } from './uploadObdsFile';

const file = new File(['<oBDS/>'], 'klinik.xml', { type: 'application/xml' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deps(...answers: Response[]): UploadDeps & { fetch: ReturnType<typeof vi.fn> } {
  const fetch = vi.fn();
  answers.forEach((answer) => fetch.mockResolvedValueOnce(answer));
  let token = 'alt';
  return { fetch, token: () => token, renewSession: vi.fn(async () => (token = 'neu')) } as never;
}

describe('uploadObdsFile', () => {
  it('sends the file as multipart with the bearer token and the study, and answers the started import', async () => {
    const d = deps(json(202, { obdsImportId: 'imp-1', fileName: 'klinik.xml', patientCount: 3, messageCount: 7, errors: [] }));
    expect(await uploadObdsFile(file, 'study/1', d)).toEqual({ ok: true, importId: 'imp-1', patientCount: 3 });
    const [url, init] = d.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/uploads/obds?studyId=study%2F1');
    expect(init.headers).toEqual({ authorization: 'Bearer alt' });
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('renews an expired session once and uploads again', async () => {
    const d = deps(json(401, { message: 'Bitte melden Sie sich an.' }), json(202, { obdsImportId: 'imp-2', patientCount: 1 }));
    expect(await uploadObdsFile(file, 'study', d)).toMatchObject({ ok: true, importId: 'imp-2' });
    expect(d.renewSession).toHaveBeenCalledTimes(1);
  });

  it('answers the schema’s refusals by line, a German refusal, or a general one when the gateway cannot be reached', async () => {
    const schemaErrors = [{ line: 7, element: 'Therapieart', message: 'Der Wert „QQ“ ist nicht zulässig' }];
    const refused = deps(json(422, { message: 'Die Datei entspricht nicht dem oBDS-Schema 3.0.4.', schemaErrors }));
    expect(await uploadObdsFile(file, 'study', refused)).toEqual({
      ok: false,
      message: 'Die Datei entspricht nicht dem oBDS-Schema 3.0.4.',
      schemaErrors,
    });
    const tooLarge = deps(json(413, { message: 'Die Datei ist größer als 50 MB.', code: 'FILE_TOO_LARGE' }));
    expect(await uploadObdsFile(file, 'study', tooLarge)).toEqual({
      ok: false,
      message: 'Die Datei ist größer als 50 MB.',
      schemaErrors: [],
    });
    const offline = deps();
    offline.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await uploadObdsFile(file, 'study', offline)).toEqual({
      ok: false,
      message: 'Die Datei konnte nicht übertragen werden. Bitte versuchen Sie es später erneut.',
      schemaErrors: [],
    });
  });
});

describe('statusText', () => {
  it('shows the progress while an import runs, and its end otherwise', () => {
    expect(statusText({ status: 'QUEUED', patientsDone: 0, patientCount: 1 })).toBe('läuft: 0 von 1 Patient');
    expect(statusText({ status: 'RUNNING', patientsDone: 25, patientCount: 500 })).toBe('läuft: 25 von 500 Patienten');
    expect(statusText({ status: 'DONE', patientsDone: 500, patientCount: 500 })).toBe('abgeschlossen');
    expect(statusText({ status: 'FAILED', patientsDone: 25, patientCount: 500 })).toBe('abgebrochen');
  });
});
