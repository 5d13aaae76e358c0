/**
 * The clerical review list (issue 17 item 6; a registry extension, docs/backend.md "Possible matches"):
 * the pairs the pseudonymisation service holds as possible matches, as the registry's study patients, and
 * a data manager's decision on each. Pseudonyms and study patients only; the IDAT of a pair is read by the
 * gateway with the caller's read token. Every list and decision is audited without IDAT.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { App, AppDeps } from '../app-deps.js';
import { audit, actorOf } from '../audit/audit.service.js';
import { notFound } from '../errors/errors.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import {
  PossibleMatchDecidedSchema,
  PossibleMatchDecisionSchema,
  PossibleMatchListSchema,
  PossibleMatchParams,
  serviceErrors,
  tags,
} from './identity.schemas.js';
import { visibleStudyPatients } from './identity.service.js';
import { findLinksOfPseudonyms } from './identity.sql.js';
import { createMainzellisteClient, type PossibleMatchPair } from './mainzelliste.client.js';
import { mergeTentativePatient } from './study-patient-merge.js';

/** How the service's audit trail names the registry as the calling system. */
const REMOTE_SYSTEM = 'ecrf-backend';

type PairSide = { studyPatientId: string; patientId: string; pseudonym: string };
type VisiblePair = { tentative: PairSide; candidate: PairSide };

/** The pairs both of whose patients are linked and have a study patient the caller may see. */
async function visiblePairs(db: Kysely<DB>, caller: CurrentUser, pairs: readonly PossibleMatchPair[]): Promise<VisiblePair[]> {
  const links = await findLinksOfPseudonyms(
    db,
    pairs.flatMap((pair) => [pair.tentative, pair.candidate]),
  );
  const patientOf = new Map(links.map((link) => [link.id_string, link.patient_id]));
  const studyPatientOf = new Map<string, string>();
  for (const row of await visibleStudyPatients(db, caller, [...new Set(patientOf.values())])) {
    if (!studyPatientOf.has(row.patientId)) studyPatientOf.set(row.patientId, row.id);
  }
  const sideOf = (pseudonym: string): PairSide | null => {
    const patientId = patientOf.get(pseudonym);
    const studyPatientId = patientId && studyPatientOf.get(patientId);
    return patientId && studyPatientId ? { studyPatientId, patientId, pseudonym } : null;
  };
  const visible: VisiblePair[] = [];
  for (const pair of pairs) {
    const [tentative, candidate] = [sideOf(pair.tentative), sideOf(pair.candidate)];
    if (tentative && candidate) visible.push({ tentative, candidate });
  }
  return visible;
}

export function registerPossibleMatchRoutes(app: App, { db, config }: AppDeps): void {
  const service = () => createMainzellisteClient(config.mainzelliste);

  app.get(
    '/PossibleMatch',
    {
      config: { access: { right: 'PossibleMatchReviewCmd' } },
      schema: routeSchema({
        operationId: 'getPossibleMatches',
        tags,
        summary: 'The open possible matches of the pseudonymisation service as pairs of study patients the caller may see, oldest first',
        response: { 200: PossibleMatchListSchema },
        errors: serviceErrors,
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const pairs = await visiblePairs(db, caller, await service().listPossibleMatches());
      await audit(db, {
        actor: actorOf(caller),
        tableName: 'patient_identity_link',
        recordId: null,
        operation: 'Update',
        event: 'PossibleMatchesListed',
        // The caller's role is recorded by the trail itself (role_identifier).
        newValue: { pseudonyms: pairs.flatMap((pair) => [pair.tentative.pseudonym, pair.candidate.pseudonym]) },
      });
      return { items: pairs };
    },
  );

  app.put(
    '/PossibleMatch/:tentativePid',
    {
      config: { access: { right: 'PossibleMatchReviewCmd' } },
      schema: routeSchema({
        operationId: 'decidePossibleMatch',
        tags,
        summary:
          "Decides an open pair: 'same' person joins the tentative patient's study patients to the candidate's (409 with every conflict, nothing changed), or keep 'apart' (the tentative patient becomes definite); audited with the reason",
        params: PossibleMatchParams,
        body: PossibleMatchDecisionSchema,
        response: { 200: PossibleMatchDecidedSchema },
        errors: [404, ...serviceErrors],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const { tentativePid } = request.params;
      const { decision, reasonForChange } = request.body;
      const open = (await service().listPossibleMatches()).filter((pair) => pair.tentative === tentativePid);
      // A pair the caller may not see is answered as one that does not exist.
      const [pair] = await visiblePairs(db, caller, open);
      if (!pair) throw notFound('possible match');
      const actor = actorOf(caller);
      const auditTrail = { username: caller.userName, remoteSystem: REMOTE_SYSTEM, reasonForChange };
      // One transaction: the service's decision is asked for last, so its refusal rolls the join back
      // (the window after it is in docs/decisions.md "Joining study patients").
      return db.transaction().execute(async (trx) => {
        const survivors =
          decision === 'same'
            ? await mergeTentativePatient(trx, {
                tentative: { patientId: pair.tentative.patientId, pseudonym: pair.tentative.pseudonym },
                candidate: { patientId: pair.candidate.patientId, pseudonym: pair.candidate.pseudonym },
                actor,
                reason: reasonForChange,
                now: new Date(),
              })
            : null;
        await audit(trx, {
          actor,
          tableName: 'patient_identity_link',
          recordId: pair.tentative.patientId,
          operation: 'Update',
          event: 'PossibleMatchDecided',
          newValue: { tentative: pair.tentative.pseudonym, candidate: pair.candidate.pseudonym, decision },
          reason: reasonForChange,
        });
        if (!(await service().decidePossibleMatch(tentativePid, decision, auditTrail))) throw notFound('possible match');
        return { survivorStudyPatientId: survivors?.get(pair.tentative.studyPatientId) ?? null };
      });
    },
  );
}
