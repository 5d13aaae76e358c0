/**
 * Constraint expressions and constraint definitions of the study definition (ecrf-core.md §3, §5).
 * An expression is a tree of EVAL/NOT/AND/OR nodes; an EVAL leaf names a constraint definition, which
 * says what to read (its type and property, field path, visit, instrument) and how to test it (operator, value).
 */

export type ExpressionOperator = 'EVAL' | 'NOT' | 'AND' | 'OR';

export const EXPRESSION_OPERATORS: readonly ExpressionOperator[] = ['EVAL', 'NOT', 'AND', 'OR'];

export type ConstraintExpression = {
  /** Kept as string: a stored definition may carry an operator this engine does not know (logged, false). */
  operator: ExpressionOperator | (string & {});
  constraintDefinitionId?: string | null;
  expressions?: readonly ConstraintExpression[] | null;
};

export type ConstraintDefinitionType =
  | 'SimpleFieldValue'
  | 'SimpleDateValue'
  | 'PatientDataValue'
  | 'VisitDataValue'
  | 'InstrumentDataValue'
  | 'InstituteDataValue'
  | 'UserDataValue'
  // Spelling as in the contract (ecrf-core.md §3).
  | 'NngmSelectedInstituteAssigmentDataValue'
  | 'NngmDigiNetFollowUpDataValue'
  | 'DigiNetHardlockConstantDateValue';

export const CONSTRAINT_DEFINITION_TYPES: readonly ConstraintDefinitionType[] = [
  'SimpleFieldValue',
  'SimpleDateValue',
  'PatientDataValue',
  'VisitDataValue',
  'InstrumentDataValue',
  'InstituteDataValue',
  'UserDataValue',
  'NngmSelectedInstituteAssigmentDataValue',
  'NngmDigiNetFollowUpDataValue',
  'DigiNetHardlockConstantDateValue',
];

const knownTypes: ReadonlySet<string> = new Set(CONSTRAINT_DEFINITION_TYPES);

/** A constraint definition whose type is one of the contract's (ecrf-core.md §3). */
export type TypedConstraintDefinition = ConstraintDefinition & { type: ConstraintDefinitionType };

export const hasKnownType = (definition: ConstraintDefinition): definition is TypedConstraintDefinition => knownTypes.has(definition.type);

/** Operators that test the value read by the constraint definition (ecrf-core.md §5). */
export type ValueOperator =
  | 'empty'
  | 'notEmpty'
  | 'equals'
  | 'notEquals'
  | 'greaterThan'
  | 'lessThan'
  | 'contains'
  | 'insideList'
  | 'notInsideList'
  | 'minCount'
  | 'hasAnyListEntryWithType'
  | 'isFhirImport'
  | 'beforeField'
  | 'beforeRegistrationDate'
  | 'beforeVisitDate'
  | 'beforeBaselineDate';

/** Operators that read the evaluation context directly, whatever the definition's type (ecrf-core.md §5). */
export type ContextOperator =
  | 'hasConsent4'
  | 'hasConsent4DigiNetField'
  | 'isSelectedInstituteDigiNet'
  | 'selectedInstituteAssignedToAnyDigiNetVisit'
  | 'selectedInstituteAssignedToNngmCase'
  | 'isDigiNetFollowUpVisible'
  | 'roleIdentifierMatches'
  | 'birthYearEquals'
  | 'birthYearBefore'
  | 'birthYearAfter'
  | 'sexEquals';

export type ConstraintOperator = ValueOperator | ContextOperator;

export const VALUE_OPERATORS: readonly ValueOperator[] = [
  'empty',
  'notEmpty',
  'equals',
  'notEquals',
  'greaterThan',
  'lessThan',
  'contains',
  'insideList',
  'notInsideList',
  'minCount',
  'hasAnyListEntryWithType',
  'isFhirImport',
  'beforeField',
  'beforeRegistrationDate',
  'beforeVisitDate',
  'beforeBaselineDate',
];

export const CONTEXT_OPERATORS: readonly ContextOperator[] = [
  'hasConsent4',
  'hasConsent4DigiNetField',
  'isSelectedInstituteDigiNet',
  'selectedInstituteAssignedToAnyDigiNetVisit',
  'selectedInstituteAssignedToNngmCase',
  'isDigiNetFollowUpVisible',
  'roleIdentifierMatches',
  'birthYearEquals',
  'birthYearBefore',
  'birthYearAfter',
  'sexEquals',
];

export type ConstraintDefinition = {
  id: string;
  identifier?: string | null;
  type: ConstraintDefinitionType | (string & {});
  operator: ConstraintOperator | (string & {});
  /** The operand; lists are written quoted and comma-separated: `"A","B"`. */
  value?: string | null;
  /** A property of the patient, visit, instrument, institute or user data (e.g. `visitDate`, `isDigiNet`). */
  property?: string | null;
  /** Identifier path of a field, segments separated by `.` (e.g. `therapy_lines.end_reason`). */
  fieldPath?: string | null;
  fieldType?: string | null;
  /** Identifier of a visit definition (VisitDataValue, InstrumentDataValue). */
  visit?: string | null;
  /** Identifier of an instrument definition (InstrumentDataValue). */
  instrument?: string | null;
};
