/**
 * Finding an oBDS patient in the registry (docs/obds-import.md "Identity path"): the identity goes to the
 * pseudonymisation service's check-match, the backend judges the answer (score ≥ 0.99, ecrf-calls.md §9) and names
 * the study patients of the pseudonym. Only the service's score and pid reach the backend; the identity stays here.
 */
import type { GatewayContext } from '../context.js';
import { toServiceFields, type IdentityFieldName } from '../identity/identity-fields.js';
import { judgedMatch } from '../identity/judged-match.js';

/** Below the registry's match but at least this similar: a possible match the documentalist decides (docs/obds-import.md). */
export const POSSIBLE_MATCH_SCORE = 0.6;

export type PatientMatch = { match: 'definite' | 'possible' | 'none'; studyPatientId: string | null };

export async function matchPatient(
  identity: Record<IdentityFieldName, string>,
  studyId: string,
  context: GatewayContext,
): Promise<PatientMatch> {
  const { answer, verdict } = await judgedMatch(toServiceFields(identity), context);
  if (!verdict.isMatch || !verdict.pseudonym)
    return { match: answer.pid && answer.similarityScore >= POSSIBLE_MATCH_SCORE ? 'possible' : 'none', studyPatientId: null };
  const found = await context.backend.call('get', '/api/v1.0/Mainzelliste/retrieveCheckMatchPatient', {
    query: { token: verdict.pseudonym },
  });
  const studyPatient = found.studyPatients.find((sp) => sp.studyId === studyId);
  // Registered, but not in this study (or not at the viewer's locations): to be registered in the study first.
  return studyPatient ? { match: 'definite', studyPatientId: studyPatient.id } : { match: 'none', studyPatientId: null };
}
