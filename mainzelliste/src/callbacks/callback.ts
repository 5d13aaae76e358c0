/**
 * Callbacks (Mainzelliste's MainzellisteCallback): after a token's operation succeeded, the service POSTs a JSON
 * report to the token's `callback` address (already checked against MAINZELLISTE_CALLBACK_HOSTS):
 * `{tokenId, ids}` (addPatient; below API 2.0 `{tokenId, id}`), `{tokenId, patients}` (readPatients),
 * `{tokenId, similarityScores}` (checkMatch), `{tokenId}` (editPatient, deletePatient).
 * As in Mainzelliste, a receiver answering outside 2xx makes the request a 500 "Request to callback failed!"
 * and an unreachable one a 504; the operation itself is done by then, and the token stays usable (it is used
 * up only by answers below 400), so the client may repeat it. Redirects are not followed.
 */
import { MainzellisteError } from '../errors/errors.js';
import { DISTNAME, EMULATED_VERSION } from '../http/root.routes.js';

const CALLBACK_TIMEOUT_MS = 10_000;

export type CallbackBody = { tokenId: string } & Record<string, unknown>;

export async function sendCallback(url: string, body: CallbackBody): Promise<void> {
  let status: number;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': `${DISTNAME}/${EMULATED_VERSION}` },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    throw new MainzellisteError('ML_ERR_CALLBACK_UNREACHABLE', 'Request to callback failed!');
  }
  if (status < 200 || status >= 300) throw new MainzellisteError('ML_ERR_INTERNAL', 'Request to callback failed!');
}
