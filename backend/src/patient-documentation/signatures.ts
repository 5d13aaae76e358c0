/**
 * Signing a visit (ecrf-core.md §4; 21 CFR 11.50, 11.200): the password again, the meaning recorded, through the one
 * documentation path. Only a complete visit can be signed: the signature states that its data are correct and
 * complete (docs/decisions.md "Signing means complete"). The plausibility hints open at signing, which the signing
 * dialog lists for the signer to confirm, are kept with the signature's audit row.
 */
import { formHints } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit } from '../audit/audit.service.js';
import { verifyPassword } from '../credentials/password-hash.js';
import { notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { displayTextsOf } from '../languages/languages.service.js';
import { findPasswordState, findUsers } from '../users/users.sql.js';
import { writeDocumentation, type DocumentationUnit } from './documentation-write.js';
import type { VisitDto } from './patient-documents.js';
import { liveVisit, studyPatientOfVisit, visitDefinitionOf } from './visits.service.js';
import { saveVisitRow } from './visits.sql.js';
import { SIGN_MESSAGES } from '../errors/messages.js';

/** The meaning recorded with a signature unless the client names another (21 CFR 11.50). */
export const DEFAULT_SIGNATURE_MEANING = 'Die Richtigkeit und Vollständigkeit der Daten dieser Visite wird bestätigt.';

export type SignResult = { success: boolean; message: string };

/** The plausibility hints that hold in the visit's own form and its instruments, with their German texts. */
async function openHints(unit: DocumentationUnit, visit: VisitDto): Promise<{ form: string; path: string; message: string }[]> {
  const { ws } = unit;
  const definition = visitDefinitionOf(ws, visit.definitionId);
  const forms = [
    {
      identifier: definition.identifier,
      formFields: definition.fields,
      fields: visit.fields,
      place: { kind: 'visit', visitId: visit.id } as const,
    },
    ...visit.instruments
      .filter((instrument) => !instrument.isDeleted)
      .map((instrument) => ({
        identifier: instrument.identifier,
        formFields: ws.index.instrumentById.get(instrument.definitionId)?.fields ?? [],
        fields: instrument.fields,
        place: { kind: 'instrument', instrumentId: instrument.id, state: instrument.state } as const,
      })),
  ];
  const found = forms.flatMap((form) =>
    formHints(form.formFields, form.fields, ws.contextFor(form.place, form.fields), (key) => key).map((hint) => ({
      form: form.identifier,
      path: hint.path,
      message: hint.message,
    })),
  );
  if (found.length === 0) return [];
  const texts = await displayTextsOf(unit.trx, ws.patient.studyDefinitionId);
  return found.map((hint) => ({ ...hint, message: texts.get(hint.message) ?? hint.message }));
}

/**
 * Signs a visit (21 CFR 11.50, 11.200: the password again, the meaning recorded). Only a complete visit can be
 * signed: the signature states that its data are correct and complete (docs/decisions.md "Signing means complete").
 */
export async function signVisit(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: { password: string; meaning?: string },
): Promise<SignResult> {
  const studyPatientId = await studyPatientOfVisit(db, id);
  // The manifestation names the signer as people know them; the display name is kept as it was at signing.
  const [signer] = await findUsers(db, { id: caller.id, includeDeleted: true });
  // The visit is the caller's to sign (404 as for an unknown one otherwise) before the password is even looked at.
  return writeDocumentation(db, caller, { studyPatientId, hiddenAs: 'visit' }, async (unit) => {
    const visit = liveVisit(unit, id);
    const account = await findPasswordState(unit.trx, caller.id);
    if (!account) throw notFound('user');
    if (!(await verifyPassword(account.password_hash, input.password))) {
      await audit(unit.trx, {
        actor: unit.actor,
        tableName: 'visit',
        recordId: id,
        operation: 'Update',
        event: 'VisitSignatureRefused',
        newValue: { reason: 'wrong password' },
      });
      return { success: false, message: SIGN_MESSAGES.wrongPassword };
    }
    if (visit.state !== 'complete') return { success: false, message: SIGN_MESSAGES.incomplete };
    const hints = await openHints(unit, visit);
    const signature = {
      userId: caller.id,
      userName: caller.userName,
      displayName: signer?.displayName ?? caller.userName,
      signedAt: unit.ws.now.toISOString(),
      meaning: input.meaning ?? DEFAULT_SIGNATURE_MEANING,
    };
    await unit.apply({
      table: 'visit',
      operation: 'Update',
      read: { id, version: visit.version },
      before: { isSigned: visit.isSigned, signatureData: visit.signatureData },
      // The plausibility hints open at signing, which the signer confirmed having checked (the dialog lists them).
      after: { isSigned: true, signatureData: signature, confirmedHints: hints },
      visitId: id,
      concerns: 'workflow',
      reason: null,
      event: 'VisitSigned',
      write: (trx, stamp) =>
        saveVisitRow(trx, id, visit.version, {
          is_signed: true,
          signature_data: JSON.stringify(signature),
          signature_withdrawal: null,
          version: stamp.version,
          changed_at: stamp.changedAt,
          changed_by: stamp.changedBy,
        }),
    });
    return { success: true, message: SIGN_MESSAGES.signed };
  });
}
