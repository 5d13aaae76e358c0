/**
 * The clerical review list (issue 17; a registry extension, Mainzelliste has no such API): the possible
 * matches held as tentative patients, and a data manager's decision on each. Both routes need the API key
 * with `reviewPossibleMatches` and answer pseudonyms only; the backend shows the pair's IDAT through
 * readPatients tokens to viewers with the IDAT right. Every call is audited, the decision with the acting
 * user (auditTrail) and both pseudonyms, never IDAT.
 * - GET /possibleMatches: [{tentative, candidate}] as {idType: 'pid', idString}, oldest first.
 * - PUT /possibleMatches/{pid} {decision: 'same' | 'apart', auditTrail}: 204. 'apart' makes the tentative
 *   patient definite; 'same' records that both records are one person. 404 without an open pair.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import type { Pseudonym } from '../db/json-columns.js';
import { messages, notFound } from '../errors/errors.js';
import { decideReview, listOpenReviews } from './possible-matches.sql.js';

export const REVIEW_PERMISSION = 'reviewPossibleMatches';

const AuditTrailBody = Type.Object({
  username: Type.String({ minLength: 1 }),
  remoteSystem: Type.String(),
  reasonForChange: Type.String(),
});

export function registerPossibleMatchRoutes(app: App, deps: AppDeps): void {
  const pidsOf = async (patientIds: number[]): Promise<Map<number, Pseudonym>> => {
    const ids = await deps.patients.ids(patientIds);
    const pids = new Map<number, Pseudonym>();
    for (const [patientId, list] of ids) {
      const pid = list.find((id) => id.idType === 'pid');
      if (pid) pids.set(patientId, { idType: pid.idType, idString: pid.idString });
    }
    return pids;
  };

  app.get('/possibleMatches', async (request) => {
    const access = recordAccess(request, 'possibleMatch.list');
    access.serverName = deps.auth.authenticate(request, REVIEW_PERMISSION).name;
    const open = await listOpenReviews(deps.db);
    const pids = await pidsOf(open.flatMap((pair) => [pair.patientId, pair.candidateId]));
    const pairs = open.flatMap((pair) => {
      const [tentative, candidate] = [pids.get(pair.patientId), pids.get(pair.candidateId)];
      return tentative && candidate ? [{ tentative, candidate }] : [];
    });
    access.pseudonyms = pairs.flatMap((pair) => [pair.tentative, pair.candidate]);
    return pairs;
  });

  app.put(
    '/possibleMatches/:pid',
    {
      schema: {
        params: Type.Object({ pid: Type.String() }),
        body: Type.Object({ decision: Type.Union([Type.Literal('same'), Type.Literal('apart')]), auditTrail: AuditTrailBody }),
      },
    },
    async (request, reply) => {
      const access = recordAccess(request, 'possibleMatch.decide', { auditTrail: request.body.auditTrail });
      access.serverName = deps.auth.authenticate(request, REVIEW_PERMISSION).name;
      const patient = await deps.patients.find({ idType: 'pid', idString: request.params.pid });
      if (!patient) throw notFound(messages.noPatientFound);
      const decided = await decideReview(deps.db, patient.id, request.body.decision);
      if (!decided) throw notFound('No open possible match for this patient.');
      const pids = await pidsOf([decided.patientId, decided.candidateId]);
      access.pseudonyms = [pids.get(decided.patientId), pids.get(decided.candidateId)].filter((id): id is Pseudonym => id !== undefined);
      access.outcome = request.body.decision;
      return reply.status(204).send();
    },
  );
}
