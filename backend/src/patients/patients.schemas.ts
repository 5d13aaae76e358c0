/** TypeBox schemas of registry patients (ecrf-core.md §3: a pseudonym, its registration date). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** A patient of the registry: a pseudonym only; identities live in the pseudonymisation service. */
export const PatientSchema = Type.Object({
  id: Uuid,
  patientId: Type.String({ description: 'the pseudonym' }),
  displayName: Type.String({ description: 'the pseudonym; names come from the pseudonymisation service' }),
  registrationDate: DateText,
  isMlPatient: Type.Boolean(),
  linkedUserId: Type.Union([Uuid, Type.Null()]),
  isDeleted: Type.Boolean(),
});

export const PatientInputSchema = Type.Object({
  patientId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{4,40}$', description: 'pseudonym; generated when absent' })),
  registrationDate: Type.Optional(DateText),
  isMlPatient: Type.Optional(Type.Boolean()),
});
