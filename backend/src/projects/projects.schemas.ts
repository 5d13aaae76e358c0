/** TypeBox schemas of research projects and project assignments (ecrf-calls.md §3 "Project assignment", §7). */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

const Day = Type.String({ description: 'registry day yyyy-MM-dd', examples: ['2025-03-01'] });

export const ProjectSchema = Type.Object({
  id: Uuid,
  studyId: Uuid,
  identifier: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  isDeleted: Type.Boolean(),
});
export type ProjectDto = Static<typeof ProjectSchema>;

export const ProjectAssignmentSchema = Type.Object({
  id: Uuid,
  projectId: Uuid,
  projectIdentifier: Type.String(),
  projectDisplayName: Type.String(),
  projectDescription: Type.String(),
  studyPatientId: Uuid,
  pseudonym: Type.String(),
  assignedFrom: Day,
  assignedUntil: Type.Union([Day, Type.Null()], { description: 'null: open, the assignment holds on' }),
  note: Type.String(),
  isCurrent: Type.Boolean({ description: 'the assignment holds on the registry day of the answer' }),
  changedBy: Type.String({ description: 'user name' }),
  changedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer({ minimum: 1 }),
});
export type ProjectAssignmentDto = Static<typeof ProjectAssignmentSchema>;

const Note = Type.String({ maxLength: 1000 });
// Null first: with the coercing validator a string first would turn null into ''.
const OpenEnd = Type.Union([Type.Null(), Day], { description: 'last day; null while the assignment holds on' });

export const ProjectAssignmentCreateSchema = Type.Object({
  projectId: Uuid,
  studyPatientId: Uuid,
  assignedFrom: Day,
  assignedUntil: Type.Optional(OpenEnd),
  note: Type.Optional(Note),
});
export type ProjectAssignmentCreate = Static<typeof ProjectAssignmentCreateSchema>;

export const ProjectAssignmentUpdateSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  assignedFrom: Day,
  assignedUntil: OpenEnd,
  note: Note,
});
export type ProjectAssignmentUpdate = Static<typeof ProjectAssignmentUpdateSchema>;

export const UserPatientsQuery = Type.Object({
  project: Uuid,
  userId: Type.Optional(Uuid),
  currentAssignment: Type.Optional(Type.Boolean({ default: false, description: 'only assignments holding today' })),
});

export const ProjectUserLoginSchema = Type.Object({
  project: ProjectSchema,
  assignments: Type.Array(ProjectAssignmentSchema, { description: "the project's current assignments the user may read" }),
});
export type ProjectUserLoginDto = Static<typeof ProjectUserLoginSchema>;
