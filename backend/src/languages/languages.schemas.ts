/** TypeBox schemas of languages (ecrf-core.md §3 Language: scope, displayKey, displayValue). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const LanguageEntrySchema = Type.Object({
  scope: Type.String({ minLength: 1, description: 'Study, Visit, Instrument, Field, Rule, Enum, QueryType or VerificationFlagType' }),
  displayKey: Type.String({ minLength: 1 }),
  displayValue: Type.String(),
});

export const LanguageSchema = Type.Object({
  id: Uuid,
  identifier: Type.String(),
  studyDefinitionId: Uuid,
  entries: Type.Array(LanguageEntrySchema),
  isDeleted: Type.Boolean(),
});
