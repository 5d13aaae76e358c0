/**
 * The oBDS upload beside the graph (docs/obds-import.md "Large files: upload route and job"): the file goes to the
 * gateway's upload route (components/postUpload.ts), which validates it, starts the import and answers at once; the
 * patients are matched in the background and the progress arrives through `obdsImportUpdated`.
 */
import { fileForm, postUpload, type UploadDeps } from '../components/postUpload';
import { texts } from '../texts';

export const OBDS_UPLOAD_PATH = '/uploads/obds';

export type SchemaError = { line: number; element: string | null; message: string };
export type ObdsUploadResult =
  { ok: true; importId: string; patientCount: number } | { ok: false; message: string; schemaErrors: SchemaError[] };

/** Uploads the file for the study (a Study id): the started import, or the German refusal with the schema's lines. */
export async function uploadObdsFile(file: File, studyId: string, deps: UploadDeps): Promise<ObdsUploadResult> {
  try {
    const { status, body } = await postUpload(`${OBDS_UPLOAD_PATH}?studyId=${encodeURIComponent(studyId)}`, fileForm(file), deps);
    if (status === 202 && typeof body.obdsImportId === 'string')
      return { ok: true, importId: body.obdsImportId, patientCount: Number(body.patientCount) };
    return {
      ok: false,
      message: typeof body.message === 'string' ? body.message : texts.obdsImport.uploadFailed,
      schemaErrors: Array.isArray(body.schemaErrors) ? (body.schemaErrors as SchemaError[]) : [],
    };
  } catch {
    return { ok: false, message: texts.obdsImport.uploadFailed, schemaErrors: [] };
  }
}
