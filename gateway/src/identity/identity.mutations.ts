/**
 * Registration and master data changes (schema.graphql "Pseudonymisation"). IDAT travels gateway ↔
 * service only; the backend issues tokens, judges the check-match (≥ 0.99, ecrf-calls.md §9), keeps the
 * pseudonym and logs changed field names. Every refusal is a typed user error (docs/gateway.md).
 */
import type { MutationResolvers, ResolversTypes } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import { backendId, userErrorsOf } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import { contextOf } from '../patients/patients.resolvers.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { serviceUserError } from './identity-errors.js';
import { judgedMatch } from './judged-match.js';
import {
  IDENTITY_FIELD_NAMES,
  identityValues,
  isIdentifyingNumber,
  logNameOf,
  serviceKeysOf,
  toServiceFields,
  validateIdentity,
  valuesOf,
  type IdatFields,
  type IdentityFieldName,
} from './identity-fields.js';
import { ServiceFailure, possibleDuplicateOf } from './service-client.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

type Payload<N extends keyof ResolversTypes> = ResolversTypes[N];

/** ecrf-calls.md §5: the check-match found the insurance number with other patient data. */

/** A refusal the user can act on; it carries the identity a duplicate may be. */
class Refusal extends Error {
  constructor(
    readonly errors: UserErrorModel[],
    readonly duplicate: string | null = null,
  ) {
    super(errors[0]?.message ?? 'refused');
  }
}

/** The refusal of a failure: field rules and conflicts of the backend, the §5 statuses; others are thrown on. */
async function refusalOf(error: unknown, context: GatewayContext, duplicate: string | null = null): Promise<Refusal> {
  if (error instanceof Refusal) return error;
  const service = await serviceUserError(error, context);
  if (service) return new Refusal([service], error instanceof ServiceFailure && error.status === 409 ? possibleDuplicateOf(error) : null);
  const errors = userErrorsOf(error, { fields: { pseudonym: 'identity' }, conflict: 'ALREADY_EXISTS' });
  if (errors) return new Refusal(errors, error instanceof UpstreamError && error.status === 409 ? duplicate : null);
  throw error;
}

async function possibleDuplicate(pseudonym: string | null, context: GatewayContext): Promise<Payload<'PossibleDuplicate'> | null> {
  if (!pseudonym) return null;
  const found = await context.backend.call('get', '/api/v1.0/Mainzelliste/retrieveCheckMatchPatient', { query: { token: pseudonym } });
  return { pseudonym, registered: found.registered, studyPatients: found.studyPatients.map((sp) => ({ id: sp.id })) };
}

/**
 * The check before storing: the stored identity that matches (score ≥ 0.99, judged by the backend), or
 * null. A best match that agrees on the insurance number but not on enough else is refused: checked
 * once without the number, a score that drops (or another best match) shows the number pointed at it.
 */
async function checkMatch(fields: IdatFields, context: GatewayContext): Promise<{ pseudonym: string | null; tokenId: string }> {
  const { tokenId, answer: withNumber, verdict } = await judgedMatch(fields, context);
  if (verdict.isMatch) return { pseudonym: verdict.pseudonym, tokenId };
  const number = fields.versicherungsnummer ?? '';
  if (withNumber.pid && isIdentifyingNumber(number)) {
    const without = await context.service.checkMatch(
      tokenId,
      Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'versicherungsnummer')),
    );
    if (without.pid !== withNumber.pid || withNumber.similarityScore > without.similarityScore) {
      throw new Refusal([
        { code: 'INSURANCE_NUMBER_MISMATCH', message: GATEWAY_MESSAGES.insuranceMismatch, field: 'identity.insuranceNumber' },
      ]);
    }
  }
  return { pseudonym: null, tokenId };
}

export const identityMutations: Pick<MutationResolvers, 'registerPatient' | 'updatePatientMasterData'> = {
  async registerPatient(_, { input }, context) {
    // Signed in first: validation messages are not for anonymous callers.
    await context.loaders.currentUser();
    const failed = async (refusal: Refusal): Promise<Payload<'RegisterPatientPayload'>> => ({
      studyPatient: null,
      possibleDuplicate: await possibleDuplicate(refusal.duplicate, context),
      errors: refusal.errors,
    });
    const invalid = validateIdentity(input.identity);
    if (invalid.length > 0) return failed(new Refusal(invalid));
    const studyInstituteId = backendId(input.locationId, 'StudyInstitute', 'locationId');
    const studyId = backendId(input.studyId, 'Study', 'studyId');
    const fields = toServiceFields(identityValues(input.identity));
    let pseudonym: string | null = null;
    try {
      const match = await checkMatch(fields, context);
      pseudonym = match.pseudonym;
      let tokenId = match.tokenId;
      if (!pseudonym) {
        const token = await context.backend.call('post', '/api/v1.0/Mainzelliste/createPatientSessionAndToken', {
          body: { type: 'addPatient' },
        });
        tokenId = token.tokenId;
        pseudonym = (await context.service.addPatient(tokenId, fields, input.confirmNewPatient ?? false)).pseudonym;
      }
      const created = await context.backend.call('post', '/api/v1.0/Mainzelliste/createPatient', {
        query: { tokenId },
        body: {
          studyId,
          studyInstituteId,
          pseudonym,
          ...(input.registrationDate ? { registrationDate: input.registrationDate } : {}),
        },
      });
      return { studyPatient: { id: created.id }, possibleDuplicate: null, errors: [] };
    } catch (error) {
      return failed(await refusalOf(error, context, pseudonym));
    }
  },

  async updatePatientMasterData(_, { input }, context) {
    await context.loaders.currentUser();
    const studyPatientId = backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId');
    const invalid = validateIdentity(input.identity);
    if (invalid.length > 0) return { studyPatient: null, changedFields: [], errors: invalid };
    const { patientId } = await contextOf(studyPatientId, context);
    const values = identityValues(input.identity);
    try {
      // Only what differs from the stored identity is sent; without the read right every field counts as changed.
      const current = await context.loaders.identities.load(patientId);
      const before = current ? valuesOf(current) : null;
      const changed = IDENTITY_FIELD_NAMES.filter((name) => before?.[name] !== values[name]);
      if (changed.length === 0) return { studyPatient: { id: studyPatientId }, changedFields: [], errors: [] };
      const token = await context.backend.call('post', '/api/v1.0/Mainzelliste/createPatientSessionAndToken', {
        body: { type: 'editPatient', patientId, fields: serviceKeysOf(changed) },
      });
      const changedValues: Partial<Record<IdentityFieldName, string>> = Object.fromEntries(changed.map((name) => [name, values[name]]));
      await context.service.editPatient(token.tokenId, toServiceFields(changedValues, true));
      // The registry logs names only: each changed field is sent empty, so no value leaves the gateway.
      await context.backend.call('put', '/api/v1.0/NngmStudyPatient/{studyPatientId}/UpdateNngmStudyPatientDataML', {
        path: { studyPatientId },
        body: Object.fromEntries(changed.map((name) => [logNameOf(name), ''])),
      });
      context.loaders.identities.clear(patientId);
      return { studyPatient: { id: studyPatientId }, changedFields: [...changed], errors: [] };
    } catch (error) {
      return { studyPatient: null, changedFields: [], errors: (await refusalOf(error, context)).errors };
    }
  },
};
