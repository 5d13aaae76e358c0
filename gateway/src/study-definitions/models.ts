/**
 * Models behind the study definition types of the graph (schema.graphql "Study definitions"): the backend's
 * summaries and studies, and for a version and its parts the rule engine's model with the version it belongs
 * to (their global ids carry both, so `node(id:)` finds them again).
 */
import type { DataFieldDefinition, FieldRule, InstrumentDefinition as RulesInstrument, VisitDefinition as RulesVisit } from '@ecrf/rules';
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';
import type { DefinitionVersion } from './definition-models.js';

export type StudyDefinitionSummary = SuccessBody<Operation<'/api/v1.0/StudyDefinition', 'get'>>[number];
/** A study as the backend answers it. */
export type Study = SuccessBody<Operation<'/api/v1.0/Study/{id}', 'get'>>;
/** The graph's `Study`: its id is enough to page its patients; name and identifier are read on demand. */
export type StudyNode = { id: string };
export type Language = SuccessBody<Operation<'/api/v1.0/Language/{id}', 'get'>>;

/** A study definition is known by its summary, or by id until the summary is needed. */
export type StudyDefinition = { id: string; summary?: StudyDefinitionSummary };
export type StudyDefinitionVersion = DefinitionVersion;
export type VisitDefinition = { version: DefinitionVersion; visit: RulesVisit };
/**
 * An instrument definition as it appears: in a visit definition (`visit`; its `order` is its place there, so one
 * instrument shared by several visits is one object per visit), or in the version's own lists.
 */
export type InstrumentDefinition = { version: DefinitionVersion; instrument: RulesInstrument; visit?: RulesVisit };
export type FieldDefinition = { version: DefinitionVersion; field: DataFieldDefinition };
export type FieldRuleModel = { version: DefinitionVersion; rule: FieldRule };
