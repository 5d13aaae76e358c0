/**
 * Research projects and the assignments of study patients to them (ecrf-calls.md §7 "Projects"). Every
 * read shows only patients the caller may read (patient-workspace.ts); every write is audited in its
 * transaction and refused with 409 when the version read is no longer the stored one.
 * A project user signs in to a project (project-user-login) and from then on user-patients lists the
 * project's patients they may read.
 */
import { assignmentPeriodErrors, isCurrentAssignment, periodsOverlap, registryToday, type AssignmentPeriod } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, actorOf } from '../audit/audit.service.js';
import { EcrfError, invalidFields, notFound } from '../errors/errors.js';
import { loadCaller, type CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';
import { assertPatientAccess, visibleStudyPatientIds } from '../patient-documentation/patient-workspace.js';
import type {
  ProjectAssignmentCreate,
  ProjectAssignmentDto,
  ProjectAssignmentUpdate,
  ProjectDto,
  ProjectUserLoginDto,
} from './projects.schemas.js';
import {
  deleteAssignment,
  findAssignments,
  findProjects,
  insertAssignment,
  isProjectUser,
  updateAssignment,
  upsertProjectUser,
  type ProjectAssignmentRow,
  type ProjectRow,
} from './projects.sql.js';
import { PROJECT_MESSAGES } from '../errors/messages.js';

export const projectDto = (row: ProjectRow): ProjectDto => ({
  id: row.id,
  studyId: row.study_id,
  identifier: row.identifier,
  displayName: row.display_name,
  description: row.description,
  isDeleted: row.is_deleted,
});

const periodOf = (row: Pick<ProjectAssignmentRow, 'assigned_from' | 'assigned_until'>): AssignmentPeriod => ({
  assignedFrom: row.assigned_from,
  assignedUntil: row.assigned_until,
});

export const assignmentDto = (row: ProjectAssignmentRow, today: string): ProjectAssignmentDto => ({
  id: row.id,
  projectId: row.project_id,
  projectIdentifier: row.projectIdentifier,
  projectDisplayName: row.projectDisplayName,
  projectDescription: row.projectDescription,
  studyPatientId: row.study_patient_id,
  pseudonym: row.pseudonym,
  assignedFrom: row.assigned_from,
  assignedUntil: row.assigned_until,
  note: row.note,
  isCurrent: isCurrentAssignment(periodOf(row), today),
  changedBy: row.changed_by,
  changedAt: row.changed_at.toISOString(),
  version: row.version,
});

/** What the audit trail keeps of an assignment. */
const snapshot = (row: ProjectAssignmentRow | (AssignmentPeriod & { projectId: string; studyPatientId: string; note: string })) =>
  'project_id' in row
    ? { projectId: row.project_id, studyPatientId: row.study_patient_id, ...periodOf(row), note: row.note, version: row.version }
    : { ...row };

async function liveProject(db: Kysely<DB>, id: string): Promise<ProjectRow> {
  const [project] = await findProjects(db, { id, includeDeleted: true });
  if (!project) throw notFound('project');
  return project;
}

/** Only the rows whose patient `access` may read. */
async function readable(
  db: Kysely<DB>,
  access: { rights: ReadonlySet<string>; locationIds: readonly string[] },
  rows: ProjectAssignmentRow[],
): Promise<ProjectAssignmentRow[]> {
  const visible = await visibleStudyPatientIds(
    db,
    access,
    rows.map((r) => ({ id: r.study_patient_id, studyInstituteId: r.studyInstituteId })),
  );
  return rows.filter((r) => visible.has(r.study_patient_id));
}

const accessOf = async (db: Kysely<DB>, user: { id: string; rights: ReadonlySet<string> }) => ({
  rights: user.rights,
  locationIds: await callerLocationIds(db, user),
});

export async function listProjects(db: Kysely<DB>, includeDeleted: boolean): Promise<ProjectDto[]> {
  return (await findProjects(db, { includeDeleted })).map(projectDto);
}

export async function listAssignments(db: Kysely<DB>, caller: CurrentUser, projectId: string | undefined, now: Date) {
  const rows = await readable(db, await accessOf(db, caller), await findAssignments(db, { projectId }));
  return rows.map((r) => assignmentDto(r, registryToday(now)));
}

export async function assignmentsOfPatient(db: Kysely<DB>, caller: CurrentUser, studyPatientId: string, now: Date) {
  const patient = await loadStudyPatient(db, studyPatientId);
  if (patient.isDeleted) throw notFound('study patient');
  await assertPatientAccess(db, caller, patient);
  return (await findAssignments(db, { studyPatientId })).map((r) => assignmentDto(r, registryToday(now)));
}

/**
 * The patients of a project as its project user `userId` sees them (their locations), of those the caller
 * may read too; none for a user who never signed in to the project.
 */
export async function userPatients(
  db: Kysely<DB>,
  caller: CurrentUser,
  query: { project: string; userId?: string; currentAssignment?: boolean },
  now: Date,
): Promise<ProjectAssignmentDto[]> {
  await liveProject(db, query.project);
  const userId = query.userId ?? caller.id;
  // The project user as the registry knows them now: a deactivated or deleted account sees nothing.
  const user = await loadCaller(db, userId);
  if (!user) throw notFound('user');
  if (!(await isProjectUser(db, query.project, userId))) return [];
  const today = registryToday(now);
  let rows = await findAssignments(db, { projectId: query.project });
  if (query.currentAssignment) rows = rows.filter((r) => isCurrentAssignment(periodOf(r), today));
  rows = await readable(db, await accessOf(db, user), rows);
  rows = await readable(db, await accessOf(db, caller), rows);
  return rows.map((r) => assignmentDto(r, today));
}

function assertPeriod(period: AssignmentPeriod): void {
  const errors = assignmentPeriodErrors(period);
  if (errors.length > 0) throw invalidFields(errors);
}

/** Refuses a period that shares a day with another assignment of the patient to the project. */
async function assertNoOverlap(db: Kysely<DB>, projectId: string, studyPatientId: string, period: AssignmentPeriod, exceptId?: string) {
  const others = await findAssignments(db, { projectId, studyPatientId });
  if (others.some((o) => o.id !== exceptId && periodsOverlap(periodOf(o), period)))
    throw new EcrfError('ECRF_ERR_CONFLICT', PROJECT_MESSAGES.overlap);
}

async function loadAssignment(db: Kysely<DB>, caller: CurrentUser, id: string): Promise<ProjectAssignmentRow> {
  const [row] = await findAssignments(db, { id });
  if (!row) throw notFound('project assignment');
  await assertPatientAccess(db, caller, { id: row.study_patient_id, studyInstituteId: row.studyInstituteId });
  return row;
}

async function reread(db: Kysely<DB>, id: string): Promise<ProjectAssignmentRow> {
  const [row] = await findAssignments(db, { id });
  if (!row) throw notFound('project assignment');
  return row;
}

const stale = (current: ProjectAssignmentRow | undefined, now: Date) =>
  new EcrfError('ECRF_ERR_STALE_WRITE', PROJECT_MESSAGES.stale, current ? { current: assignmentDto(current, registryToday(now)) } : {});

export async function createAssignment(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: ProjectAssignmentCreate,
  now: Date,
): Promise<ProjectAssignmentDto> {
  const period = { assignedFrom: input.assignedFrom, assignedUntil: input.assignedUntil ?? null };
  assertPeriod(period);
  const patient = await loadStudyPatient(db, input.studyPatientId);
  if (patient.isDeleted) throw notFound('study patient');
  await assertPatientAccess(db, caller, patient);
  const project = await liveProject(db, input.projectId);
  if (project.is_deleted) throw new EcrfError('ECRF_ERR_CONFLICT', PROJECT_MESSAGES.deletedProject);
  if (project.study_id !== patient.studyId) throw new EcrfError('ECRF_ERR_VALIDATION', PROJECT_MESSAGES.otherStudy);
  const note = input.note ?? '';
  const id = await db.transaction().execute(async (trx) => {
    // The patient's row is locked so two concurrent assignments cannot both pass the overlap check.
    await trx.selectFrom('study_patient').select('id').where('id', '=', patient.id).forUpdate().execute();
    await assertNoOverlap(trx, project.id, patient.id, period);
    const inserted = await insertAssignment(trx, {
      project_id: project.id,
      study_patient_id: patient.id,
      assigned_from: period.assignedFrom,
      assigned_until: period.assignedUntil,
      note,
      changed_by: caller.userName,
      changed_at: now,
    });
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'project_assignment',
      recordId: inserted,
      operation: 'Create',
      newValue: snapshot({ projectId: project.id, studyPatientId: patient.id, ...period, note }),
    });
    return inserted;
  });
  return assignmentDto(await reread(db, id), registryToday(now));
}

export async function changeAssignment(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: ProjectAssignmentUpdate,
  now: Date,
): Promise<ProjectAssignmentDto> {
  const before = await loadAssignment(db, caller, id);
  if (before.version !== input.version) throw stale(before, now);
  const period = { assignedFrom: input.assignedFrom, assignedUntil: input.assignedUntil };
  assertPeriod(period);
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('study_patient').select('id').where('id', '=', before.study_patient_id).forUpdate().execute();
    await assertNoOverlap(trx, before.project_id, before.study_patient_id, period, id);
    const updated = await updateAssignment(trx, id, input.version, {
      assigned_from: period.assignedFrom,
      assigned_until: period.assignedUntil,
      note: input.note,
      changed_by: caller.userName,
      changed_at: now,
    });
    if (!updated) throw stale((await findAssignments(trx, { id }))[0], now);
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'project_assignment',
      recordId: id,
      operation: 'Update',
      oldValue: snapshot(before),
      newValue: snapshot(await reread(trx, id)),
    });
  });
  return assignmentDto(await reread(db, id), registryToday(now));
}

export async function removeAssignment(db: Kysely<DB>, caller: CurrentUser, id: string, version: number, now: Date): Promise<void> {
  const before = await loadAssignment(db, caller, id);
  if (before.version !== version) throw stale(before, now);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteAssignment(trx, id, version))) throw stale((await findAssignments(trx, { id }))[0], now);
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'project_assignment',
      recordId: id,
      operation: 'Delete',
      oldValue: snapshot(before),
    });
  });
}

/** Signs the caller in to the project as its project user and answers the project's current patients they may read. */
export async function projectUserLogin(db: Kysely<DB>, caller: CurrentUser, projectId: string, now: Date): Promise<ProjectUserLoginDto> {
  const project = await liveProject(db, projectId);
  if (project.is_deleted) throw notFound('project');
  await db.transaction().execute(async (trx) => {
    const first = await upsertProjectUser(trx, project.id, caller.id, now);
    await audit(trx, {
      actor: actorOf(caller),
      tableName: 'project_user',
      recordId: project.id,
      operation: first ? 'Create' : 'Update',
      newValue: { projectId: project.id, userId: caller.id, lastLoginAt: now.toISOString() },
    });
  });
  return {
    project: projectDto(project),
    assignments: await userPatients(db, caller, { project: project.id, currentAssignment: true }, now),
  };
}
