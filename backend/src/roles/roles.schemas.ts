/** Role and Right as the API shows them (ecrf-core.md §3). */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const Role = Type.Object({ id: Uuid, identifier: Type.String(), displayName: Type.String() });
export type RoleDto = Static<typeof Role>;

export const Right = Type.Object({ id: Uuid, identifier: Type.String() });
export type RightDto = Static<typeof Right>;
