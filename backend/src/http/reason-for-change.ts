/**
 * A blank reason is no reason (issue 15 item 3; EMA GCP guideline on computerised systems 6.2.1: an audit
 * entry's reason must say something). Before validation, every reason a client sends — `reasonForChange` in
 * a body, `reasonOfChange` in a query — is trimmed, and a blank one is dropped: where a reason is required
 * (deletions, changes of complete or signed forms) the call is refused as if none were given, and where it
 * is optional none is stored. One hook, so no route can forget it.
 */
import type { FastifyInstance } from 'fastify';
import { givenReason } from '@ecrf/rules';

function normalise(holder: unknown, key: 'reasonForChange' | 'reasonOfChange'): void {
  if (typeof holder !== 'object' || holder === null || Array.isArray(holder)) return;
  const record = holder as { reasonForChange?: unknown; reasonOfChange?: unknown };
  const value = record[key];
  if (typeof value !== 'string') return;
  const reason = givenReason(value);
  if (reason !== null) record[key] = reason;
  else if (key === 'reasonForChange') delete record.reasonForChange;
  else delete record.reasonOfChange;
}

export function registerReasonForChange(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    normalise(request.body, 'reasonForChange');
    normalise(request.query, 'reasonOfChange');
  });
}
