/**
 * The patient documentation in the graph (schema.graphql "Patient documentation"): study patient →
 * visits → instruments → fields, served from one loaded patient context (GET StudyPatient/context?ids=),
 * with the definitions they instantiate, the computed state of each field, the case process, what the
 * viewer may do (capabilities.ts) and which visits can be added (visit-options.ts).
 */
import { caseProcessSummary, parsePartialDate, reasonForChangeRequired, visitExecutionDate, type FormPlace } from '@ecrf/rules';
import { GraphQLError } from 'graphql';
import type {
  VisitSignatureResolvers,
  VisitSignatureWithdrawalResolvers,
  CaseProcessStepResolvers,
  DataFieldResolvers,
  InstrumentResolvers,
  InstrumentState,
  QueryResolvers,
  StudyPatientResolvers,
  VisitResolvers,
} from '../__generated__/resolvers.js';
import { backendPage, connectionOf, keysetAfter, needsTotal, pageRequest, pageWindow } from '../graph/connection.js';
import { argumentId } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import type { StudyInstitute } from '../upstream/models.js';
import { UpstreamError, nullIfForbidden } from '../upstream/upstream-error.js';
import { loadedVersion } from '../study-definitions/definition-models.js';
import { instrumentDefinitionIn } from '../study-definitions/study-definitions.resolvers.js';
import { capabilitiesOf } from './capabilities.js';
import { fieldState, isListEntry } from './field-state.js';
import {
  instancesOf,
  type CaseProcessStep,
  type CaseProcessStepDto,
  type DataField,
  type PatientContext,
  type PatientPage,
  type StudyPatient,
  type Visit,
} from './models.js';
import { visitOptionsOf } from './visit-options.js';
import { openHintsOf } from './visit-hints.js';
import { instrumentPlace, definitionVersionOf, graphDocumentation, storedDocumentation } from './documentation.js';
import { boardAll } from '../upstream/ride-along.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

const states = { new: 'NEW', missing_data: 'MISSING_DATA', complete: 'COMPLETE' } as const satisfies Record<string, InstrumentState>;
const caseStates = { complete: 'COMPLETE', incomplete: 'INCOMPLETE', stop: 'STOP' } as const;
const sortFields = { PSEUDONYM: 'pseudonym', REGISTRATION_DATE: 'registrationDate', INSTITUTE: 'institute' } as const;

/** The loaded context of a study patient; a patient the viewer cannot see is NOT_FOUND. */
export async function contextOf(id: string, { loaders }: GatewayContext): Promise<PatientContext> {
  const context = await loaders.patientContexts.load(id);
  if (!context) throw new GraphQLError(GATEWAY_MESSAGES.studyPatientNotFound, { extensions: { code: 'NOT_FOUND' } });
  return context;
}

/** The rules index of the definition version the patient is documented under. */
const indexOf = async (context: PatientContext, c: GatewayContext) => (await loadedVersion(c, definitionVersionOf(context))).index;

export const fieldsOf = (context: PatientContext, place: FormPlace, fields: readonly unknown[]): DataField[] => {
  const roots = instancesOf(fields);
  const form = { context, place, roots };
  return [...roots].sort((a, b) => a.order - b.order).map((field) => ({ form, field, parentVisible: true }));
};
const liveVisits = (context: PatientContext): Visit[] =>
  context.visits
    .filter((visit) => !visit.isDeleted)
    .sort((a, b) => a.order - b.order)
    .map((visit) => ({ context, visit }));

/** Steps by order with the stopping and the latest filled step (ecrf-core.md §4), as step models. */
export function caseProcessOf(studyPatientId: string, steps: readonly CaseProcessStepDto[]) {
  const summary = caseProcessSummary(steps);
  const model = (step: CaseProcessStepDto | null): CaseProcessStep | null => (step ? { studyPatientId, step } : null);
  return {
    steps: summary.steps.map((step): CaseProcessStep => ({ studyPatientId, step })),
    stoppingStep: model(summary.stoppingStep),
    latestFilledStep: model(summary.latestFilledStep),
  };
}
const patientCaseProcess = async (id: string, c: GatewayContext) => {
  const context = await contextOf(id, c);
  return caseProcessOf(context.id, context.caseProcessSteps);
};
const visitCaseProcess = ({ context, visit }: Visit) =>
  caseProcessOf(
    context.id,
    context.caseProcessSteps.filter((step) => step.visitId === visit.id),
  );

/**
 * The patient's location: among the viewer's own locations (StudyInstitute/my, which every role may
 * read), else by id for viewers who may read all locations (StudyInstituteGetAllCmd); null for a viewer
 * who may read neither, such as a consultant seeing a patient assigned to them.
 */
export async function locationOf(studyInstituteId: string, c: GatewayContext): Promise<StudyInstitute | null> {
  const own = (await c.loaders.myStudyInstitutes()).find((location) => location.id === studyInstituteId);
  return own ?? nullIfForbidden(c.loaders.studyInstitutes.load(studyInstituteId));
}

export const patientQueries: Pick<QueryResolvers, 'studyPatients' | 'studyPatient'> = {
  async studyPatients(_, { studyId, filter, orderBy, ...paging }, context) {
    const study = await argumentId(studyId, 'Study', 'studyId', context);
    const location = filter?.studyInstituteId
      ? await argumentId(filter.studyInstituteId, 'StudyInstitute', 'filter.studyInstituteId', context)
      : undefined;
    const query = {
      studyInstituteId: location,
      filterStudyInstitute: location ? true : undefined,
      includeDeleted: filter?.includeDeleted ?? false,
      filterIsDiginet: filter?.isDigiNet ?? false,
      filterHasMuripedia: filter?.hasMuripedia ?? false,
      filterHasDropout: filter?.hasDropout ?? false,
      search: filter?.search?.trim() || undefined,
      sortBy: orderBy ? sortFields[orderBy.field] : undefined,
      sortDesc: orderBy?.descending ?? false,
    };
    type Request = { page?: number; itemsPerPage: number; after?: string };
    const page = async (request: Request) => {
      // The app frame's viewer, asked for in this turn, comes with the page (upstream/ride-along.ts).
      const boarding = boardAll({ viewer: context.loaders.viewer });
      const options = {
        path: { studyId: study },
        query: { ...query, ...request, ...(boarding.parts.length > 0 && { include: 'viewer' as const }) },
      };
      let answer: PatientPage | undefined;
      try {
        answer = filter?.assignedOnly
          ? await context.backend.call('get', '/api/v1.0/NngmStudyPatient/study/{studyId}/myAssigned', options)
          : await context.backend.call('get', '/api/v1.0/NngmStudyPatient/study/{studyId}/my', options);
      } finally {
        boarding.settle(answer?.included);
      }
      return answer;
    };
    const total = needsTotal(paging) ? (await page(pageRequest({ offset: 0, size: 1 }))).totalCount : undefined;
    const window = pageWindow(paging, 25, total);
    // Forward behind a row: the backend seeks its keyset token instead of counting the rows before it (issue 14).
    const after = window.size > 0 ? keysetAfter(paging) : undefined;
    const answer = await page(after ? { after, itemsPerPage: window.size } : pageRequest(window));
    const skip = after ? 0 : backendPage(window).skip;
    const items = answer.items.slice(skip, skip + window.size).map((listItem): StudyPatient => ({ id: listItem.id, listItem }));
    return connectionOf(items, window.offset, answer.totalCount, (patient) => patient.listItem?.cursor);
  },
  async studyPatient(_, { id }, context) {
    const decoded = fromGlobalId(id);
    // Both asked for in this turn, so the viewer comes with the context (upstream/ride-along.ts); its refusal comes first.
    const user = context.loaders.currentUser();
    const patientId = decoded?.type === 'StudyPatient' ? decoded.id : null;
    const found = patientId ? context.loaders.patientContexts.load(patientId) : Promise.resolve(null);
    found.catch(() => undefined);
    await user;
    return patientId && (await found) ? { id: patientId } : null;
  },
};

export const StudyPatientType: StudyPatientResolvers = {
  id: (patient) => toGlobalId('StudyPatient', patient.id),
  pseudonym: async (p, _, c) => p.listItem?.pseudonym ?? (await contextOf(p.id, c)).pseudonym,
  displayName: async (p, _, c) => p.listItem?.displayName ?? (await contextOf(p.id, c)).displayName,
  registrationDate: async (p, _, c) => p.listItem?.registrationDate ?? (await contextOf(p.id, c)).registrationDate,
  isDigiNet: async (p, _, c) => p.listItem?.isDigiNet ?? (await contextOf(p.id, c)).isDigiNet,
  location: async (p, _, c) => locationOf(p.listItem?.studyInstituteId ?? (await contextOf(p.id, c)).studyInstituteId, c),
  version: async (p, _, c) => (await contextOf(p.id, c)).version,
  definitionVersion: async (p, _, c) => definitionVersionOf(await contextOf(p.id, c)),
  documentation: async (p, _, c) => graphDocumentation(await contextOf(p.id, c)),
  fields: async (p, _, c) => {
    const context = await contextOf(p.id, c);
    return fieldsOf(context, { kind: 'patient' }, context.fields);
  },
  visits: async (p, _, c) => {
    try {
      return liveVisits(await contextOf(p.id, c));
    } catch (error) {
      // Billing lists patients without the right to their context; a forbidden non-null field would empty the whole list.
      if (p.listItem && error instanceof UpstreamError && error.status === 403) return [];
      throw error;
    }
  },
  // A listed patient's visit states come with the table's answer: a list page loads no patient contexts.
  visitSummaries: async (p, _, c) =>
    (p.listItem?.visitStates ?? liveVisits(await contextOf(p.id, c)).map(({ visit }) => visit)).map((visit) => ({
      visitId: toGlobalId('Visit', `${p.id}/${visit.id}`),
      state: states[visit.state],
    })),
  standaloneInstruments: async (p, _, c) => {
    const context = await contextOf(p.id, c);
    return context.standaloneInstruments.filter((i) => !i.isDeleted).map((instrument) => ({ context, visit: null, instrument }));
  },
  caseProcessSteps: async (p, _, c) => (await patientCaseProcess(p.id, c)).steps,
  stoppingStep: async (p, _, c) => (await patientCaseProcess(p.id, c)).stoppingStep,
  latestFilledStep: async (p, _, c) => (await patientCaseProcess(p.id, c)).latestFilledStep,
  studyDefinition: async (p, _, c) => ({ id: (await contextOf(p.id, c)).studyDefinitionId }),
  viewerCan: async (p, _, c) => capabilitiesOf(await contextOf(p.id, c), c),
  visitOptions: async (p, _, c) => visitOptionsOf(await contextOf(p.id, c), c),
  isDeleted: async (p, _, c) => (await contextOf(p.id, c)).isDeleted,
  isMerged: async (p, _, c) => (await contextOf(p.id, c)).mergedIntoStudyPatientId != null,
  mergedInto: async (p, _, c) => {
    const survivor = (await contextOf(p.id, c)).mergedIntoStudyPatientId;
    return survivor && (await c.loaders.patientContexts.load(survivor)) ? { id: survivor } : null;
  },
};

export const VisitSignatureType: VisitSignatureResolvers = {
  user: ({ userId }, _, c) => nullIfForbidden(c.loaders.users.load(userId)),
  displayName: ({ displayName, userName }) => displayName ?? userName,
};

export const VisitSignatureWithdrawalType: VisitSignatureWithdrawalResolvers = {
  withdrawnBy: ({ withdrawnBy }) => withdrawnBy.displayName ?? withdrawnBy.userName,
};

export const VisitType: VisitResolvers = {
  id: ({ context, visit }) => toGlobalId('Visit', `${context.id}/${visit.id}`),
  definition: async ({ context, visit }, _, c) => {
    const definition = (await indexOf(context, c)).visitById.get(visit.definitionId);
    return definition ? { version: definitionVersionOf(context), visit: definition } : null;
  },
  state: ({ visit }) => states[visit.state],
  isSigned: ({ visit }) => visit.isSigned,
  reasonForChangeRequired: ({ visit }) => reasonForChangeRequired({ formState: null, visit }),
  locked: ({ visit }) => visit.locked,
  // One date per visit (issue 18, defect 8): the date field its definition names (e.g. baseline_date) is the visit's date.
  visitDate: async ({ context, visit }, _, c) => {
    const documented = storedDocumentation(context).visits.find((candidate) => candidate.id === visit.id);
    return documented ? visitExecutionDate(documented, await indexOf(context, c)) : visit.visitDate;
  },
  tags: ({ visit }) => visit.tags,
  version: ({ visit }) => visit.version,
  signature: ({ visit }) => visit.signatureData,
  signatureWithdrawal: ({ visit }) => (visit.isSigned ? null : visit.signatureWithdrawal),
  openHints: (visit, _, c) => openHintsOf(visit, c),
  assignedInstitute: ({ visit }, _, c) =>
    visit.assignedInstituteId ? nullIfForbidden(c.loaders.institutes.load(visit.assignedInstituteId)) : null,
  fields: ({ context, visit }) => fieldsOf(context, { kind: 'visit', visitId: visit.id }, visit.fields),
  instruments: ({ context, visit }) =>
    visit.instruments
      .filter((i) => !i.isDeleted)
      .sort((a, b) => a.order - b.order)
      .map((instrument) => ({ context, visit, instrument })),
  studyPatient: ({ context }) => ({ id: context.id }),
  caseProcessSteps: (visit) => visitCaseProcess(visit).steps,
  stoppingStep: (visit) => visitCaseProcess(visit).stoppingStep,
  latestFilledStep: (visit) => visitCaseProcess(visit).latestFilledStep,
};

export const InstrumentType: InstrumentResolvers = {
  id: ({ context, instrument }) => toGlobalId('Instrument', `${context.id}/${instrument.id}`),
  // As it appears in the definition of the instrument's visit (with its order there), standalone ones in the version's list.
  definition: async ({ context, visit, instrument }, _, c) =>
    instrumentDefinitionIn(definitionVersionOf(context), await indexOf(context, c), instrument.definitionId, visit?.definitionId),
  state: ({ instrument }) => states[instrument.state],
  reasonForChangeRequired: ({ instrument, visit }) => reasonForChangeRequired({ formState: instrument.state, visit }),
  locked: ({ instrument }) => instrument.locked,
  tags: ({ instrument }) => instrument.tags,
  version: ({ instrument }) => instrument.version,
  fields: ({ context, instrument }) => fieldsOf(context, instrumentPlace(instrument), instrument.fields),
  visit: ({ context, visit }) => (visit ? { context, visit } : null),
};

export const DataFieldType: DataFieldResolvers = {
  id: ({ form, field }) => toGlobalId('DataField', `${form.context.id}/${field.id}`),
  definition: async ({ form, field }, _, c) => {
    const definition = (await indexOf(form.context, c)).fieldById.get(field.definitionId);
    return definition ? { version: definitionVersionOf(form.context), field: definition } : null;
  },
  values: async (model, _, c) => {
    const valueType = (await indexOf(model.form.context, c)).fieldById.get(model.field.definitionId)?.definition?.valueType;
    return model.field.values.map((v) => ({
      value: v.value,
      date: valueType === 'date' && v.value ? (parsePartialDate(v.value) ? v.value : null) : null,
      unit: v.unit ?? null,
      organization: v.organization
        ? { id: toGlobalId('Organization', v.organization.id), displayName: v.organization.displayName ?? null }
        : null,
      person: v.person
        ? {
            id: toGlobalId('Person', v.person.id),
            title: v.person.title ?? null,
            firstName: v.person.firstName ?? null,
            lastName: v.person.lastName ?? null,
          }
        : null,
    }));
  },
  tags: ({ field }) => [...(field.tags ?? [])],
  order: ({ field }) => field.order,
  isDeleted: ({ field }) => field.isDeleted === true,
  isVisible: ({ field }) => field.isVisible !== false,
  lockedManually: ({ field }) => field.lockedManually === true,
  lockedAutomatically: ({ field }) => field.lockedAutomatically === true,
  lockDate: ({ field }) => field.lockDate ?? null,
  createdAt: ({ field }) => field.creationDate ?? null,
  createdBy: ({ field }) => field.creatingUser ?? null,
  changedAt: ({ field }) => field.changeDate ?? null,
  changedBy: ({ field }) => field.changingUser ?? null,
  childFields: async (model, _, c) => {
    const { visible } = await fieldState(model, c);
    const entry = (await isListEntry(model, c)) ? model.field : model.entry;
    return [...model.field.childFields]
      .sort((a, b) => a.order - b.order)
      .map((field) => ({ form: model.form, field, parentVisible: visible, entry }));
  },
  visible: async (model, _, c) => (await fieldState(model, c)).visible,
  editable: async (model, _, c) => (await fieldState(model, c)).editable,
  required: async (model, _, c) => (await fieldState(model, c)).required,
  hints: async (model, _, c) => (await fieldState(model, c)).hints,
};

export const CaseProcessStepType: CaseProcessStepResolvers = {
  id: ({ studyPatientId, step }) => toGlobalId('CaseProcessStep', `${studyPatientId}/${step.id}`),
  definitionIdentifier: ({ step }) => step.definitionIdentifier,
  state: ({ step }) => caseStates[step.state],
  order: ({ step }) => step.order,
  mainStateIdentifier: ({ step }) => step.mainStateIdentifier,
  subStates: ({ step }) => step.subStates,
  version: ({ step }) => step.version,
  visit: async ({ studyPatientId, step }, _, c) => {
    const context = await contextOf(studyPatientId, c);
    const visit = context.visits.find((v) => v.id === step.visitId);
    return visit ? { context, visit } : null;
  },
};
