/** TypeBox schemas shared by every area, and the route schema helper that makes each route documented. */
import { Type, type TSchema } from 'typebox';

/** Registered once with app.addSchema and referenced by every route, so OpenAPI names it as a component. */
export const ErrorResponseSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String({ description: 'ECRF_ERR_… code (backend/src/errors/errors.ts)' }),
    error: Type.String({ description: 'HTTP status text' }),
    message: Type.String(),
    lockedUntil: Type.Optional(Type.String({ format: 'date-time', description: 'ECRF_ERR_ACCOUNT_LOCKED only' })),
    messages: Type.Optional(Type.Array(Type.String(), { description: 'ECRF_ERR_WEAK_PASSWORD: broken rules' })),
    fieldErrors: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.String({ description: 'the body field (dotted path; documentation: `fields[0].childFields[2]`)' }),
          message: Type.String(),
          fieldId: Type.Optional(Type.String({ description: 'documentation values: the field instance refused' })),
          path: Type.Optional(Type.String({ description: 'documentation values: the field in its form, e.g. `therapy_lines[1].start`' })),
        }),
        {
          description:
            'ECRF_ERR_VALIDATION of a field rule (ecrf-calls.md §5) or of a documented value against its definition: the field and its German message',
        },
      ),
    ),
    current: Type.Optional(
      Type.Unknown({
        description:
          'ECRF_ERR_STALE_WRITE / STALE_WRITE: the stored, newer state (visit, instrument, study patient, query, flag); ALREADY_EXISTS: the existing flag',
      }),
    ),
    fieldId: Type.Optional(
      Type.String({
        description:
          'ECRF_ERR_FIELD_LOCKED / ECRF_ERR_FIELD_NOT_EDITABLE / ECRF_ERR_VALIDATION of a value: the (first) field instance refused',
      }),
    ),
    reason: Type.Optional(
      Type.String({ description: 'ECRF_ERR_VISIT_NOT_AVAILABLE: max or the follow-up reason; QUERY_ACTION_REFUSED: the refusal reason' }),
    ),
  },
  { $id: 'ErrorResponse', title: 'ErrorResponse', description: 'Every error answer of the API' },
);
export const ErrorResponse = Type.Ref('ErrorResponse');

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export const CountResponse = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export const IncludeDeleted = Type.Optional(Type.Boolean({ default: false }));
/** Comma-separated ids for batch reads (ARCHITECTURE.md: list endpoints that take many ids). */
export const IdsQuery = Type.Optional(
  Type.String({ pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$', description: 'comma-separated ids' }),
);

export function parseIds(ids: string | undefined): string[] | undefined {
  return ids === undefined ? undefined : [...new Set(ids.split(','))];
}

type RouteSchemaInput = {
  operationId: string;
  tags: string[];
  summary: string;
  /** Public routes need no token (ecrf-core.md §2 public routes and the sign-in calls). */
  isPublic?: boolean;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Record<number, TSchema>;
  /** Further error statuses this route answers with besides the ones every route can give. */
  errors?: number[];
};

type BuiltSchema<T extends RouteSchemaInput> = Omit<T, 'isPublic' | 'errors' | 'response'> & {
  security: Array<Record<string, string[]>>;
  response: T['response'];
};

/** A complete Fastify route schema: security, the error answers every route can give, and its own. */
export function routeSchema<T extends RouteSchemaInput>(input: T): BuiltSchema<T> {
  const { isPublic = false, errors = [], response, ...rest } = input;
  const statuses = new Set([400, ...(isPublic ? [] : [401, 403]), ...errors]);
  const errorResponses: Record<number, TSchema> = {};
  for (const status of statuses) errorResponses[status] = ErrorResponse;
  return {
    ...rest,
    security: isPublic ? [] : [{ bearerAuth: [] }],
    response: { ...errorResponses, ...response },
  };
}

/** Paging and sorting of the list calls that grow (users, audit trail); page counts from 1. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  sortDesc: Type.Optional(Type.Boolean({ default: false })),
};
