/**
 * Verification flags in the graph (docs/gateway.md "Queries and verification flags"): read from the patient
 * context the patient screen loads anyway, set and cleared through the flag calls, and followed live per
 * patient.
 */
import { GraphQLError } from 'graphql';
import { hasRight } from '@ecrf/rules';
import type {
  DataFieldResolvers,
  MutationResolvers,
  SetVerificationFlagInput,
  SubscriptionResolvers,
  VerificationFlagResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import type { DomainEvent, VerificationFlagChangedPayload } from '../events/domain-event.js';
import { delivered, liveSubscription } from '../events/subscription.js';
import type { ViewerSnapshot } from '../events/viewer-snapshot.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId, attemptWithIds, backendId, InvalidIdError, userErrorsOf, type UserErrorModel } from '../graph/user-errors.js';
import { definitionVersionOf } from '../patients/documentation.js';
import type { DataField, PatientContext } from '../patients/models.js';
import { loadPatientNode } from '../patients/patient-nodes.js';
import { contextOf } from '../patients/patients.resolvers.js';
import { loadedVersion } from '../study-definitions/definition-models.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';
import type { VerificationFlag, VerificationFlagDto } from './models.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

/** The flags of a loaded patient. */
export const flagsOf = (patient: PatientContext): VerificationFlag[] =>
  patient.dataVerificationFlags.map((flag) => ({ studyPatientId: patient.id, flag }));

/** `node(id)` of a flag: `<studyPatientId>/<flagId>`, from the patient's context. */
export async function loadVerificationFlagNode(id: string, c: GatewayContext): Promise<VerificationFlag | null> {
  const [studyPatientId = '', flagId] = id.split('/');
  const patient = await c.loaders.patientContexts.load(studyPatientId);
  return (patient && flagsOf(patient).find(({ flag }) => flag.id === flagId)) ?? null;
}

export const DataFieldVerificationFlags: Pick<DataFieldResolvers, 'verificationFlags'> = {
  verificationFlags: async ({ form, field }, _, c) => {
    const may = await viewerRights(c);
    if (!may('DataVerificationFlagGetByStudyPatientCmd')) return [];
    return flagsOf(form.context).filter(({ flag }) => flag.dataFieldId === field.id);
  },
};

export const VerificationFlagType: VerificationFlagResolvers = {
  id: ({ studyPatientId, flag }) => toGlobalId('VerificationFlag', `${studyPatientId}/${flag.id}`),
  flagType: async ({ studyPatientId, flag }, _, c) => {
    const { model } = await loadedVersion(c, definitionVersionOf(await contextOf(studyPatientId, c)));
    const type = model.verificationFlagTypes.find((candidate) => candidate.identifier === flag.typeIdentifier);
    if (!type) throw new GraphQLError(`verification flag type ${flag.typeIdentifier} is not in the definition`);
    return type;
  },
  state: ({ flag }) => flag.state,
  dataField: ({ studyPatientId, flag }, _, c) =>
    loadPatientNode('DataField', `${studyPatientId}/${flag.dataFieldId}`, c) as Promise<DataField | null>,
  changedBy: ({ flag }) => flag.changedBy,
  changedAt: ({ flag }) => flag.changedAt,
  version: ({ flag }) => flag.version,
};

type Payload = { verificationFlag: VerificationFlag | null; errors: UserErrorModel[] };

const isFlag = (value: unknown): value is VerificationFlagDto =>
  typeof value === 'object' && value !== null && 'typeIdentifier' in value && 'state' in value;

/** Refusals of the flag calls as the payload: a stale version or an existing flag answer the flag as stored. */
function refusedFlag(error: unknown, studyPatientId: string): Payload | null {
  if (!(error instanceof UpstreamError)) return null;
  if (error.code === 'STALE_WRITE' || error.code === 'ALREADY_EXISTS') {
    const current = error.body.current;
    return {
      verificationFlag: isFlag(current) ? { studyPatientId, flag: current } : null,
      errors: [{ code: error.code, message: error.message, field: 'version' }],
    };
  }
  if (error.status === 400)
    return { verificationFlag: null, errors: userErrorsOf(error) ?? [{ code: 'INVALID_VALUE', message: error.message }] };
  return null;
}

async function setFlag(input: SetVerificationFlagInput, c: GatewayContext): Promise<Payload> {
  const [studyPatientId = '', dataFieldId = ''] = backendId(input.dataFieldId, 'DataField', 'dataFieldId').split('/');
  if (!dataFieldId) throw new InvalidIdError('dataFieldId');
  try {
    if (input.version == null) {
      const flag = await c.backend.call('post', '/api/v1.0/DataVerificationFlag', {
        body: { studyPatientId, dataFieldId, typeIdentifier: input.flagTypeIdentifier, verified: input.verified },
      });
      return { verificationFlag: { studyPatientId, flag }, errors: [] };
    }
    const stored = flagsOf(await contextOf(studyPatientId, c)).find(
      ({ flag }) => flag.dataFieldId === dataFieldId && flag.typeIdentifier === input.flagTypeIdentifier,
    );
    if (!stored)
      return {
        verificationFlag: null,
        errors: [{ code: 'INVALID_VALUE', message: GATEWAY_MESSAGES.noFlagOfThisType, field: 'version' }],
      };
    const flag = await c.backend.call('put', '/api/v1.0/DataVerificationFlag/{id}', {
      path: { id: stored.flag.id },
      body: { version: input.version, verified: input.verified },
    });
    return { verificationFlag: { studyPatientId, flag }, errors: [] };
  } catch (error) {
    const refused = refusedFlag(error, studyPatientId);
    if (refused) return refused;
    throw error;
  }
}

export const verificationFlagMutations: Pick<MutationResolvers, 'setVerificationFlag'> = {
  setVerificationFlag: (_, { input }, c) =>
    attemptWithIds(
      c,
      () => setFlag(input, c),
      (errors) => ({ verificationFlag: null, errors }),
    ),
};

/** The subscriber may read the patient's flags: the flag read right, and the patient's location or every location. */
export function flagEventVisible(event: DomainEvent, viewer: ViewerSnapshot, studyPatientId: string): boolean {
  return (
    event.studyPatientId === studyPatientId &&
    hasRight(viewer.rights, 'DataVerificationFlagGetByStudyPatientCmd') &&
    ((event.studyInstituteId !== null && viewer.locationIds.has(event.studyInstituteId)) ||
      hasRight(viewer.rights, 'StudyPatientGetAllCmd'))
  );
}

export const verificationFlagSubscription: Pick<SubscriptionResolvers, 'verificationFlagUpdated'> = {
  verificationFlagUpdated: {
    subscribe: async (_, { studyPatientId, after }, context) => {
      const patientId = await argumentId(studyPatientId, 'StudyPatient', 'studyPatientId', context);
      return liveSubscription(context, {
        after,
        types: ['VerificationFlagChanged'],
        visible: (event, viewer) => flagEventVisible(event, viewer, patientId),
        resolve: async (event, c) => {
          const { flagId } = event.payload as VerificationFlagChangedPayload;
          const verificationFlag = await loadVerificationFlagNode(`${patientId}/${flagId}`, c);
          return verificationFlag && { eventId: event.id, verificationFlag };
        },
      });
    },
    resolve: delivered,
  },
};
