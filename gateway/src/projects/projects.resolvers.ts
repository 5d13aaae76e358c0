/**
 * Research projects in the graph (ecrf-calls.md §7 "Projects"): the project list, a patient's assignments,
 * their changes with the version read, and the project user's sign-in. Refusals the user can act on are
 * typed `UserError`s; a stale version answers the assignment as stored.
 */
import type {
  MutationResolvers,
  ProjectAssignmentResolvers,
  ProjectResolvers,
  QueryResolvers,
  StudyPatientResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { toGlobalId } from '../graph/global-id.js';
import { attemptWithIds, backendId, userErrorsOf, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';
import type { Project, ProjectAssignment } from './models.js';

async function projectsOf(c: GatewayContext): Promise<Project[]> {
  return (await viewerRights(c))('ProjectGetAllCmd') ? c.backend.call('get', '/api/v1.0/project', { query: {} }) : [];
}

async function assignmentsOf(studyPatientId: string, c: GatewayContext): Promise<ProjectAssignment[]> {
  if (!(await viewerRights(c))('ProjectAssignmentGetByStudyPatientCmd')) return [];
  return c.backend.call('get', '/api/v1.0/project-assignments/studyPatient/{studyPatientId}', { path: { studyPatientId } });
}

/** `node(id)` of a project. */
export async function loadProjectNode(id: string, c: GatewayContext): Promise<Project | null> {
  return (await projectsOf(c)).find((project) => project.id === id) ?? null;
}

/** `node(id)` of an assignment: `<studyPatientId>/<assignmentId>`, from the patient's assignments. */
export async function loadProjectAssignmentNode(id: string, c: GatewayContext): Promise<ProjectAssignment | null> {
  const [studyPatientId = '', assignmentId] = id.split('/');
  return (await assignmentsOf(studyPatientId, c)).find((assignment) => assignment.id === assignmentId) ?? null;
}

export const projectQueries: Pick<QueryResolvers, 'projects'> = {
  projects: (_, __, c) => projectsOf(c),
};

export const StudyPatientProjects: Pick<StudyPatientResolvers, 'projectAssignments'> = {
  projectAssignments: (patient, _, c) => assignmentsOf(patient.id, c),
};

export const ProjectType: ProjectResolvers = {
  id: (project) => toGlobalId('Project', project.id),
};

export const ProjectAssignmentType: ProjectAssignmentResolvers = {
  id: (assignment) => toGlobalId('ProjectAssignment', `${assignment.studyPatientId}/${assignment.id}`),
  project: (assignment) => ({
    id: assignment.projectId,
    identifier: assignment.projectIdentifier,
    displayName: assignment.projectDisplayName,
    description: assignment.projectDescription,
  }),
  studyPatient: (assignment) => ({ id: assignment.studyPatientId }),
};

const isAssignment = (value: unknown): value is ProjectAssignment =>
  typeof value === 'object' && value !== null && 'projectId' in value && 'studyPatientId' in value;

/** A stale version answers the assignment as stored; an overlap is ALREADY_EXISTS on the start. */
function refusal(error: unknown): { errors: UserErrorModel[]; current: ProjectAssignment | null } | null {
  if (error instanceof UpstreamError && error.code === 'ECRF_ERR_STALE_WRITE') {
    const current = error.body.current;
    return { errors: [{ code: 'STALE_WRITE', message: error.message, field: 'version' }], current: isAssignment(current) ? current : null };
  }
  const errors = userErrorsOf(error, { conflictField: 'assignedFrom' });
  return errors && { errors, current: null };
}

type AssignmentPayload = { projectAssignment: ProjectAssignment | null; errors: UserErrorModel[] };
type DeletePayload = { deletedProjectAssignmentId: string | null; studyPatient: { id: string } | null; errors: UserErrorModel[] };
type LoginPayload = { project: Project | null; projectAssignments: ProjectAssignment[]; errors: UserErrorModel[] };

async function saving<T>(
  c: GatewayContext,
  run: () => Promise<T>,
  failed: (errors: UserErrorModel[], current: ProjectAssignment | null) => T,
) {
  return attemptWithIds(
    c,
    async () => {
      try {
        return await run();
      } catch (error) {
        const refused = refusal(error);
        if (!refused) throw error;
        return failed(refused.errors, refused.current);
      }
    },
    (errors) => failed(errors, null),
  );
}

/** The patient and the assignment behind a ProjectAssignment global id. */
function assignmentIds(globalId: string): { studyPatientId: string; id: string } {
  const [studyPatientId = '', id = ''] = backendId(globalId, 'ProjectAssignment', 'id').split('/');
  return { studyPatientId, id };
}

export const projectMutations: Pick<
  MutationResolvers,
  'createProjectAssignment' | 'updateProjectAssignment' | 'deleteProjectAssignment' | 'projectUserLogin'
> = {
  createProjectAssignment: (_, { input }, c) =>
    saving<AssignmentPayload>(
      c,
      async () => ({
        projectAssignment: await c.backend.call('post', '/api/v1.0/project-assignment', {
          body: {
            studyPatientId: backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId'),
            projectId: backendId(input.projectId, 'Project', 'projectId'),
            assignedFrom: input.assignedFrom,
            assignedUntil: input.assignedUntil ?? null,
            note: input.note ?? '',
          },
        }),
        errors: [],
      }),
      (errors) => ({ projectAssignment: null, errors }),
    ),
  updateProjectAssignment: (_, { input }, c) =>
    saving<AssignmentPayload>(
      c,
      async () => ({
        projectAssignment: await c.backend.call('put', '/api/v1.0/project-assignment/{id}', {
          path: { id: assignmentIds(input.id).id },
          body: { version: input.version, assignedFrom: input.assignedFrom, assignedUntil: input.assignedUntil ?? null, note: input.note },
        }),
        errors: [],
      }),
      (errors, current) => ({ projectAssignment: current, errors }),
    ),
  deleteProjectAssignment: (_, { input }, c) =>
    saving<DeletePayload>(
      c,
      async () => {
        const { studyPatientId, id } = assignmentIds(input.id);
        await c.backend.call('delete', '/api/v1.0/project-assignment/{id}', { path: { id }, query: { version: input.version } });
        return { deletedProjectAssignmentId: input.id, studyPatient: { id: studyPatientId }, errors: [] };
      },
      (errors) => ({ deletedProjectAssignmentId: null, studyPatient: null, errors }),
    ),
  projectUserLogin: (_, { projectId }, c) =>
    saving<LoginPayload>(
      c,
      async () => {
        const login = await c.backend.call('post', '/api/v1.0/project-user-login/{id}', {
          path: { id: backendId(projectId, 'Project', 'projectId') },
        });
        return { project: login.project, projectAssignments: login.assignments, errors: [] };
      },
      (errors) => ({ project: null, projectAssignments: [], errors }),
    ),
};
