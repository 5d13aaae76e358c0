import { describe, expect, it, vi } from 'vitest';
import { uploadOnkozertFile, type UploadDeps } from './uploadOnkozertFile';

const file = new File(['Jahr;Kennzahl;Zähler\n2024;1;5\n'], 'kennzahlen.csv', { type: 'text/csv' });
const report = { importId: 'imp-1', fileName: 'kennzahlen.csv', acceptedRowCount: 1, rejectedRowCount: 0, rejectedRows: [] };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deps(...answers: Response[]): UploadDeps & { fetch: ReturnType<typeof vi.fn> } {
  const fetch = vi.fn();
  answers.forEach((answer) => fetch.mockResolvedValueOnce(answer));
  let token = 'alt';
  return { fetch, token: () => token, renewSession: vi.fn(async () => (token = 'neu')) } as never;
}

describe('uploadOnkozertFile', () => {
  it('sends the file as multipart with the bearer token and the location, and answers the report', async () => {
    const d = deps(json(201, report));
    expect(await uploadOnkozertFile(file, 'loc/1', d)).toEqual({ ok: true, report });
    const [url, init] = d.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/uploads/onkozert?locationId=loc%2F1');
    expect(init.headers).toEqual({ authorization: 'Bearer alt' });
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('renews an expired session once and uploads again', async () => {
    const d = deps(json(401, { message: 'Bitte melden Sie sich an.' }), json(201, report));
    expect((await uploadOnkozertFile(file, 'loc', d)).ok).toBe(true);
    expect(d.renewSession).toHaveBeenCalledTimes(1);
    expect((d.fetch.mock.calls[1] as [string, RequestInit])[1].headers).toEqual({ authorization: 'Bearer neu' });
  });

  it('answers the German refusal of the file, or a general one when the gateway cannot be reached', async () => {
    const refused = deps(json(413, { message: 'Die Datei ist größer als 10 MB und wurde nicht importiert.' }));
    expect(await uploadOnkozertFile(file, 'loc', refused)).toEqual({
      ok: false,
      message: 'Die Datei ist größer als 10 MB und wurde nicht importiert.',
    });
    const offline = deps();
    offline.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await uploadOnkozertFile(file, 'loc', offline)).toEqual({
      ok: false,
      message: 'Die Datei konnte nicht übertragen werden. Bitte versuchen Sie es später erneut.',
    });
  });
});
