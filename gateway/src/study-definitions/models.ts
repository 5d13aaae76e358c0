/**
 * Models behind the study definition types of the graph (schema.graphql "Study definitions"): the
 * backend's answers, and for the parts of a definition the part with the definition it belongs to (their
 * global ids carry both, so `node(id:)` finds them again).
 */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type StudyDefinitionSummary = SuccessBody<Operation<'/api/v1.0/StudyDefinition', 'get'>>[number];
/** A study as the backend answers it. */
export type Study = SuccessBody<Operation<'/api/v1.0/Study/{id}', 'get'>>;
/** The graph's `Study`: its id is enough to page its patients; name and identifier are read on demand. */
export type StudyNode = { id: string };
export type StudyDefinitionFull = SuccessBody<Operation<'/api/v1.0/StudyDefinition/{id}', 'get'>>;
export type Language = SuccessBody<Operation<'/api/v1.0/Language/{id}', 'get'>>;

type VisitDto = StudyDefinitionFull['visits'][number];
type InstrumentDto = VisitDto['instruments'][number];
type FieldDto = InstrumentDto['fields'][number];
export type FieldRuleDto = FieldDto['rules'][number];

/** A study definition is known by its summary; the full definition is loaded when a field needs it. */
export type StudyDefinition = { id: string; summary?: StudyDefinitionSummary };
export type VisitDefinition = { studyDefinitionId: string; visit: VisitDto };
export type InstrumentDefinition = { studyDefinitionId: string; instrument: InstrumentDto };
export type FieldDefinition = { studyDefinitionId: string; field: FieldDto };
