/**
 * Actions on data queries and templates (docs/gateway.md "Queries and verification flags"). The backend
 * decides with the rules' dataQueryDecision; its refusals come back as user errors: QUERY_ACTION_REFUSED
 * with the reason's German message, QUERY_WRONG_STATUS, STALE_WRITE with the query as stored now, and
 * INVALID_VALUE at the input field.
 */
import type { MutationResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import { attemptWithIds, backendId, InvalidIdError, userErrorsOf, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { DataQuery, DataQueryTemplate } from './models.js';

type Payload = { dataQuery: DataQuery | null; errors: UserErrorModel[] };

const isDataQuery = (value: unknown): value is DataQuery =>
  typeof value === 'object' && value !== null && 'thread' in value && 'viewerCan' in value;

/** A refusal of the backend as the payload of a query action; null for failures that stay GraphQL errors. */
export function refusedAction(error: unknown): Payload | null {
  if (!(error instanceof UpstreamError)) return null;
  if (error.code === 'STALE_WRITE') {
    const current = error.body.current;
    return { dataQuery: isDataQuery(current) ? current : null, errors: [{ code: 'STALE_WRITE', message: error.message }] };
  }
  if (error.code === 'QUERY_ACTION_REFUSED' || error.code === 'QUERY_WRONG_STATUS')
    return { dataQuery: null, errors: [{ code: error.code, message: error.message }] };
  if (error.status === 400) {
    const errors = userErrorsOf(error) ?? [{ code: 'INVALID_VALUE', message: error.message }];
    return { dataQuery: null, errors };
  }
  return null;
}

async function act(context: GatewayContext, run: () => Promise<DataQuery>): Promise<Payload> {
  return attemptWithIds(
    context,
    async () => {
      try {
        return { dataQuery: await run(), errors: [] };
      } catch (error) {
        const refused = refusedAction(error);
        if (refused) return refused;
        throw error;
      }
    },
    (errors) => ({ dataQuery: null, errors }),
  );
}

/** The route that raises a query on the subject the global id names. */
function raise(context: GatewayContext, subjectId: string, body: Record<string, unknown>, studyId: string | undefined): Promise<DataQuery> {
  const subject = fromGlobalId(subjectId);
  const [studyPatientId = '', partId = ''] = subject?.id.split('/') ?? [];
  const post = { body } as never;
  switch (subject?.type) {
    case 'StudyPatient':
      return context.backend.call('post', '/api/v1.0/Query/patient/{studyPatientId}', { path: { studyPatientId }, ...post });
    case 'Visit':
      return context.backend.call('post', '/api/v1.0/Query/visit/{visitId}', { path: { visitId: partId }, ...post });
    case 'Instrument':
      return context.backend.call('post', '/api/v1.0/Query/instrument/{instrumentId}', { path: { instrumentId: partId }, ...post });
    case 'DataField':
      return context.backend.call('post', '/api/v1.0/Query/field/{dataFieldId}', {
        path: { dataFieldId: partId },
        body: { ...body, studyPatientId },
      } as never);
    case 'StudyInstitute':
      if (!studyId) throw new InvalidIdError('studyId');
      return context.backend.call('post', '/api/v1.0/Query/institute/{studyInstituteId}', {
        path: { studyInstituteId: subject.id },
        body: { ...body, studyId },
      } as never);
    default:
      throw new InvalidIdError('subjectId');
  }
}

type Action = 'answer' | 'accept' | 'revoke' | 'solve' | 'defer';

const action =
  (name: Action): NonNullable<MutationResolvers[`${Action}DataQuery`]> =>
  (_, { input }, context) =>
    act(context, () =>
      context.backend.call('put', `/api/v1.0/Query/{id}/${name}`, {
        path: { id: backendId(input.id, 'DataQuery', 'id') },
        body: { version: input.version, ...(input.text == null ? {} : { text: input.text }) },
      } as never),
    );

type TemplatePayload = { dataQueryTemplate: DataQueryTemplate | null; errors: UserErrorModel[] };

export const dataQueryMutations: Pick<
  MutationResolvers,
  | 'createDataQuery'
  | 'editDataQuery'
  | 'answerDataQuery'
  | 'acceptDataQuery'
  | 'revokeDataQuery'
  | 'solveDataQuery'
  | 'deferDataQuery'
  | 'createDataQueryTemplate'
  | 'deleteDataQueryTemplate'
> = {
  createDataQuery: (_, { input }, context) =>
    act(context, () => {
      const studyId = input.studyId ? backendId(input.studyId, 'Study', 'studyId') : undefined;
      const body = {
        queryTypeIdentifier: input.queryTypeIdentifier,
        title: input.title,
        text: input.text,
        priority: input.priority ?? 'NORMAL',
      };
      return raise(context, input.subjectId, body, studyId);
    }),
  editDataQuery: (_, { input }, context) =>
    act(context, () => {
      const { id, version, title, text, priority, queryTypeIdentifier } = input;
      const changes = Object.entries({ title, text, priority, queryTypeIdentifier }).filter(([, value]) => value != null);
      return context.backend.call('put', '/api/v1.0/Query/{id}', {
        path: { id: backendId(id, 'DataQuery', 'id') },
        body: { version, ...Object.fromEntries(changes) },
      } as never);
    }),
  answerDataQuery: action('answer'),
  acceptDataQuery: action('accept'),
  revokeDataQuery: action('revoke'),
  solveDataQuery: action('solve'),
  deferDataQuery: action('defer'),
  createDataQueryTemplate: (_, { input }, context) =>
    attemptWithIds<TemplatePayload>(
      context,
      async () => ({
        dataQueryTemplate: await context.backend.call('post', '/api/v1.0/QueryTemplate', {
          body: {
            title: input.title,
            text: input.text,
            ...(input.queryTypeIdentifier ? { queryTypeIdentifier: input.queryTypeIdentifier } : {}),
          },
        }),
        errors: [],
      }),
      (errors) => ({ dataQueryTemplate: null, errors }),
    ),
  deleteDataQueryTemplate: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        const id = backendId(input.id, 'DataQueryTemplate', 'id');
        await context.backend.call('delete', '/api/v1.0/QueryTemplate/my/{id}', { path: { id } });
        return { deletedId: toGlobalId('DataQueryTemplate', id), errors: [] };
      },
      (errors) => ({ deletedId: null, errors }),
    ),
};
