/**
 * The OncoBox upload (ecrf-calls.md §7 "Onkozert: POST import (multipart)"): the file goes as multipart/form-data
 * to the gateway's upload route, which streams it to the backend; it never travels through GraphQL. An expired
 * access token is renewed once (through a GraphQL call, which refreshes the session) and the upload repeated.
 */
import { texts } from '../texts';

export const UPLOAD_PATH = '/uploads/onkozert';

export type RowProblem = { row: number; column: string | null; message: string };
export type UploadReport = {
  importId: string;
  fileName: string;
  acceptedRowCount: number;
  rejectedRowCount: number;
  rejectedRows: RowProblem[];
};
export type UploadResult = { ok: true; report: UploadReport } | { ok: false; message: string };

export type UploadDeps = {
  fetch: typeof window.fetch;
  token: () => string | null;
  /** Renews the session (the GraphQL client refreshes on 401); resolves when a fresh token is stored. */
  renewSession: () => Promise<unknown>;
};

async function send(file: File, locationId: string, deps: UploadDeps): Promise<Response> {
  const form = new FormData();
  form.append('file', file, file.name);
  return deps.fetch(`${UPLOAD_PATH}?locationId=${encodeURIComponent(locationId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${deps.token() ?? ''}` },
    body: form,
  });
}

/** Uploads the file for the location (a StudyInstitute id): the import's report, or the German refusal. */
export async function uploadOnkozertFile(file: File, locationId: string, deps: UploadDeps): Promise<UploadResult> {
  try {
    let response = await send(file, locationId, deps);
    if (response.status === 401) {
      await deps.renewSession();
      response = await send(file, locationId, deps);
    }
    const body = (await response.json().catch(() => ({}))) as Partial<UploadReport> & { message?: string };
    if (response.status === 201) return { ok: true, report: body as UploadReport };
    return { ok: false, message: typeof body.message === 'string' ? body.message : texts.onkozert.uploadFailed };
  } catch {
    return { ok: false, message: texts.onkozert.uploadFailed };
  }
}
