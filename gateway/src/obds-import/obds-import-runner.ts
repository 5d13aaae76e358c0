/**
 * The oBDS import's worker (docs/obds-import.md "Large files: upload route and job"). The gateway must read the file
 * itself (identity path), so it also carries the job: after the upload route started the import in the backend, the
 * runner matches the patients one after the other and hands them over in batches, on the import's job credential (the
 * context it is given; it outlives the uploader's access token); each batch is a progress step the
 * backend announces (`ObdsImportChanged` → `obdsImportUpdated`). The identities live in this process's memory only,
 * never on disk: a gateway that stops ends its imports as failed (on a drain with a reason; when killed, the backend's
 * lease does it), and the documentalist uploads the file again (taken messages are then duplicates).
 */
import type { GatewayContext } from '../context.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { ObdsFilePatient } from './obds-file.js';
import { matchPatient } from './patient-match.js';

/** Patients per batch: one backend transaction and one progress event each. */
export const OBDS_BATCH_SIZE = 25;

export const OBDS_RUNNER_MESSAGES = {
  stopped:
    'Das Gateway wurde während des Imports beendet. Die bis dahin gelesenen Patienten sind gespeichert; bitte die Datei erneut hochladen.',
  failed: (detail: string) => `Der Import wurde abgebrochen: ${detail}`,
  unreachable: 'Der Pseudonymisierungsdienst oder das Register war nicht erreichbar.',
} as const;

export type ObdsImportRunner = {
  /** Runs the import in the background; resolves when it ended (tests and the drain wait on it). */
  start(context: GatewayContext, importId: string, studyId: string, patients: readonly ObdsFilePatient[]): Promise<void>;
  /** Stops taking batches; running imports end as failed with the reason, then this resolves. */
  close(): Promise<void>;
};

function reasonOf(error: unknown, stopping: boolean): string {
  if (stopping) return OBDS_RUNNER_MESSAGES.stopped;
  if (error instanceof UpstreamError && error.status >= 400 && error.status < 500) return OBDS_RUNNER_MESSAGES.failed(error.message);
  return OBDS_RUNNER_MESSAGES.failed(OBDS_RUNNER_MESSAGES.unreachable);
}

export function createObdsImportRunner(): ObdsImportRunner {
  const running = new Set<Promise<void>>();
  let stopping = false;

  async function run(context: GatewayContext, importId: string, studyId: string, patients: readonly ObdsFilePatient[]) {
    try {
      for (let from = 0; from < patients.length; from += OBDS_BATCH_SIZE) {
        const batch = [];
        // One patient after the other: the service's sessions and the matcher are not to be flooded by one upload.
        for (const patient of patients.slice(from, from + OBDS_BATCH_SIZE)) {
          if (stopping) throw new Error('stopping');
          const { match, studyPatientId } = await matchPatient(patient.identity, studyId, context);
          batch.push({ position: patient.position, match, studyPatientId, messages: patient.messages });
        }
        await context.backend.call('post', '/api/v1.0/ObdsImport/{id}/patients', { path: { id: importId }, body: { patients: batch } });
      }
    } catch (error) {
      // When even this fails (the job credential ended with the uploader's session or account, the backend is gone),
      // the backend's lease ends the import.
      await context.backend
        .call('post', '/api/v1.0/ObdsImport/{id}/fail', { path: { id: importId }, body: { reason: reasonOf(error, stopping) } })
        .catch(() => undefined);
    }
  }

  return {
    start(context, importId, studyId, patients) {
      const job = run(context, importId, studyId, patients).finally(() => running.delete(job));
      running.add(job);
      return job;
    },
    async close() {
      stopping = true;
      await Promise.allSettled([...running]);
    },
  };
}
