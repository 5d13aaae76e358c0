/**
 * The OncoBox upload (ecrf-calls.md §7 "Onkozert: POST import (multipart)"): the file goes to the gateway's upload
 * route (components/postUpload.ts), which streams it to the backend.
 */
import { fileForm, postUpload, type UploadDeps } from '../components/postUpload';
import { texts } from '../texts';

export type { UploadDeps } from '../components/postUpload';

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

/** Uploads the file for the location (a StudyInstitute id): the import's report, or the German refusal. */
export async function uploadOnkozertFile(file: File, locationId: string, deps: UploadDeps): Promise<UploadResult> {
  try {
    const { status, body } = await postUpload(`${UPLOAD_PATH}?locationId=${encodeURIComponent(locationId)}`, fileForm(file), deps);
    if (status === 201) return { ok: true, report: body as UploadReport };
    return { ok: false, message: typeof body.message === 'string' ? body.message : texts.onkozert.uploadFailed };
  } catch {
    return { ok: false, message: texts.onkozert.uploadFailed };
  }
}
