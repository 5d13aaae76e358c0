/** Organization and Person of the network master data as the API shows them (ecrf-calls.md §3). */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const OrganizationAssignment = Type.Object({
  id: Uuid,
  organizationId: Uuid,
  personId: Uuid,
  function: Type.Union([Type.String(), Type.Null()], { description: 'what the person does there, e.g. Therapeut' }),
});

export const Organization = Type.Object({
  id: Uuid,
  displayName: Type.String(),
  isDigiNet: Type.Boolean(),
  mainOrganizationType: Type.String({ description: 'e.g. Hospital, Practice, Laboratory' }),
  instituteId: Type.Union([Uuid, Type.Null()], { description: 'the eCRF institute this organization is' }),
  isDeleted: Type.Boolean(),
  assignments: Type.Array(OrganizationAssignment, { description: 'the persons working here' }),
});
export type OrganizationDto = Static<typeof Organization>;

export const Person = Type.Object({
  id: Uuid,
  title: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  personInfo: Type.Object({}, { additionalProperties: true }),
  userId: Type.Union([Uuid, Type.Null()], { description: 'the eCRF account of this person' }),
  isDeleted: Type.Boolean(),
  organizationPersonAssignments: Type.Array(OrganizationAssignment),
});
export type PersonDto = Static<typeof Person>;

export const SyncOrganizationsBody = Type.Object({
  organizations: Type.Array(
    Type.Object({
      id: Uuid,
      displayName: Type.String({ minLength: 1 }),
      isDigiNet: Type.Boolean(),
      mainOrganizationType: Type.String({ minLength: 1 }),
      instituteId: Type.Optional(Type.Union([Uuid, Type.Null()])),
      isDeleted: Type.Optional(Type.Boolean()),
    }),
  ),
  persons: Type.Optional(
    Type.Array(
      Type.Object({
        id: Uuid,
        title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        firstName: Type.String(),
        lastName: Type.String(),
        personInfo: Type.Optional(Type.Object({}, { additionalProperties: true })),
        userId: Type.Optional(Type.Union([Uuid, Type.Null()])),
        isDeleted: Type.Optional(Type.Boolean()),
        assignments: Type.Array(Type.Object({ organizationId: Uuid, function: Type.Optional(Type.Union([Type.String(), Type.Null()])) })),
      }),
    ),
  ),
});
export type SyncOrganizationsInput = Static<typeof SyncOrganizationsBody>;

export const SyncResult = Type.Object({
  organizationsCreated: Type.Integer(),
  organizationsUpdated: Type.Integer(),
  personsCreated: Type.Integer(),
  personsUpdated: Type.Integer(),
  institutesUpdated: Type.Integer({ description: 'institutes whose name or DigiNet flag followed their organization' }),
});

export const DeletionInfo = Type.Object({
  id: Uuid,
  canBeDeleted: Type.Boolean(),
  assignedUsersCount: Type.Integer({ minimum: 0 }),
  studyPatientsCount: Type.Integer({ minimum: 0 }),
});

export const PersonDeletionInfo = Type.Object({
  id: Uuid,
  canBeDeleted: Type.Boolean(),
  hasActiveUser: Type.Boolean({ description: 'the person has an eCRF account that is not deleted' }),
  organizationAssignmentsCount: Type.Integer({ minimum: 0 }),
});
