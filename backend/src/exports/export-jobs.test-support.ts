/** Export jobs run through the REST API in tests: started, waited for, downloaded. */
import type { TestBackend } from '../test-support/test-backend.js';
import { bearer } from '../test-support/test-backend.js';
import type { ExportJobDto } from './exports.schemas.js';

/**
 * Starts an export at `path` (below /api/v1.0), waits until its job completes and answers the job and its file,
 * downloaded by the kind's own call (`<path>/download?fileName`).
 */
export async function runExport(
  backend: TestBackend,
  token: string,
  path: string,
  payload: object = {},
): Promise<{ job: ExportJobDto; file: Buffer }> {
  const call = (method: 'GET' | 'POST', url: string, body?: object) =>
    backend.app.inject({ method, url: `/api/v1.0/${url}`, headers: bearer(token), ...(body ? { payload: body } : {}) });
  const started = await call('POST', path, payload);
  if (started.statusCode !== 202) throw new Error(`${path} not started: ${started.statusCode} ${started.body}`);
  const { id } = started.json<ExportJobDto>();
  for (let i = 0; i < 1200; i += 1) {
    const [job] = (await call('GET', `ExportJob?ids=${id}`)).json<ExportJobDto[]>();
    if (job?.state === 'failed') throw new Error(`${path} failed: ${job.failureReason ?? ''}`);
    if (job?.state === 'completed') {
      const file = await call('POST', `${path}/download?fileName=${encodeURIComponent(job.fileName)}`);
      if (file.statusCode !== 200) throw new Error(`${path}: download answered ${file.statusCode}`);
      return { job, file: file.rawPayload };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} did not complete`);
}
