/**
 * Data field definitions and the rules attached to them (ecrf-core.md §3; ecrf-calls.md §3, §5).
 */
import type { ConstraintExpression } from './constraints.js';

/**
 * TableEntry: a value field (a row of the form; top-level or inside a Table or FieldGroup). List and
 * EventReportList repeat entries (ListEntry, EventReportListEntry: groups of fields; an event report
 * list may have several entry types). Table and FieldGroup hold a fixed set of child fields.
 * DisplayValue is shown, never edited. The network types choose a partner (person) or location
 * (organization).
 */
export type FieldDefinitionType =
  | 'TableEntry'
  | 'ListEntry'
  | 'EventReportListEntry'
  | 'Table'
  | 'List'
  | 'EventReportList'
  | 'FieldGroup'
  | 'DisplayValue'
  | 'NngmNetworkPartner'
  | 'NngmNetworkLocation';

export const FIELD_DEFINITION_TYPES: readonly FieldDefinitionType[] = [
  'TableEntry',
  'ListEntry',
  'EventReportListEntry',
  'Table',
  'List',
  'EventReportList',
  'FieldGroup',
  'DisplayValue',
  'NngmNetworkPartner',
  'NngmNetworkLocation',
];

/** Types whose instances hold child fields rather than values of their own. */
export const CONTAINER_FIELD_TYPES: readonly FieldDefinitionType[] = ['Table', 'List', 'EventReportList', 'FieldGroup'];

/** List entries: their fields' rules read the entry's own fields first (`withinEntry`). */
export const ENTRY_FIELD_TYPES: readonly FieldDefinitionType[] = ['ListEntry', 'EventReportListEntry'];

/** Network partner and network location fields (ecrf-core.md §5: completeness). */
export const NETWORK_FIELD_TYPES: readonly FieldDefinitionType[] = ['NngmNetworkPartner', 'NngmNetworkLocation'];

export type ReferenceType =
  'PatientDefinition' | 'VisitDefinition' | 'InstrumentDefinition' | 'Visit' | 'VisitField' | 'Instrument' | 'InstrumentField';

export type FieldRuleKind = 'Visibility' | 'Editability' | 'Hint' | 'Redirect' | 'RequiredField' | 'Population';

export const FIELD_RULE_KINDS: readonly FieldRuleKind[] = ['Visibility', 'Editability', 'Hint', 'Redirect', 'RequiredField', 'Population'];

export type FieldRule = {
  id?: string;
  definitionType: FieldRuleKind | (string & {});
  /** No expression: the rule always holds. */
  constraintExpression?: ConstraintExpression | null;
  /** Message of a hint, redirect or broken editability rule. */
  displayKey?: string | null;
  isDeleted?: boolean;
  /** Population (onUpdate) rules: the value the field takes while the rule holds. */
  value?: string | null;
};

/** Type-specific settings of a field definition. */
export type FieldDefinitionSettings = {
  /** e.g. text, number, date, enum, boolean. */
  valueType?: string | null;
  enumValueSetIdentifier?: string | null;
  /** The terminology collection the value is picked from (a code of it is stored), e.g. icd-10-gm. */
  terminology?: string | null;
  unit?: string | null;
  /** Number fields: the smallest and the largest value allowed. Without them a unit of `%` means 0–100. */
  minimum?: number | null;
  maximum?: number | null;
  /** Number fields: whole numbers only (counts, line numbers). */
  integer?: boolean;
  /** Network fields: a therapist (person) must be chosen. */
  therapistRequired?: boolean;
  /** Network fields: a location (organization) must be chosen. */
  locationRequired?: boolean;
};

export type DataFieldDefinition = {
  id: string;
  identifier: string;
  definitionType: FieldDefinitionType;
  displayKey: string;
  order: number;
  parentFieldDefinitionId?: string | null;
  referenceId?: string | null;
  referenceType?: ReferenceType | null;
  rules: readonly FieldRule[];
  definition?: FieldDefinitionSettings | null;
  isDeleted?: boolean;
  isReadonly?: boolean;
};
