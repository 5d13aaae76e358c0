/** TypeBox schemas of data verification flags (ecrf-calls.md §3 "Data verification flag", §7). */
import { VERIFICATION_FLAG_STATES } from '@ecrf/rules';
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const VerificationFlagSchema = Type.Object({
  id: Uuid,
  studyPatientId: Uuid,
  dataFieldId: Uuid,
  typeIdentifier: Type.String(),
  state: Type.Enum(VERIFICATION_FLAG_STATES),
  changedBy: Type.String({ description: 'user name' }),
  changedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer({ minimum: 1 }),
});
export type VerificationFlagDto = Static<typeof VerificationFlagSchema>;

export const VerificationFlagSetSchema = Type.Object({
  studyPatientId: Uuid,
  dataFieldId: Uuid,
  typeIdentifier: Type.String({ minLength: 1 }),
  verified: Type.Boolean(),
});

export const VerificationFlagUpdateSchema = Type.Object({ version: Type.Integer({ minimum: 1 }), verified: Type.Boolean() });
