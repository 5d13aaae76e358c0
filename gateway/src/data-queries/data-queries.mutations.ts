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

const TITLE_MAX = 200;
const TEXT_MAX = 4000;

/**
 * The texts of the input within the lengths the graph documents, checked before the call so that the error
 * points at the field in German (the backend's schema check answers in English, without a field).
 * `undefined` means left out; `required` texts must not be blank.
 */
export function textErrors(texts: Record<string, { value: string | null | undefined; max: number; required?: boolean }>): UserErrorModel[] {
  return Object.entries(texts).flatMap(([field, { value, max, required }]) => {
    if (value == null) return required ? [{ code: 'INVALID_VALUE' as const, message: validatorMessages.required, field }] : [];
    if (value.trim() === '') return [{ code: 'INVALID_VALUE' as const, message: validatorMessages.required, field }];
    if (value.length > max) return [{ code: 'INVALID_VALUE' as const, message: `Höchstens ${max} Zeichen`, field }];
    return [];
  });
}

async function act(context: GatewayContext, run: () => Promise<DataQuery>, invalid: UserErrorModel[] = []): Promise<Payload> {
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
        const refused = refusedAction(error);
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
      if (!studyId) throw new InvalidIdError('studyId');
      return backend.call('post', '/api/v1.0/Query/institute/{studyInstituteId}', {
        path: { studyInstituteId: subject.id },
        body: { ...body, studyId },
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
    act(
      context,
      () => takeAction(context, name, input),
      textErrors({ text: { value: input.text === null ? undefined : input.text, max: TEXT_MAX, required: name === 'answer' } }),
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
      textErrors({
        title: { value: input.title, max: TITLE_MAX, required: true },
        text: { value: input.text, max: TEXT_MAX, required: true },
      }),
    ),
  editDataQuery: (_, { input }, context) =>
    act(
      context,
      () => {
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
      },
      textErrors({ title: { value: input.title, max: TITLE_MAX }, text: { value: input.text, max: TEXT_MAX } }),
    ),
  answerDataQuery: action('answer'),
  acceptDataQuery: action('accept'),
  revokeDataQuery: action('revoke'),
  solveDataQuery: action('solve'),
  deferDataQuery: action('defer'),
  createDataQueryTemplate: async (_, { input }, context) => {
    const invalid = textErrors({
      title: { value: input.title, max: TITLE_MAX, required: true },
      text: { value: input.text, max: TEXT_MAX, required: true },
    });
    if (invalid.length > 0) {
      await context.loaders.currentUser();
      return { dataQueryTemplate: null, errors: invalid };
    }
    return attemptWithIds<TemplatePayload>(
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
    );
  },
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
