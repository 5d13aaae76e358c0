/**
 * An identity's check-match at the pseudonymisation service, judged by the backend (score ≥ 0.99, ecrf-calls.md §9):
 * registration and the oBDS import ask it the same way. The token stays usable for a second look at the service.
 */
import type { GatewayContext } from '../context.js';
import type { IdatFields } from './identity-fields.js';

export async function judgedMatch(fields: IdatFields, context: GatewayContext) {
  const { tokenId } = await context.backend.call('post', '/api/v1.0/Mainzelliste/getCheckPatientMatchToken', {});
  const answer = await context.service.checkMatch(tokenId, fields);
  const verdict = await context.backend.call('post', '/api/v1.0/Mainzelliste/getCheckPatientMatch', { query: { tokenId }, body: answer });
  return { tokenId, answer, verdict };
}
