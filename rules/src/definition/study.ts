/**
 * The study definition model (ecrf-core.md §3; ecrf-calls.md §3): patient definition, visit and
 * instrument definitions, standalone instruments, enum value sets, constraints, query types and
 * verification flag types.
 */
import type { ConstraintDefinition } from './constraints.js';
import type { DataFieldDefinition, FieldRule } from './fields.js';

/** `fields` lists every field definition of the form, nested ones too (linked by parentFieldDefinitionId). */
export type PatientDefinition = { id: string; identifier: string; fields: readonly DataFieldDefinition[] };

export type InstrumentDefinition = {
  id: string;
  identifier: string;
  displayKey: string;
  order: number;
  rules?: readonly FieldRule[];
  fields: readonly DataFieldDefinition[];
  isDeleted?: boolean;
};

export type VisitDefinitionType = 'GenericVisit' | 'IntermediateVisit';

export const VISIT_DEFINITION_TYPES: readonly VisitDefinitionType[] = ['GenericVisit', 'IntermediateVisit'];

export type VisitDefinitionSettings = {
  type: VisitDefinitionType;
  /** Maximum number of visits of this definition per patient; absent: unlimited. */
  max?: number | null;
  /** Visit belongs to the follow-up registry (DigiNet); query restrictions apply (ecrf-calls.md §6). */
  isFollowUpRegistry?: boolean;
};

export type VisitDefinition = {
  id: string;
  identifier: string;
  displayKey: string;
  order: number;
  rules: readonly FieldRule[];
  instruments: readonly InstrumentDefinition[];
  fields: readonly DataFieldDefinition[];
  definition: VisitDefinitionSettings;
  isDeleted?: boolean;
};

export type EnumValue = { code: string; displayKey: string; order: number };
export type EnumValueSet = { id: string; identifier: string; values: readonly EnumValue[] };

export type QueryAction = 'view' | 'create' | 'edit' | 'accept' | 'answer' | 'revoke' | 'solve' | 'defer';

/** Role identifiers allowed per query action (ecrf-core.md §3, §6). */
export type QueryType = {
  id: string;
  identifier: string;
  displayKey?: string;
  canView: readonly string[];
  canCreate: readonly string[];
  canEdit: readonly string[];
  canAccept: readonly string[];
  canAnswer: readonly string[];
  canRevoke: readonly string[];
  canSolve: readonly string[];
  canDefer: readonly string[];
};

export type VerificationFlagType = { id: string; identifier: string; displayKey: string };

export type StudyDefinition = {
  id: string;
  identifier: string;
  patient: PatientDefinition;
  visits: readonly VisitDefinition[];
  instruments: readonly InstrumentDefinition[];
  standaloneInstruments: readonly InstrumentDefinition[];
  enumValueSets: readonly EnumValueSet[];
  constraints: readonly ConstraintDefinition[];
  queryTypes: readonly QueryType[];
  verificationFlagTypes: readonly VerificationFlagType[];
};

/** The display values of one language of a definition: display key → display value (ecrf-core.md §3 Language). */
export type DisplayTexts = Readonly<Record<string, string>>;

/** Values of a set sorted by order (ecrf-core.md §3); stable for equal orders. */
export function sortedEnumValues(set: EnumValueSet): EnumValue[] {
  return [...set.values].sort((a, b) => a.order - b.order);
}

const queryActionKey = {
  view: 'canView',
  create: 'canCreate',
  edit: 'canEdit',
  accept: 'canAccept',
  answer: 'canAnswer',
  revoke: 'canRevoke',
  solve: 'canSolve',
  defer: 'canDefer',
} as const satisfies Record<QueryAction, keyof QueryType>;

/** Whether a role may take an action on a query of this type; the matching right is needed as well (ecrf-core.md §6). */
export function queryTypeAllows(queryType: QueryType, action: QueryAction, roleIdentifier: string, hasRight: boolean): boolean {
  return hasRight && queryType[queryActionKey[action]].includes(roleIdentifier);
}
