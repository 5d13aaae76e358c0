/** Projects and project assignments as the backend answers them (ecrf-calls.md §7 "Projects"). */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

type ProjectDto = SuccessBody<Operation<'/api/v1.0/project', 'get'>>[number];
/** What the graph shows of a project; an assignment carries it too. */
export type Project = Pick<ProjectDto, 'id' | 'identifier' | 'displayName' | 'description'>;
export type ProjectAssignment = SuccessBody<Operation<'/api/v1.0/project-assignments/studyPatient/{studyPatientId}', 'get'>>[number];
