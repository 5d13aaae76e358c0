/**
 * Data queries (ecrf-calls.md §3 "Query", §6 "Query restrictions", §7 "Queries"): every decision is
 * dataQueryDecision / dataQueryAfter / dataQueryVisible of @ecrf/rules, with today the registry's day.
 * Each action appends to the thread, bumps the version, is audited with old and new values and records a
 * DataQueryChanged event, all in one transaction.
 */
import {
  DATA_QUERY_REFUSAL_MESSAGES,
  NEW_DATA_QUERY,
  dataQueryAfter,
  dataQueryDecision,
  dataQueryVisible,
  hasRight,
  registryToday,
  type DataQueryFacts,
  type DataQueryViewer,
  type DefinitionIndex,
  type QueryAction,
} from '@ecrf/rules';
import type { Kysely, Selectable } from 'kysely';
import type { DataQueryTable, DB } from '../__generated__/database.js';
import { audit, actorOf } from '../audit/audit.service.js';
import { EcrfError, notFound } from '../errors/errors.js';
import { recordEvent } from '../events/domain-events.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { findDefinitionRows, versionsOf } from '../study-definitions/study-definitions.sql.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { assertPatientAccess, visibleStudyPatientIds } from '../patient-documentation/patient-workspace.js';
import { VIEWER_ACTIONS, type DataQueryCreate, type DataQueryDto, type DataQueryEdit, type ThreadAction } from './data-queries.schemas.js';
import {
  findDataQueries,
  findThreads,
  insertDataQuery,
  insertThreadEntry,
  updateDataQuery,
  type DataQueryFilter,
  type DataQueryRow,
  type VisibleTypes,
} from './data-queries.sql.js';
import { queryTypeOf, resolveTarget, type QueryTarget, type TargetRef } from './data-query-targets.js';
import { assertQueryTexts } from './query-texts.js';
import type { RecordName } from '../errors/messages.js';

export type ChangeAction = Exclude<QueryAction, 'view' | 'create'>;

export const couldNotFindQuery = (id: string): EcrfError => new EcrfError('ECRF_ERR_NOT_FOUND', `Could not find query ${id}`);

export const ANSWER_TEXT_REQUIRED = 'Eine Antwort braucht einen Text.';

const staleMessage =
  'Der Query wurde inzwischen von einer anderen Person geändert. Ihre Änderung wurde nicht gespeichert; bitte laden Sie den aktuellen Stand.';

export async function viewerOf(db: Kysely<DB>, caller: CurrentUser): Promise<DataQueryViewer> {
  return { roleIdentifier: caller.roleIdentifier, rights: caller.rights, locationIds: await callerLocationIds(db, caller) };
}

type Facts = Omit<DataQueryFacts, 'status' | 'answerStage'>;

function factsOf(row: Selectable<DataQueryTable>, index: DefinitionIndex): DataQueryFacts {
  return {
    queryType: queryTypeOf(index, row.query_type_identifier),
    status: row.status,
    answerStage: row.answer_stage,
    locationId: row.study_institute_id,
    targetIsFollowUpRegistry: row.follow_up_registry,
    visitDefinitionIdentifier: row.visit_definition_identifier,
  };
}

const indexOf = (db: Kysely<DB>, row: Selectable<DataQueryTable>) => definitionIndex(db, row.study_definition_id, row.definition_version);

/** Refuses with the contract's codes: the status → 409 QUERY_WRONG_STATUS, anything else → 403 with the reason. */
function refuse(reason: keyof typeof DATA_QUERY_REFUSAL_MESSAGES): EcrfError {
  const message = DATA_QUERY_REFUSAL_MESSAGES[reason];
  return reason === 'state'
    ? new EcrfError('QUERY_WRONG_STATUS', message, { reason })
    : new EcrfError('QUERY_ACTION_REFUSED', message, { reason });
}

/** The rows as answered: with pseudonym, thread and the viewer's decision per action; 3 queries at most for any number. */
export async function toDtos(
  db: Kysely<DB>,
  viewer: DataQueryViewer,
  rows: readonly DataQueryRow[],
  today: string,
): Promise<DataQueryDto[]> {
  const threads = await findThreads(
    db,
    rows.map((r) => r.id),
  );
  const patients = rows.flatMap((r) => (r.study_patient_id ? [{ id: r.study_patient_id, studyInstituteId: r.study_institute_id }] : []));
  const readable = hasRight(viewer.rights, 'StudyPatientGetContextCmd') ? await visibleStudyPatientIds(db, viewer, patients) : new Set();
  return Promise.all(
    rows.map(async (row) => {
      const facts = factsOf(row, await indexOf(db, row));
      const viewerCan = Object.fromEntries(
        VIEWER_ACTIONS.map((action) => {
          const decision = dataQueryDecision(viewer, facts, action, today);
          return [action, decision.allowed ? { allowed: true, reason: null } : { allowed: false, reason: decision.reason }];
        }),
      ) as DataQueryDto['viewerCan'];
      return {
        id: row.id,
        studyId: row.study_id,
        studyDefinitionId: row.study_definition_id,
        definitionVersion: row.definition_version,
        studyPatientId: row.study_patient_id,
        studyPatientReadable: row.study_patient_id !== null && readable.has(row.study_patient_id),
        pseudonym: row.pseudonym,
        studyInstituteId: row.study_institute_id,
        referenceType: row.reference_type,
        referenceId: row.reference_id,
        visitId: row.visit_id,
        instrumentId: row.instrument_id,
        dataFieldId: row.data_field_id,
        followUpRegistry: row.follow_up_registry,
        visitDefinitionIdentifier: row.visit_definition_identifier,
        queryTypeIdentifier: row.query_type_identifier,
        title: row.title,
        text: row.text,
        priority: row.priority,
        status: row.status,
        answerStage: row.answer_stage,
        createdBy: row.created_by,
        createdAt: row.created_at.toISOString(),
        changedAt: row.changed_at.toISOString(),
        version: row.version,
        thread: threads
          .filter((t) => t.data_query_id === row.id)
          .map((t) => ({
            action: t.action,
            userName: t.user_name,
            roleIdentifier: t.role_identifier,
            roleName: t.role_display_name ?? t.role_identifier,
            at: t.at.toISOString(),
            text: t.text,
            status: t.status,
            answerStage: t.answer_stage,
          })),
        viewerCan,
      };
    }),
  );
}

/**
 * Which rows the viewer may read: dataQueryVisible, or with `includeDeferred` (the QueryGetAllCmd lists of
 * ecrf-calls.md §7) also a deferred query the status alone hides.
 */
export async function readableRows(
  db: Kysely<DB>,
  viewer: DataQueryViewer,
  rows: readonly DataQueryRow[],
  today: string,
  includeDeferred = false,
): Promise<DataQueryRow[]> {
  const readable = await Promise.all(
    rows.map(async (row) => {
      const facts = factsOf(row, await indexOf(db, row));
      if (dataQueryVisible(viewer, facts, today)) return true;
      const view = dataQueryDecision(viewer, facts, 'view', today);
      return includeDeferred && !view.allowed && view.reason === 'state';
    }),
  );
  return rows.filter((_, i) => readable[i]);
}

/**
 * The query types of each version of the study's definitions whose queries the viewer sees wherever it reaches,
 * asked of dataQueryVisible with a location the viewer reaches (locations are filtered in SQL).
 */
export async function visibleTypes(db: Kysely<DB>, viewer: DataQueryViewer, today: string, studyId?: string): Promise<VisibleTypes[]> {
  const reachable = '*';
  const anywhere: DataQueryViewer = { ...viewer, locationIds: [reachable] };
  const definitions = (await findDefinitionRows(db, { includeDeleted: true })).filter((d) => !studyId || d.study_id === studyId);
  const byDefinition = await versionsOf(
    db,
    definitions.map((d) => d.id),
  );
  const versions = [...byDefinition].flatMap(([definitionId, numbers]) => numbers.map((version) => ({ definitionId, version })));
  return Promise.all(
    versions.map(async ({ definitionId, version }) => {
      const { queryTypes } = (await definitionIndex(db, definitionId, version)).study;
      const sees = (status: 'OPEN' | 'INVISIBLE') =>
        queryTypes
          .filter((queryType) =>
            dataQueryVisible(
              anywhere,
              {
                queryType,
                status,
                answerStage: 'NEW',
                locationId: reachable,
                targetIsFollowUpRegistry: false,
                visitDefinitionIdentifier: null,
              },
              today,
            ),
          )
          .map((t) => t.identifier);
      return { definitionId, version, types: sees('OPEN'), deferredTypes: sees('INVISIBLE') };
    }),
  );
}

/** The query if the viewer may see it; 404 with the spec's message otherwise (never 403 for another location). */
/** The queries a filter finds, as far as the caller may read them (the list calls, and the patient context's include). */
export async function readableQueries(
  db: Kysely<DB>,
  caller: CurrentUser,
  filter: DataQueryFilter,
  today: string,
  includeDeferred = false,
): Promise<DataQueryDto[]> {
  const viewer = await viewerOf(db, caller);
  return toDtos(db, viewer, await readableRows(db, viewer, await findDataQueries(db, filter), today, includeDeferred), today);
}

export async function loadReadableQuery(db: Kysely<DB>, viewer: DataQueryViewer, id: string, today: string): Promise<DataQueryRow> {
  const [row] = await readableRows(db, viewer, await findDataQueries(db, { ids: [id] }), today);
  if (!row) throw couldNotFindQuery(id);
  return row;
}

export async function dtoOf(db: Kysely<DB>, viewer: DataQueryViewer, row: DataQueryRow, today: string): Promise<DataQueryDto> {
  const [dto] = await toDtos(db, viewer, [row], today);
  if (!dto) throw couldNotFindQuery(row.id);
  return dto;
}

type Deps = { db: Kysely<DB>; now: Date };

async function reload(db: Kysely<DB>, id: string): Promise<DataQueryRow> {
  const [row] = await findDataQueries(db, { ids: [id] });
  if (!row) throw couldNotFindQuery(id);
  return row;
}

function snapshot(row: Selectable<DataQueryTable>) {
  return {
    title: row.title,
    text: row.text,
    priority: row.priority,
    queryTypeIdentifier: row.query_type_identifier,
    status: row.status,
    answerStage: row.answer_stage,
    version: row.version,
  };
}

async function recordChange(trx: Kysely<DB>, row: Selectable<DataQueryTable>, change: 'CREATED' | 'UPDATED', action: ThreadAction) {
  await recordEvent(trx, {
    type: 'DataQueryChanged',
    studyId: row.study_id,
    studyPatientId: row.study_patient_id,
    studyInstituteId: row.study_institute_id,
    payload: {
      queryId: row.id,
      change,
      action,
      queryTypeIdentifier: row.query_type_identifier,
      status: row.status,
      answerStage: row.answer_stage,
      studyDefinitionId: row.study_definition_id,
      definitionVersion: row.definition_version,
      followUpRegistry: row.follow_up_registry,
      visitDefinitionIdentifier: row.visit_definition_identifier,
    },
  });
}

const hiddenAs: Record<TargetRef['kind'], RecordName> = {
  Patient: 'study patient',
  Visit: 'visit',
  Instrument: 'instrument',
  DataField: 'data field',
  StudyInstitute: 'study institute',
};

/** A target whose patient or location the caller may not see answers as an unknown one, before any rule (issue 15). */
async function assertTargetVisible(
  db: Kysely<DB>,
  caller: CurrentUser,
  viewer: DataQueryViewer,
  kind: TargetRef['kind'],
  target: QueryTarget,
) {
  if (target.studyPatientId) {
    await assertPatientAccess(db, caller, { id: target.studyPatientId, studyInstituteId: target.studyInstituteId }, hiddenAs[kind]);
  } else if (![...viewer.locationIds].includes(target.studyInstituteId)) {
    throw notFound(hiddenAs[kind]);
  }
}

export async function createDataQuery(
  { db, now }: Deps,
  caller: CurrentUser,
  ref: TargetRef,
  body: DataQueryCreate,
): Promise<DataQueryDto> {
  assertQueryTexts(body, ['title', 'text']);
  const today = registryToday(now);
  const viewer = await viewerOf(db, caller);
  const target = await resolveTarget(db, ref);
  await assertTargetVisible(db, caller, viewer, ref.kind, target);
  const facts: Facts = {
    queryType: queryTypeOf(target.index, body.queryTypeIdentifier),
    locationId: target.studyInstituteId,
    targetIsFollowUpRegistry: target.followUpRegistry,
    visitDefinitionIdentifier: target.visitDefinitionIdentifier,
  };
  const decision = dataQueryDecision(viewer, { ...facts, ...NEW_DATA_QUERY }, 'create', today);
  if (!decision.allowed) throw refuse(decision.reason);
  const id = await db.transaction().execute(async (trx) => {
    const row = await insertDataQuery(trx, {
      study_id: target.studyId,
      study_definition_id: target.studyDefinitionId,
      definition_version: target.definitionVersion,
      study_patient_id: target.studyPatientId,
      study_institute_id: target.studyInstituteId,
      reference_type: target.referenceType,
      reference_id: target.referenceId,
      visit_id: target.visitId,
      instrument_id: target.instrumentId,
      data_field_id: target.dataFieldId,
      follow_up_registry: target.followUpRegistry,
      visit_definition_identifier: target.visitDefinitionIdentifier,
      query_type_identifier: body.queryTypeIdentifier,
      title: body.title,
      text: body.text,
      priority: body.priority ?? 'NORMAL',
      status: NEW_DATA_QUERY.status,
      answer_stage: NEW_DATA_QUERY.answerStage,
      created_by_id: caller.id,
      created_by: caller.userName,
      created_at: now,
      changed_at: now,
    });
    await insertThreadEntry(trx, {
      data_query_id: row.id,
      action: 'CREATE',
      user_id: caller.id,
      user_name: caller.userName,
      role_identifier: caller.roleIdentifier,
      at: now,
      text: body.text,
      status: row.status,
      answer_stage: row.answer_stage,
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'data_query',
      recordId: row.id,
      operation: 'Create',
      newValue: {
        ...snapshot(row),
        referenceType: row.reference_type,
        referenceId: row.reference_id,
        studyInstituteId: row.study_institute_id,
      },
    });
    await recordChange(trx, row, 'CREATED', 'CREATE');
    return row.id;
  });
  return dtoOf(db, viewer, await reload(db, id), today);
}

const THREAD_ACTION: Record<ChangeAction, ThreadAction> = {
  edit: 'EDIT',
  answer: 'ANSWER',
  accept: 'ACCEPT',
  revoke: 'REVOKE',
  solve: 'SOLVE',
  defer: 'DEFER',
};

export type ActionBody = { version: number; text?: string } & Partial<Omit<DataQueryEdit, 'version'>>;

export async function actOnDataQuery(
  { db, now }: Deps,
  caller: CurrentUser,
  id: string,
  action: ChangeAction,
  body: ActionBody,
): Promise<DataQueryDto> {
  const today = registryToday(now);
  const viewer = await viewerOf(db, caller);
  const before = await loadReadableQuery(db, viewer, id, today);
  if (before.version !== body.version)
    throw new EcrfError('STALE_WRITE', staleMessage, { current: await dtoOf(db, viewer, before, today) });
  const index = await indexOf(db, before);
  const facts = factsOf(before, index);
  const decision = dataQueryDecision(viewer, facts, action, today);
  if (!decision.allowed) throw refuse(decision.reason);
  if (action === 'answer' && !body.text?.trim()) throw new EcrfError('ECRF_ERR_VALIDATION', ANSWER_TEXT_REQUIRED);
  assertQueryTexts(body);
  const edits = action === 'edit' ? editedColumns(index, viewer, facts, body, today) : {};
  const next = dataQueryAfter({ status: before.status, answerStage: before.answer_stage }, action);
  if (!next) throw refuse('state');
  await db.transaction().execute(async (trx) => {
    const row = await updateDataQuery(trx, id, body.version, {
      ...edits,
      status: next.status,
      answer_stage: next.answerStage,
      changed_at: now,
    });
    if (!row) throw new EcrfError('STALE_WRITE', staleMessage, { current: await dtoOf(trx, viewer, await reload(trx, id), today) });
    await insertThreadEntry(trx, {
      data_query_id: id,
      action: THREAD_ACTION[action],
      user_id: caller.id,
      user_name: caller.userName,
      role_identifier: caller.roleIdentifier,
      at: now,
      text: body.text ?? null,
      status: row.status,
      answer_stage: row.answer_stage,
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'data_query',
      recordId: id,
      operation: 'Update',
      oldValue: snapshot(before),
      newValue: { ...snapshot(row), action: THREAD_ACTION[action], text: body.text ?? null },
    });
    await recordChange(trx, row, 'UPDATED', THREAD_ACTION[action]);
  });
  return dtoOf(db, viewer, await reload(db, id), today);
}

/** An edit's new title, text, priority and query type; a new type must allow the edit too. */
function editedColumns(index: DefinitionIndex, viewer: DataQueryViewer, facts: DataQueryFacts, body: ActionBody, today: string) {
  if (body.queryTypeIdentifier !== undefined && body.queryTypeIdentifier !== facts.queryType.identifier) {
    const decision = dataQueryDecision(viewer, { ...facts, queryType: queryTypeOf(index, body.queryTypeIdentifier) }, 'edit', today);
    if (!decision.allowed) throw refuse(decision.reason);
  }
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.priority !== undefined ? { priority: body.priority } : {}),
    ...(body.queryTypeIdentifier !== undefined ? { query_type_identifier: body.queryTypeIdentifier } : {}),
  };
}
