/** Institute and study institute (location) as the API shows them (ecrf-core.md §3). */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const AdditionalInfo = Type.Object(
  { isDigiNet: Type.Boolean({ description: 'centre of the DigiNet follow-up network' }) },
  { additionalProperties: true },
);

export const Institute = Type.Object({
  id: Uuid,
  identifier: Type.String({ pattern: '^[0-9]{4}$' }),
  displayName: Type.String(),
  additionalInfo: AdditionalInfo,
  isDeleted: Type.Boolean(),
  street: Type.Union([Type.String(), Type.Null()]),
  postalCode: Type.Union([Type.String({ pattern: '^[0-9]{5}$' }), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
});
export type InstituteDto = Static<typeof Institute>;

export const UserRef = Type.Object({ id: Uuid, userName: Type.String(), displayName: Type.String() });

export const StudyInstitute = Type.Object({
  id: Uuid,
  identifier: Type.String({ description: 'the institute identifier (4 digits)' }),
  displayName: Type.String({ description: 'the institute name' }),
  instituteId: Uuid,
  studyId: Uuid,
  additionalInfo: AdditionalInfo,
  isDeleted: Type.Boolean(),
  users: Type.Array(UserRef, { description: 'users assigned to this location' }),
});
export type StudyInstituteDto = Static<typeof StudyInstitute>;

export const Study = Type.Object({ id: Uuid, identifier: Type.String(), displayName: Type.String() });
