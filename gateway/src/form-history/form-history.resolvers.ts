/**
 * A form's history field by field and the form at a moment (issue 25 item 5): Instrument/Visit.history and asOf,
 * StudyPatient.history and fieldsAsOf, over GET {Instrument|Visit|StudyPatient}/{id}/history and …/asOf. Both
 * need AuditLogLogCmd; the backend refuses without it (FORBIDDEN), and answers 404 for a moment before the form
 * existed, which the graph gives as null.
 */
import type { DataFieldInstance, FieldValue } from '@ecrf/rules';
import type {
  FormChangeResolvers,
  FormChangeSubjectKind,
  FormChangeSubjectResolvers,
  FormSnapshotResolvers,
  InstrumentResolvers,
  StudyPatientResolvers,
  VisitResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { backendPage, connectionOf, pageRequest, pageWindow, type PageArgs } from '../graph/connection.js';
import { definitionVersionOf } from '../patients/documentation.js';
import type { PatientContext } from '../patients/models.js';
import { contextOf } from '../patients/patients.resolvers.js';
import { loadedVersion } from '../study-definitions/definition-models.js';
import { nullIfNotFound } from '../upstream/upstream-error.js';
import type { FormChange, FormChangeEntry, FormSnapshot } from './models.js';

type FormPath = 'Instrument' | 'Visit' | 'StudyPatient';

const PAGE = 50;

async function history(form: FormPath, id: string, context: PatientContext, paging: PageArgs, c: GatewayContext) {
  const window = pageWindow(paging, PAGE);
  const { skip } = backendPage(window);
  const answer = await c.backend.call('get', `/api/v1.0/${form}/{id}/history`, { path: { id }, query: pageRequest(window) });
  const changes: FormChange[] = answer.items.slice(skip, skip + window.size).map((entry) => ({ entry, context }));
  return connectionOf(changes, window.offset, answer.totalCount);
}

const asOf = (form: FormPath, id: string, at: string, c: GatewayContext): Promise<FormSnapshot | null> =>
  nullIfNotFound(c.backend.call('get', `/api/v1.0/${form}/{id}/asOf`, { path: { id }, query: { at } }));

export const InstrumentHistory: Pick<InstrumentResolvers, 'history' | 'asOf'> = {
  history: ({ context, instrument }, paging, c) => history('Instrument', instrument.id, context, paging, c),
  asOf: ({ instrument }, { at }, c) => asOf('Instrument', instrument.id, at, c),
};

export const VisitHistory: Pick<VisitResolvers, 'history' | 'asOf'> = {
  history: ({ context, visit }, paging, c) => history('Visit', visit.id, context, paging, c),
  asOf: ({ visit }, { at }, c) => asOf('Visit', visit.id, at, c),
};

export const StudyPatientHistory: Pick<StudyPatientResolvers, 'history' | 'fieldsAsOf'> = {
  history: async ({ id }, paging, c) => history('StudyPatient', id, await contextOf(id, c), paging, c),
  fieldsAsOf: ({ id }, { at }, c) => asOf('StudyPatient', id, at, c),
};

const operations = { Create: 'CREATE', Update: 'UPDATE', Delete: 'DELETE' } as const;
const kinds: Record<NonNullable<FormChangeEntry['field']>['kind'], FormChangeSubjectKind> = {
  field: 'FIELD',
  column: 'COLUMN',
  legacyForm: 'LEGACY_FORM',
};

/** The backend declares values as the rules' FieldValue (unrolled in the OpenAPI document), so they are read as such. */
const valueOf = (value: FormChangeEntry['oldValue']) =>
  value && {
    values: (value.values as FieldValue[] | undefined) ?? null,
    isDeleted: value.isDeleted ?? null,
    lockedManually: value.lockedManually ?? null,
    lockDate: value.lockDate ?? null,
    json: value.json ?? null,
  };

export const FormChangeType: FormChangeResolvers = {
  occurredAt: ({ entry }) => entry.occurredAt,
  operation: ({ entry }) => operations[entry.operation],
  event: ({ entry }) => entry.event,
  reasonForChange: ({ entry }) => entry.reason,
  userName: ({ entry }) => entry.userName,
  roleIdentifier: ({ entry }) => entry.role?.identifier ?? null,
  roleName: ({ entry }) => entry.role?.displayName ?? null,
  locationName: ({ entry }) => entry.location?.displayName ?? null,
  version: ({ entry }) => entry.version,
  field: (change) => (change.entry.field ? change : null),
  oldValue: ({ entry }) => valueOf(entry.oldValue),
  newValue: ({ entry }) => valueOf(entry.newValue),
};

export const FormChangeSubjectType: FormChangeSubjectResolvers = {
  key: ({ entry }) => entry.field?.key ?? '',
  kind: ({ entry }) => kinds[entry.field?.kind ?? 'column'],
  definition: async ({ entry, context }, _, c) => {
    const definitionId = entry.field?.definitionId;
    if (!definitionId) return null;
    const version = definitionVersionOf(context);
    const field = (await loadedVersion(c, version)).index.fieldById.get(definitionId);
    return field ? { version, field } : null;
  },
  path: ({ entry }) => entry.field?.path ?? null,
  label: ({ entry }) => entry.field?.label ?? '',
};

export const FormSnapshotType: FormSnapshotResolvers = {
  state: ({ state }) => (state ? ({ new: 'NEW', missing_data: 'MISSING_DATA', complete: 'COMPLETE' } as const)[state] : null),
  deletion: ({ deletion }) => deletion && { ...deletion, reasonForChange: deletion.reason },
  // The backend declares them as the rules' DataFieldInstance trees (unrolled to a fixed depth).
  fields: ({ fields }) => fields as DataFieldInstance[],
};
