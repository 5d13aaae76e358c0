/**
 * POST /uploads/obds?studyId=<Study id>: the browser's oBDS upload (multipart/form-data, one file part `file`, at most
 * 50 MB; docs/obds-import.md "Large files: upload route and job"). Unlike the other uploads beside the graph the file
 * is not streamed on to the backend: it carries identity data, which only the gateway may read. The route takes it
 * into memory (never onto disk), validates it against the XSD, starts the import in the backend and answers 202 with
 * the import at once; the runner matches and hands over the patients in the background on the import's job credential,
 * and the browser follows the progress through `obdsImportUpdated`.
 */
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import type { Express, Request } from 'express';
import type { GatewayContext } from '../context.js';
import { refuseUpload, registerUploadRoute } from '../files/upload-forwarding.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import { UPLOAD_MESSAGES } from '../graph/messages.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';
import { readObdsFile } from './obds-file.js';
import type { ObdsImportRunner } from './obds-import-runner.js';
import { schemaErrorText } from './schema-messages.js';

export const OBDS_UPLOAD_ROUTE = '/uploads/obds';

/** A file of about 7,000 patients of typical messages; libxml2 reads it whole. */
export const OBDS_MAX_BYTES = 50 * 1024 * 1024;

export const OBDS_UPLOAD_MESSAGES = {
  study: 'Die Studie (studyId) ist keine gültige Studien-Id.',
  missingRight: 'Ihnen fehlt das Recht InstrumentUpdateCmd (oBDS-Import).',
  noFile: 'Bitte eine oBDS-Datei (XML) im Feld „file“ senden.',
  tooLarge: 'Die Datei ist größer als 50 MB. Bitte die Meldungen auf mehrere Dateien verteilen.',
  schema: 'Die Datei entspricht nicht dem oBDS-Schema 3.0.4.',
} as const;

type Received = { ok: true; fileName: string; content: Buffer } | { ok: false; status: number; code: string; message: string };

/** Reads the one file part into memory; a part beyond the limit is refused as soon as the limit is reached. */
function receiveFile(request: Request): Promise<Received> {
  return new Promise((resolve, reject) => {
    let received: Received = { ok: false, status: 400, code: 'INVALID_VALUE', message: OBDS_UPLOAD_MESSAGES.noFile };
    const parser = new Busboy({ headers: request.headers as BusboyHeaders, limits: { files: 1, fileSize: OBDS_MAX_BYTES } });
    parser.on('file', (field, stream, fileName) => {
      if (field !== 'file') return void stream.resume();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received = stream.truncated
          ? { ok: false, status: 413, code: 'FILE_TOO_LARGE', message: OBDS_UPLOAD_MESSAGES.tooLarge }
          : { ok: true, fileName: fileName || 'obds.xml', content: Buffer.concat(chunks) };
      });
    });
    parser.on('finish', () => resolve(received));
    parser.on('error', reject);
    request.pipe(parser);
  });
}

export function registerObdsUploadRoute(app: Express, contextOf: (token: string) => GatewayContext, runner: ObdsImportRunner): void {
  registerUploadRoute(app, OBDS_UPLOAD_ROUTE, async (request, response, token) => {
    const study = fromGlobalId(String(request.query.studyId ?? ''));
    if (study?.type !== 'Study') return refuseUpload(response, 400, OBDS_UPLOAD_MESSAGES.study, 'INVALID_VALUE');
    // The form around the file adds a few hundred bytes; a body announced far beyond the limit is not read at all.
    if (Number(request.headers['content-length'] ?? 0) > OBDS_MAX_BYTES + 64 * 1024)
      return refuseUpload(response, 413, OBDS_UPLOAD_MESSAGES.tooLarge, 'FILE_TOO_LARGE');
    const context = contextOf(token);
    // Checked before the file is read: a caller without the right is not kept waiting for 50 MB.
    const may = await viewerRights(context).catch((error: unknown) => {
      if (error instanceof UpstreamError && error.status === 401) return null;
      throw error;
    });
    if (!may) return refuseUpload(response, 401, UPLOAD_MESSAGES.unauthenticated);
    if (!may('InstrumentUpdateCmd')) return refuseUpload(response, 403, OBDS_UPLOAD_MESSAGES.missingRight, 'FORBIDDEN');
    const received = await receiveFile(request);
    if (!received.ok) return refuseUpload(response, received.status, received.message, received.code);
    const file = readObdsFile(received.content);
    if (!file.ok) {
      const [first] = file.errors;
      return void response.status(422).json({
        message: OBDS_UPLOAD_MESSAGES.schema,
        code: 'INVALID_VALUE',
        errors: [{ code: 'INVALID_VALUE', message: first ? schemaErrorText(first) : OBDS_UPLOAD_MESSAGES.schema, path: ['file'] }],
        schemaErrors: file.errors,
      });
    }
    const messageCount = file.patients.reduce((sum, patient) => sum + patient.messages.length, 0);
    let started;
    try {
      started = await context.backend.call('post', '/api/v1.0/ObdsImport', {
        body: { studyId: study.id, fileName: received.fileName.slice(0, 255), patientCount: file.patients.length, messageCount },
      });
    } catch (error) {
      if (error instanceof UpstreamError && error.status >= 400 && error.status < 500)
        return refuseUpload(response, error.status, error.message, error.code);
      throw error;
    }
    // The runner works on the import's job credential, not on the caller's access token: a long file outlives the
    // token, the credential lives as long as the import runs and the caller's session is open (docs/obds-import.md).
    // Only a replay for an Idempotency-Key answers without it, and this call sends none.
    if (!started.jobCredential) throw new Error('the backend started the oBDS import without its job credential');
    void runner.start(contextOf(started.jobCredential), started.id, study.id, file.patients);
    response.status(202).json({
      obdsImportId: toGlobalId('ObdsImport', started.id),
      fileName: started.fileName,
      patientCount: started.patientCount,
      messageCount: started.messageCount,
      errors: [],
    });
  });
}
