/**
 * POST /uploads/onkozert?locationId=<StudyInstitute id>: the browser's OncoBox upload (multipart/form-data, one
 * file part), streamed to the backend's import call (files/upload-forwarding.ts). The answer is the import's
 * report in the graph's terms, or the backend's German refusal with its status.
 */
import type { Express } from 'express';
import type { Pool } from 'undici';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import { forwardRefusal, refuseUpload, registerUploadRoute, streamUpload } from '../files/upload-forwarding.js';
import type { OnkozertImport } from './models.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

export const UPLOAD_ROUTE = '/uploads/onkozert';

/** The report the browser shows after an upload. */
export type UploadReport = {
  importId: string;
  fileName: string;
  acceptedRowCount: number;
  rejectedRowCount: number;
  rejectedRows: OnkozertImport['rejected'];
};

export function registerOnkozertUploadRoute(app: Express, pool: Pool): void {
  registerUploadRoute(app, UPLOAD_ROUTE, async (request, response, token) => {
    const location = fromGlobalId(String(request.query.locationId ?? ''));
    if (location?.type !== 'StudyInstitute') return refuseUpload(response, 400, GATEWAY_MESSAGES.uploadLocationInvalid);
    const path = `/api/v1.0/Onkozert/import?studyInstituteId=${encodeURIComponent(location.id)}`;
    const answer = await streamUpload(request, pool, token, { method: 'POST', path });
    if (answer.status !== 201) return forwardRefusal(response, answer);
    const created = answer.body as OnkozertImport;
    const report: UploadReport = {
      importId: toGlobalId('OnkozertImport', created.id),
      fileName: created.fileName,
      acceptedRowCount: created.accepted,
      rejectedRowCount: created.rejectedRows,
      rejectedRows: created.rejected,
    };
    response.status(201).json(report);
  });
}
