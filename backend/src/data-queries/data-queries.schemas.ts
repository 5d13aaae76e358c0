/** TypeBox schemas of data queries and query templates (ecrf-calls.md §3 "Query", §7 "Queries"). */
import { DATA_QUERY_ANSWER_STAGES, DATA_QUERY_PRIORITIES, DATA_QUERY_REFERENCE_TYPES, DATA_QUERY_STATUSES } from '@ecrf/rules';
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const DataQueryStatusSchema = Type.Enum(DATA_QUERY_STATUSES);
export const DataQueryAnswerStageSchema = Type.Enum(DATA_QUERY_ANSWER_STAGES);
export const DataQueryPrioritySchema = Type.Enum(DATA_QUERY_PRIORITIES);
export const DataQueryReferenceTypeSchema = Type.Enum(DATA_QUERY_REFERENCE_TYPES);

export const THREAD_ACTIONS = ['CREATE', 'EDIT', 'ANSWER', 'REVOKE', 'ACCEPT', 'SOLVE', 'DEFER'] as const;
export type ThreadAction = (typeof THREAD_ACTIONS)[number];

export const DataQueryThreadEntrySchema = Type.Object({
  action: Type.Enum(THREAD_ACTIONS),
  userName: Type.String(),
  roleIdentifier: Type.String(),
  roleName: Type.String({ description: "the role's display name; its identifier when the role no longer exists" }),
  at: Type.String({ format: 'date-time' }),
  text: nullable(Type.String()),
  status: DataQueryStatusSchema,
  answerStage: DataQueryAnswerStageSchema,
});

const RefusalReasonSchema = nullable(Type.Enum(['right', 'role', 'location', 'state', 'followUpRestriction'] as const));
const ViewerCanEntry = Type.Object({ allowed: Type.Boolean(), reason: RefusalReasonSchema });

export const VIEWER_ACTIONS = ['edit', 'answer', 'accept', 'revoke', 'solve', 'defer'] as const;
export type ViewerAction = (typeof VIEWER_ACTIONS)[number];

export const DataQuerySchema = Type.Object(
  {
    id: Uuid,
    studyId: Uuid,
    studyDefinitionId: Uuid,
    definitionVersion: Type.Integer(),
    studyPatientId: nullable(Uuid),
    studyPatientReadable: Type.Boolean({
      description: 'the caller may open the patient (StudyPatientGetContextCmd and the patient visible to them)',
    }),
    pseudonym: nullable(Type.String()),
    studyInstituteId: Uuid,
    referenceType: DataQueryReferenceTypeSchema,
    referenceId: Uuid,
    visitId: nullable(Uuid),
    instrumentId: nullable(Uuid),
    dataFieldId: nullable(Uuid),
    followUpRegistry: Type.Boolean({ description: 'the target is a follow-up visit, or an instrument or field of one' }),
    visitDefinitionIdentifier: nullable(Type.String()),
    queryTypeIdentifier: Type.String(),
    title: Type.String(),
    text: Type.String(),
    priority: DataQueryPrioritySchema,
    status: DataQueryStatusSchema,
    answerStage: DataQueryAnswerStageSchema,
    createdBy: Type.String({ description: 'user name' }),
    createdAt: Type.String({ format: 'date-time' }),
    changedAt: Type.String({ format: 'date-time' }),
    version: Type.Integer({ minimum: 1 }),
    thread: Type.Array(DataQueryThreadEntrySchema),
    viewerCan: Type.Object(
      Object.fromEntries(VIEWER_ACTIONS.map((a) => [a, ViewerCanEntry])) as Record<ViewerAction, typeof ViewerCanEntry>,
      {
        description: "the caller's decision per action (dataQueryDecision of @ecrf/rules)",
      },
    ),
  },
  { $id: 'DataQuery', title: 'DataQuery' },
);
export type DataQueryDto = Static<typeof DataQuerySchema>;
export const DataQueryRef = Type.Ref('DataQuery');

/** The lengths are checked by the service, which answers German field errors (query-texts.ts). */
const Title = Type.String({ description: 'required, at most 200 characters' });
const Text = Type.String({ description: 'required, at most 4000 characters' });

export const DataQueryCreateSchema = Type.Object({
  queryTypeIdentifier: Type.String({ minLength: 1 }),
  title: Title,
  text: Text,
  priority: Type.Optional(DataQueryPrioritySchema),
  studyPatientId: Type.Optional(Uuid),
  studyId: Type.Optional(Uuid),
});
export type DataQueryCreate = Static<typeof DataQueryCreateSchema>;

export const DataQueryEditSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  title: Type.Optional(Title),
  text: Type.Optional(Text),
  priority: Type.Optional(DataQueryPrioritySchema),
  queryTypeIdentifier: Type.Optional(Type.String({ minLength: 1 })),
});
export type DataQueryEdit = Static<typeof DataQueryEditSchema>;

export const DataQueryActionSchema = Type.Object({ version: Type.Integer({ minimum: 1 }), text: Type.Optional(Text) });

const commaList = (values: readonly string[], description: string) =>
  Type.Optional(Type.String({ pattern: `^(${values.join('|')})(,(${values.join('|')}))*$`, description }));
const SortBy = Type.Optional(Type.Enum(['changedAt', 'createdAt', 'pseudonym', 'priority', 'status'] as const));

/** ecrf-calls.md §3 "Query overview filters", in the PascalCase and the older lowercase form. */
export const DataQueryOverviewQuerySchema = Type.Object({
  studyId: Uuid,
  Page: Type.Optional(Type.Integer({ minimum: 1 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  SortBy,
  sortBy: SortBy,
  SortDesc: Type.Optional(Type.Boolean()),
  sortDesc: Type.Optional(Type.Boolean()),
  StudyPatientId: Type.Optional(Uuid),
  studyPatientId: Type.Optional(Uuid),
  StudyInstituteId: Type.Optional(Uuid),
  studyInstituteId: Type.Optional(Uuid),
  SearchText: Type.Optional(Type.String({ maxLength: 200 })),
  searchText: Type.Optional(Type.String({ maxLength: 200 })),
  QueryStage: commaList(DATA_QUERY_STATUSES, 'comma-separated statuses'),
  queryStage: commaList(DATA_QUERY_STATUSES, 'comma-separated statuses'),
  QueryAnswerStage: commaList(DATA_QUERY_ANSWER_STAGES, 'comma-separated answer stages'),
  queryAnswerStage: commaList(DATA_QUERY_ANSWER_STAGES, 'comma-separated answer stages'),
});

export const DataQueryPageSchema = Type.Object({ items: Type.Array(DataQueryRef), totalCount: Type.Integer({ minimum: 0 }) });

export const DataQueryTemplateSchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  text: Type.String(),
  queryTypeIdentifier: nullable(Type.String()),
});
export const DataQueryTemplateCreateSchema = Type.Object({
  title: Title,
  text: Text,
  queryTypeIdentifier: Type.Optional(Type.String({ minLength: 1 })),
});
