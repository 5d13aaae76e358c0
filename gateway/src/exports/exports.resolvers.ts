/**
 * Exports in the graph (docs/gateway.md "Exports"): a study's jobs as a connection, the kinds the viewer may use,
 * a start mutation per kind, cancel, the ExportJob type with its one-minute download link, and `exportJobUpdated`,
 * whose events are authorised per subscriber by the rules' exportJobVisible (files right, readable locations).
 */
import { EXPORT_KIND_NAMES, EXPORT_KIND_RIGHTS, exportJobVisible, hasRight, type ExportKind as BackendKind } from '@ecrf/rules';
import type {
  ExportJobParametersResolvers,
  ExportJobResolvers,
  ExportJobState,
  ExportKind,
  FhirResourceType,
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from '../__generated__/resolvers.js';
import { fileLink, type GatewayContext } from '../context.js';
import type { ExportJobChangedPayload, DomainEvent } from '../events/domain-event.js';
import { delivered, liveSubscription } from '../events/subscription.js';
import type { ViewerSnapshot } from '../events/viewer-snapshot.js';
import { backendPage, connectionOf, needsTotal, pageRequest, pageWindow, type PageWindow } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { argumentId, attemptWithIds, backendId, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';
import type { ExportJob } from './models.js';

/** `csv-export` ⇄ `CSV_EXPORT`: the graph's enum spells the backend's kinds in capitals. */
export const graphKind = (kind: BackendKind): ExportKind => kind.toUpperCase().replaceAll('-', '_') as ExportKind;
const backendKind = (kind: ExportKind): BackendKind => kind.toLowerCase().replaceAll('_', '-') as BackendKind;

const rightsOf = (kind: string) => EXPORT_KIND_RIGHTS[kind as BackendKind];

const ALL_PATIENTS_RIGHT = 'StudyPatientGetAllCmd';

/** The start call of a kind: study/{studyId}/<kind>, or NngmExport/study/{studyId}/<kind>. */
function startPath(kind: BackendKind): string {
  return `/api/v1.0/${rightsOf(kind).family === 'nngm' ? 'NngmExport/' : ''}study/{studyId}/${kind}`;
}

const ENDED = new Set(['completed', 'failed', 'cancelled', 'expired']);

export const exportQueries: Pick<QueryResolvers, 'exportJobs' | 'exportKinds'> = {
  async exportJobs(_, { studyId, kinds, definitionId, ...paging }, context) {
    const study = await argumentId(studyId, 'Study', 'studyId', context);
    const definition = definitionId ? await argumentId(definitionId, 'GenericExportDefinition', 'definitionId', context) : undefined;
    const kind = kinds?.length ? kinds.map(backendKind).join(',') : undefined;
    const page = (window: PageWindow) =>
      context.backend.call('get', '/api/v1.0/ExportJob/study/{studyId}', {
        path: { studyId: study },
        query: { kind, definitionId: definition, page: pageRequest(window).page, itemsPerPage: pageRequest(window).itemsPerPage },
      });
    const total = needsTotal(paging) ? (await page({ offset: 0, size: 1 })).totalCount : undefined;
    const window = pageWindow(paging, 25, total);
    const { skip } = backendPage(window);
    const answer = await page(window);
    for (const job of answer.items) context.loaders.exportJobs.prime(job.id, job);
    return connectionOf(answer.items.slice(skip, skip + window.size), window.offset, answer.totalCount);
  },
  async exportKinds(_, __, context) {
    const may = await viewerRights(context);
    return EXPORT_KIND_NAMES.map((kind) => ({
      kind: graphKind(kind),
      canStart: may(rightsOf(kind).start),
      canSeeFiles: may(rightsOf(kind).files),
      network: rightsOf(kind).family === 'nngm',
    }));
  },
};

export const ExportJobType: ExportJobResolvers = {
  id: (job) => toGlobalId('ExportJob', job.id),
  kind: (job) => graphKind(job.kind),
  study: (job) => ({ id: job.studyId }),
  state: (job) => job.state.toUpperCase() as ExportJobState,
  startedByName: (job) => job.startedBy.userName,
  parameters: (job) => job,
  downloadUrl: (job, _, context) =>
    job.state === 'completed'
      ? fileLink(context, { method: 'POST', path: `/api/v1.0/ExportJob/${job.id}/download`, fileName: job.fileName })
      : null,
  viewerCanCancel: async (job, _, context) => !ENDED.has(job.state) && (await viewerRights(context))(rightsOf(job.kind).start),
};

const dateParameter = (job: ExportJob, name: string): string | null => {
  const value = job.parameters[name];
  return typeof value === 'string' ? value : null;
};
const flagParameter = (job: ExportJob, name: string): boolean | null => {
  const value = job.parameters[name];
  return typeof value === 'boolean' ? value : null;
};

export const ExportJobParametersType: ExportJobParametersResolvers = {
  fromDate: (job) => dateParameter(job, 'fromDate'),
  toDate: (job) => dateParameter(job, 'toDate'),
  previousFromDate: (job) => dateParameter(job, 'previousFromDate'),
  exportEmptyTables: (job) => flagParameter(job, 'exportEmptyTables'),
  asXlsx: (job) => flagParameter(job, 'asXlsx'),
  institute: async (job, _, context) => {
    const id = dateParameter(job, 'instituteId');
    return id ? context.loaders.institutes.load(id) : null;
  },
  since: (job) => dateParameter(job, 'since'),
  types: (job) => {
    const value = job.parameters.types;
    return Array.isArray(value)
      ? value.map(
          (type) =>
            String(type)
              .replace(/(?<=.)([A-Z])/g, '_$1')
              .toUpperCase() as FhirResourceType,
        )
      : null;
  },
};

type Payload = { exportJob: ExportJob | null; errors: UserErrorModel[] };

/** A start or cancel; a 400 with field errors and a 409 of an ended job come back as user errors. */
async function act(context: GatewayContext, run: () => Promise<ExportJob>): Promise<Payload> {
  return attemptWithIds(
    context,
    async (): Promise<Payload> => {
      try {
        return { exportJob: await run(), errors: [] };
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 409)
          return { exportJob: null, errors: [{ code: 'EXPORT_ENDED', message: error.message }] };
        throw error;
      }
    },
    (errors) => ({ exportJob: null, errors }),
  );
}

/** Starts the kind with the input's parameters (global ids turned into backend ids). */
function start(kind: BackendKind, body: (input: Record<string, unknown>) => Record<string, unknown> = () => ({})) {
  return (_: unknown, { input }: { input: { studyId: string } & Record<string, unknown> }, context: GatewayContext) =>
    act(context, () =>
      // Every start call takes {studyId} and a JSON body and answers the job: one representative path types them all.
      context.backend.call('post', startPath(kind) as '/api/v1.0/study/{studyId}/csv-export', {
        path: { studyId: backendId(input.studyId, 'Study', 'studyId') },
        body: body(input),
      }),
    );
}

const fhirType = (type: string): string =>
  type
    .toLowerCase()
    .split('_')
    .map((part) => `${part[0]?.toUpperCase() ?? ''}${part.slice(1)}`)
    .join('');

const period = (input: Record<string, unknown>) => ({ fromDate: input.fromDate ?? undefined, toDate: input.toDate ?? undefined });

export const exportMutations: Pick<
  MutationResolvers,
  | 'startCsvExport'
  | 'startScreeningExport'
  | 'startChangesExport'
  | 'startSasExport'
  | 'startSynquestCsvExport'
  | 'startOdmExport'
  | 'startFhirExport'
  | 'startRecruitmentStatusExport'
  | 'startDiginetRecruitmentStatusExport'
  | 'startNoArchiveCodesExport'
  | 'startDiginetConditionsExport'
  | 'startDiginetConsentsExport'
  | 'startPublicationExport'
  | 'startRewardExport'
  | 'runGenericExport'
  | 'cancelExportJob'
> = {
  startCsvExport: start('csv-export', (input) => ({ exportEmptyTables: input.exportEmptyTables ?? false, asXlsx: input.asXlsx ?? false })),
  startScreeningExport: start('screening-export', (input) => ({ fromDate: input.fromDate ?? undefined })),
  startChangesExport: start('changes-export', period),
  startSasExport: start('sas-export'),
  startSynquestCsvExport: start('synquest-csv-export'),
  startOdmExport: start('odm-export'),
  // PATIENT ⇄ Patient, MEDICATION_STATEMENT ⇄ MedicationStatement: the graph's enum spells FHIR's types in capitals.
  startFhirExport: start('fhir-export', (input) => ({
    since: input.since ?? undefined,
    types: Array.isArray(input.types) ? input.types.map((type) => fhirType(String(type))) : undefined,
  })),
  startRecruitmentStatusExport: start('recruitment-status', (input) => ({
    fromDate: input.fromDate ?? undefined,
    previousFromDate: input.previousFromDate ?? undefined,
  })),
  startDiginetRecruitmentStatusExport: start('diginet-recruitment-status', (input) => ({
    fromDate: input.fromDate ?? undefined,
    previousFromDate: input.previousFromDate ?? undefined,
  })),
  startNoArchiveCodesExport: start('no-archive-codes'),
  startDiginetConditionsExport: start('diginet-conditions', (input) => ({
    instituteId: typeof input.instituteId === 'string' ? backendId(input.instituteId, 'Institute', 'instituteId') : undefined,
  })),
  startDiginetConsentsExport: start('diginet-consents'),
  startPublicationExport: start('publication'),
  startRewardExport: start('reward', period),
  runGenericExport: (_, { input }, context) =>
    act(context, () =>
      context.backend.call('post', '/api/v1.0/GenericExport/{id}/run', {
        path: { id: backendId(input.definitionId, 'GenericExportDefinition', 'definitionId') },
      }),
    ),
  cancelExportJob: (_, { input }, context) =>
    act(context, () =>
      context.backend.call('post', '/api/v1.0/ExportJob/{id}/cancel', { path: { id: backendId(input.id, 'ExportJob', 'id') } }),
    ),
};

/** Whether the subscriber may see the job the event is about, by the event's facts and the rules. */
export function exportJobEventVisible(event: DomainEvent, viewer: ViewerSnapshot): boolean {
  const payload = event.payload as ExportJobChangedPayload;
  const kind = rightsOf(payload.kind);
  if (!kind) return false;
  const locations = hasRight(viewer.rights, ALL_PATIENTS_RIGHT) ? null : viewer.locationIds;
  return exportJobVisible({ rights: viewer.rights, locations }, { filesRight: kind.files, locationIds: payload.locationIds });
}

export const exportSubscription: Pick<SubscriptionResolvers, 'exportJobUpdated'> = {
  exportJobUpdated: {
    subscribe: async (_, { studyId, after }, context) => {
      const study = studyId ? await argumentId(studyId, 'Study', 'studyId', context) : undefined;
      return liveSubscription(context, {
        after,
        types: ['ExportJobChanged'],
        visible: (event, viewer) => (!study || event.studyId === study) && exportJobEventVisible(event, viewer),
        resolve: async (event, c) => {
          const exportJob = await c.loaders.exportJobs.load((event.payload as ExportJobChangedPayload).jobId);
          return exportJob && { eventId: event.id, exportJob };
        },
      });
    },
    resolve: delivered,
  },
};
