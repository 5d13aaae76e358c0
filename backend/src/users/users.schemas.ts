/** User as the API shows it (ecrf-core.md §3); never with password hash or sign-in state. */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';
import { Right, Role } from '../roles/roles.schemas.js';
import { StudyInstitute } from '../institutes/institutes.schemas.js';

export const User = Type.Object({
  id: Uuid,
  userName: Type.String(),
  displayName: Type.String(),
  emailAddress: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  personData: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  isDeactivated: Type.Boolean(),
  isDeleted: Type.Boolean(),
});
export type UserDto = Static<typeof User>;

export const UserComplete = Type.Object({
  user: User,
  role: Role,
  rights: Type.Array(Right),
  studyInstitutes: Type.Array(StudyInstitute),
});
