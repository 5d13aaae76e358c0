/**
 * Actions on data queries and templates (docs/gateway.md "Queries and verification flags"). The backend
 * decides with the rules' dataQueryDecision; its refusals come back as user errors: QUERY_ACTION_REFUSED
 * with the reason's German message, QUERY_WRONG_STATUS, STALE_WRITE with the query as stored now, and
 * INVALID_VALUE at the input field.
 */
import { validatorMessages } from '@ecrf/rules';
import type { MutationResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import { attemptWithIds, backendId, InvalidIdError, userErrorsOf, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { DataQuery, DataQueryTemplate } from './models.js';

type Payload = { dataQuery: DataQuery | null; errors: UserErrorModel[] };

const isDataQuery = (value: unknown): value is DataQuery =>
  typeof value === 'object' && value !== null && 'thread' in value && 'viewerCan' in value;

/**
 * A refusal of the backend as the payload of a query action; null for failures that stay GraphQL errors.
 * `inputField` is the field a bad-input answer without field errors concerns (an action's only free input is
 * its text).
 */
function refusedAction(error: unknown, inputField: string | null): Payload | null {
  if (!(error instanceof UpstreamError)) return null;
  if (error.code === 'STALE_WRITE') {
    const current = error.body.current;
    return { dataQuery: isDataQuery(current) ? current : null, errors: [{ code: 'STALE_WRITE', message: error.message }] };
  }
  if (error.code === 'QUERY_ACTION_REFUSED' || error.code === 'QUERY_WRONG_STATUS')
    return { dataQuery: null, errors: [{ code: error.code, message: error.message }] };
  if (error.status === 400) {
    const errors = userErrorsOf(error) ?? [{ code: 'INVALID_VALUE', message: error.message, field: inputField }];
    return { dataQuery: null, errors };
  }
  return null;
}

type ActOptions = { invalid?: UserErrorModel[]; inputField?: string };

async function act(
  context: GatewayContext,
  run: () => Promise<DataQuery>,
  { invalid = [], inputField }: ActOptions = {},
): Promise<Payload> {
  if (invalid.length > 0) {
    // Authenticated first: a request without a valid token is UNAUTHENTICATED whatever its input.
    await context.loaders.currentUser();
    return { dataQuery: null, errors: invalid };
  }
  return attemptWithIds(
    context,
    async () => {
      try {
        return { dataQuery: await run(), errors: [] };
      } catch (error) {
        const refused = refusedAction(error, inputField ?? null);
        if (refused) return refused;
        throw error;
      }
    },
    (errors) => ({ dataQuery: null, errors }),
  );
}

type RaiseBody = { queryTypeIdentifier: string; title: string; text: string; priority: 'LOW' | 'NORMAL' | 'HIGH' };

/** The route that raises a query on the subject the global id names. */
function raise(context: GatewayContext, subjectId: string, body: RaiseBody, studyId: string | undefined): Promise<DataQuery> {
  const subject = fromGlobalId(subjectId);
  // Visits, instruments and fields carry `<studyPatientId>/<id>` (docs/gateway.md "Patient documentation").
  const [studyPatientId = '', partId = ''] = subject?.id.split('/') ?? [];
  const { backend } = context;
  switch (subject?.type) {
    case 'StudyPatient':
      return backend.call('post', '/api/v1.0/Query/patient/{studyPatientId}', { path: { studyPatientId }, body });
    case 'Visit':
      return backend.call('post', '/api/v1.0/Query/visit/{visitId}', { path: { visitId: partId }, body });
    case 'Instrument':
      return backend.call('post', '/api/v1.0/Query/instrument/{instrumentId}', { path: { instrumentId: partId }, body });
    case 'DataField':
      return backend.call('post', '/api/v1.0/Query/field/{dataFieldId}', {
        path: { dataFieldId: partId },
        body: { ...body, studyPatientId },
      });
    case 'StudyInstitute':
      return backend.call('post', '/api/v1.0/Query/institute/{studyInstituteId}', {
        path: { studyInstituteId: subject.id },
        body: { ...body, ...(studyId ? { studyId } : {}) },
      });
    default:
      throw new InvalidIdError('subjectId');
  }
}

type Action = 'answer' | 'accept' | 'revoke' | 'solve' | 'defer';
type ActionInput = { id: string; version: number; text?: string | null };

function takeAction(context: GatewayContext, name: Action, input: ActionInput): Promise<DataQuery> {
  const path = { id: backendId(input.id, 'DataQuery', 'id') };
  const body = { version: input.version, ...(input.text == null ? {} : { text: input.text }) };
  const { backend } = context;
  switch (name) {
    case 'answer':
      return backend.call('put', '/api/v1.0/Query/{id}/answer', { path, body: { ...body, text: input.text ?? '' } });
    case 'accept':
      return backend.call('put', '/api/v1.0/Query/{id}/accept', { path, body });
    case 'revoke':
      return backend.call('put', '/api/v1.0/Query/{id}/revoke', { path, body });
    case 'solve':
      return backend.call('put', '/api/v1.0/Query/{id}/solve', { path, body });
    case 'defer':
      return backend.call('put', '/api/v1.0/Query/{id}/defer', { path, body });
  }
}

const action =
  (name: Action): NonNullable<MutationResolvers[`${Action}DataQuery`]> =>
  (_, { input }, context) =>
    act(context, () => takeAction(context, name, input), { inputField: 'text' });

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
    act(
      context,
      () => {
        const studyId = input.studyId ? backendId(input.studyId, 'Study', 'studyId') : undefined;
        const body = {
          queryTypeIdentifier: input.queryTypeIdentifier,
          title: input.title,
          text: input.text,
          priority: input.priority ?? 'NORMAL',
        };
        return raise(context, input.subjectId, body, studyId);
      },
      // A location query takes its query type from the study's current definition (ecrf-calls.md §7): the graph's
      // `studyId` is required then, and the error points at it.
      {
        invalid:
          fromGlobalId(input.subjectId)?.type === 'StudyInstitute' && !input.studyId
            ? [{ code: 'INVALID_VALUE', message: validatorMessages.required, field: 'studyId' }]
            : [],
      },
    ),
  editDataQuery: (_, { input }, context) =>
    act(context, () => {
      const { id, version, title, text, priority, queryTypeIdentifier } = input;
      // What is left out stays as stored.
      const body = {
        version,
        ...(title == null ? {} : { title }),
        ...(text == null ? {} : { text }),
        ...(priority == null ? {} : { priority }),
        ...(queryTypeIdentifier == null ? {} : { queryTypeIdentifier }),
      };
      return context.backend.call('put', '/api/v1.0/Query/{id}', { path: { id: backendId(id, 'DataQuery', 'id') }, body });
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
    attemptWithIds<{ deletedId: string | null; errors: UserErrorModel[] }>(
      context,
      async () => {
        const id = backendId(input.id, 'DataQueryTemplate', 'id');
        await context.backend.call('delete', '/api/v1.0/QueryTemplate/my/{id}', { path: { id } });
        return { deletedId: toGlobalId('DataQueryTemplate', id), errors: [] };
      },
      (errors) => ({ deletedId: null, errors }),
    ),
};
