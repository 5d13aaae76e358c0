/**
 * The oBDS import in the graph (gateway/schema/obds-import.graphql; docs/obds-import.md). The upload is read here:
 * validated against the XSD, each patient's identity matched through the pseudonymisation service, and only the
 * clinical part of the messages with the matched study patient handed to the backend. Refusals are typed user errors.
 */
import type {
  MutationResolvers,
  ObdsImportResolvers,
  ObdsMessageResolvers,
  ObdsMessageOutcome,
  ObdsPatientMatch,
  QueryResolvers,
  ResolversTypes,
} from '../__generated__/resolvers.js';
import { fileLink } from '../context.js';
import { connectionFromList } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId, attemptWithIds, backendId, type UserErrorModel } from '../graph/user-errors.js';
import { attemptSave } from '../patients/save.js';
import type { ObdsMessageModel } from './models.js';
import { readObdsFile } from './obds-file.js';
import { matchPatient } from './patient-match.js';
import { schemaErrorText } from './schema-messages.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/** An import the viewer may not read, or an unknown one, is null. */
async function nullIfMissing<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

const OUTCOMES: Record<ObdsMessageModel['outcome'], ObdsMessageOutcome> = {
  proposed: 'PROPOSED',
  notApplicable: 'NOT_APPLICABLE',
  notMapped: 'NOT_MAPPED',
  duplicate: 'DUPLICATE',
  unmatched: 'UNMATCHED',
};
type Payload<N extends keyof ResolversTypes> = ResolversTypes[N];

const MATCHES: Record<ObdsMessageModel['patientMatch'], ObdsPatientMatch> = { definite: 'DEFINITE', possible: 'POSSIBLE', none: 'NONE' };

export const obdsImportQueries: Pick<QueryResolvers, 'obdsImports' | 'obdsImport'> = {
  async obdsImport(_, { id }, context) {
    const importId = await argumentId(id, 'ObdsImport', 'id', context);
    return nullIfMissing(context.loaders.obdsImports.load(importId));
  },
  async obdsImports(_, { studyId, ...paging }, context) {
    const id = await argumentId(studyId, 'Study', 'studyId', context);
    return connectionFromList(await context.backend.call('get', '/api/v1.0/ObdsImport', { query: { studyId: id } }), paging, 25);
  },
};

export const obdsImportMutations: Pick<MutationResolvers, 'importObdsFile' | 'decideObdsMessage'> = {
  async importObdsFile(_, { input }, context) {
    await context.loaders.currentUser();
    const failed = (errors: UserErrorModel[]): Payload<'ImportObdsFilePayload'> => ({ obdsImport: null, schemaErrors: [], errors });
    return attemptWithIds<Payload<'ImportObdsFilePayload'>>(
      context,
      async () => {
        const studyId = backendId(input.studyId, 'Study', 'studyId');
        const file = readObdsFile(Buffer.from(input.content, 'utf8'));
        if (!file.ok) {
          const [first] = file.errors;
          return {
            obdsImport: null,
            schemaErrors: file.errors,
            errors: [{ code: 'INVALID_VALUE' as const, message: first ? schemaErrorText(first) : '', field: 'content' }],
          };
        }
        const patients = [];
        // One patient after the other: the service's sessions and the matcher are not to be flooded by one upload.
        for (const patient of file.patients) {
          const { match, studyPatientId } = await matchPatient(patient.identity, studyId, context);
          patients.push({ position: patient.position, match, studyPatientId, messages: patient.messages });
        }
        const created = await context.backend.call('post', '/api/v1.0/ObdsImport', {
          body: { studyId, fileName: input.fileName, patients },
        });
        context.loaders.obdsImports.prime(created.id, created);
        return { obdsImport: created, schemaErrors: [], errors: [] };
      },
      failed,
    );
  },

  async decideObdsMessage(_, { input }, context) {
    await context.loaders.currentUser();
    const failed = (errors: UserErrorModel[]): Payload<'DecideObdsMessagePayload'> => ({ message: null, errors });
    return attemptSave<Payload<'DecideObdsMessagePayload'>>(
      context,
      () => ({}),
      async () => {
        const [importId = '', messageId = ''] = backendId(input.messageId, 'ObdsMessage', 'messageId').split('/');
        const decided = await context.backend.call('post', '/api/v1.0/ObdsImport/{id}/message/{messageId}/decide', {
          path: { id: importId, messageId },
          body: input.fields ? { fields: input.fields.map(({ instrument, path }) => ({ instrument, path })) } : {},
        });
        context.loaders.obdsImports.clear(importId);
        return { message: { ...decided, importId }, errors: [] };
      },
      failed,
    );
  },
};

export const ObdsImportType: ObdsImportResolvers = {
  id: (entry) => toGlobalId('ObdsImport', entry.id),
  async messages(entry, _, context) {
    const full = await context.loaders.obdsImports.load(entry.id);
    return full.messages.map((message) => ({ ...message, importId: entry.id }));
  },
  async reportUrl(entry, _, context) {
    const path = `/api/v1.0/ObdsImport/${encodeURIComponent(entry.id)}/report`;
    return (await fileLink(context, { method: 'GET', path, fileName: `oBDS-Import-${entry.importedAt.slice(0, 10)}.csv` })) ?? '';
  },
};

export const ObdsMessageType: ObdsMessageResolvers = {
  id: (message) => toGlobalId('ObdsMessage', `${message.importId}/${message.id}`),
  patientMatch: (message) => MATCHES[message.patientMatch],
  outcome: (message) => OUTCOMES[message.outcome],
  studyPatient: (message) => (message.studyPatientId ? { id: message.studyPatientId } : null),
};
