/**
 * Data queries in the graph (docs/gateway.md "Queries and verification flags"): the overview connection,
 * the viewer's latest queries and templates, the DataQuery type, and the queries of a patient's records,
 * grouped by subject from one call per patient.
 */
import { GraphQLError } from 'graphql';
import type {
  DataQueryActionPermissionResolvers,
  DataQueryActionResolvers,
  DataQueryOrderField,
  DataQueryRefusal,
  DataQueryResolvers,
  DataQuerySubjectKind,
  DataQueryTemplateResolvers,
  DataFieldResolvers,
  InstrumentResolvers,
  QueryResolvers,
  StudyPatientResolvers,
  VisitResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { backendPage, connectionOf, needsTotal, pageRequest, pageWindow, type PageWindow } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId } from '../graph/user-errors.js';
import { loadPatientNode } from '../patients/patient-nodes.js';
import { locationOf } from '../patients/patients.resolvers.js';
import type { DataField, Instrument, StudyPatient, Visit } from '../patients/models.js';
import { loadedVersion } from '../study-definitions/definition-models.js';
import type { DataQuery, DataQueryActionEntry, DataQueryDetails, DataQueryPermission } from './models.js';

const subjects = {
  Patient: 'STUDY_PATIENT',
  Visit: 'VISIT',
  Instrument: 'INSTRUMENT',
  DataField: 'DATA_FIELD',
  StudyInstitute: 'LOCATION',
} as const satisfies Record<DataQuery['referenceType'], DataQuerySubjectKind>;

const refusals = {
  right: 'MISSING_RIGHT',
  role: 'ROLE_NOT_ALLOWED',
  location: 'OTHER_LOCATION',
  state: 'WRONG_STATUS',
  followUpRestriction: 'FOLLOW_UP_RESTRICTION',
} as const satisfies Record<NonNullable<DataQueryPermission['reason']>, DataQueryRefusal>;

const sortFields = {
  CHANGED_AT: 'changedAt',
  CREATED_AT: 'createdAt',
  PSEUDONYM: 'pseudonym',
  PRIORITY: 'priority',
  STATUS: 'status',
} as const satisfies Record<DataQueryOrderField, string>;

const LATEST_MAX = 50;

/** Newest first, as the lists of a record show them. */
const newestFirst = (queries: readonly DataQuery[]): DataQuery[] => [...queries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** The queries of the patient about one subject, from the patient's one list call. */
async function queriesAbout(
  studyPatientId: string,
  c: GatewayContext,
  about: (query: DataQuery) => boolean = () => true,
): Promise<DataQuery[]> {
  return newestFirst((await c.loaders.patientDataQueries.load(studyPatientId)).filter(about));
}

/** A part of the query's patient, only when the viewer may see the patient. */
async function partOf<T>(query: DataQuery, type: 'Visit' | 'Instrument' | 'DataField', partId: string | null, c: GatewayContext) {
  if (!query.studyPatientId || !partId) return null;
  return (await loadPatientNode(type, `${query.studyPatientId}/${partId}`, c)) as T | null;
}

export const dataQueryQueries: Pick<QueryResolvers, 'dataQueries' | 'myLatestDataQueries' | 'dataQueryTemplates'> = {
  async dataQueries(_, { studyId, filter, orderBy, ...paging }, context) {
    const study = await argumentId(studyId, 'Study', 'studyId', context);
    const query = {
      studyId: study,
      StudyPatientId: filter?.studyPatientId
        ? await argumentId(filter.studyPatientId, 'StudyPatient', 'filter.studyPatientId', context)
        : undefined,
      StudyInstituteId: filter?.locationId
        ? await argumentId(filter.locationId, 'StudyInstitute', 'filter.locationId', context)
        : undefined,
      SearchText: filter?.search?.trim() || undefined,
      QueryStage: filter?.statuses?.length ? filter.statuses.join(',') : undefined,
      QueryAnswerStage: filter?.answerStages?.length ? filter.answerStages.join(',') : undefined,
      SortBy: sortFields[orderBy?.field ?? 'CHANGED_AT'],
      SortDesc: orderBy?.descending ?? true,
    };
    const page = (window: PageWindow) => {
      const { page: Page, itemsPerPage: ItemsPerPage } = pageRequest(window);
      return context.backend.call('get', '/api/v1.0/Query/overview', { query: { ...query, Page, ItemsPerPage } });
    };
    const total = needsTotal(paging) ? (await page({ offset: 0, size: 1 })).totalCount : undefined;
    const window = pageWindow(paging, 25, total);
    const { skip } = backendPage(window);
    const answer = await page(window);
    return connectionOf(answer.items.slice(skip, skip + window.size), window.offset, answer.totalCount);
  },
  async myLatestDataQueries(_, { studyId, locationId, latestCount }, context) {
    const query = {
      studyId: await argumentId(studyId, 'Study', 'studyId', context),
      studyInstituteId: locationId ? await argumentId(locationId, 'StudyInstitute', 'locationId', context) : undefined,
      latestCount: Math.min(Math.max(latestCount ?? 10, 1), LATEST_MAX),
    };
    return context.backend.call('get', '/api/v1.0/Query/my', { query });
  },
  dataQueryTemplates: (_, __, context) => context.loaders.dataQueryTemplates(),
};

/** The display name of a person of the query's thread; the user name of one that no longer exists. */
const displayNameIn = (details: DataQueryDetails | null, userName: string): string =>
  details?.people.find((person) => person.userName === userName)?.displayName ?? userName;

const detailsOf = (id: string, c: GatewayContext) => c.loaders.dataQueryDetails.load(id);

export const DataQueryType: DataQueryResolvers = {
  id: (query) => toGlobalId('DataQuery', query.id),
  queryType: async (query, _, c) => {
    const { model } = await loadedVersion(c, { studyDefinitionId: query.studyDefinitionId, version: query.definitionVersion });
    const queryType = model.queryTypes.find((type) => type.identifier === query.queryTypeIdentifier);
    if (!queryType) throw new GraphQLError(`query type ${query.queryTypeIdentifier} is not in the definition`);
    return queryType;
  },
  definitionVersion: (query) => ({ studyDefinitionId: query.studyDefinitionId, version: query.definitionVersion }),
  subject: (query) => subjects[query.referenceType],
  // The backend answers whether the viewer may open the patient, so a list of queries loads no patient.
  studyPatient: (query): StudyPatient | null => (query.studyPatientId && query.studyPatientReadable ? { id: query.studyPatientId } : null),
  visit: (query, _, c) => partOf<Visit>(query, 'Visit', query.visitId, c),
  instrument: (query, _, c) => partOf<Instrument>(query, 'Instrument', query.instrumentId, c),
  dataField: (query, _, c) => partOf<DataField>(query, 'DataField', query.dataFieldId, c),
  location: (query, _, c) => locationOf(query.studyInstituteId, c),
  createdByDisplayName: async (query, _, c) => displayNameIn(await detailsOf(query.id, c), query.createdBy),
  thread: (query): DataQueryActionEntry[] => query.thread.map((entry) => ({ ...entry, dataQueryId: query.id })),
  fieldLabel: async (query, _, c) => (await detailsOf(query.id, c))?.fieldLabel ?? null,
  formLabel: async (query, _, c) => (await detailsOf(query.id, c))?.formLabel ?? null,
  target: ({ studyPatientId, studyPatientReadable, visitId, instrumentId, dataFieldId }) => {
    if (!studyPatientId || !studyPatientReadable) return null;
    const part = (type: 'Visit' | 'Instrument' | 'DataField', id: string | null) =>
      id ? toGlobalId(type, `${studyPatientId}/${id}`) : null;
    return {
      studyPatientId: toGlobalId('StudyPatient', studyPatientId),
      visitId: part('Visit', visitId),
      instrumentId: part('Instrument', instrumentId),
      dataFieldId: part('DataField', dataFieldId),
    };
  },
};

export const DataQueryActionType: DataQueryActionResolvers = {
  kind: (entry: DataQueryActionEntry) => entry.action,
  displayName: async (entry, _, c) => displayNameIn(await detailsOf(entry.dataQueryId, c), entry.userName),
};

export const DataQueryActionPermissionType: DataQueryActionPermissionResolvers = {
  reason: (permission) => (permission.reason ? refusals[permission.reason] : null),
};

export const DataQueryTemplateType: DataQueryTemplateResolvers = {
  id: (template) => toGlobalId('DataQueryTemplate', template.id),
};

export const StudyPatientDataQueries: Pick<StudyPatientResolvers, 'dataQueries' | 'allDataQueries'> = {
  dataQueries: (patient, _, c) => queriesAbout(patient.id, c, (query) => query.referenceType === 'Patient'),
  allDataQueries: (patient, _, c) => queriesAbout(patient.id, c),
};

export const VisitDataQueries: Pick<VisitResolvers, 'dataQueries'> = {
  dataQueries: ({ context, visit }, _, c) =>
    queriesAbout(context.id, c, (query) => query.referenceType === 'Visit' && query.referenceId === visit.id),
};

export const InstrumentDataQueries: Pick<InstrumentResolvers, 'dataQueries'> = {
  dataQueries: ({ context, instrument }, _, c) =>
    queriesAbout(context.id, c, (query) => query.referenceType === 'Instrument' && query.referenceId === instrument.id),
};

export const DataFieldDataQueries: Pick<DataFieldResolvers, 'dataQueries'> = {
  dataQueries: ({ form, field }, _, c) =>
    queriesAbout(form.context.id, c, (query) => query.referenceType === 'DataField' && query.dataFieldId === field.id),
};
