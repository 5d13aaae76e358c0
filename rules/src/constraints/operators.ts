/**
 * The operators of constraint definitions (ecrf-core.md §5). Value operators test the subject read by
 * the definition (subject.ts); context operators read consents, institutes, the user and the patient
 * from the evaluation context. Each returns undefined for an operator it does not know.
 */
import type { ConstraintDefinition } from '../definition/constraints.js';
import { compareDateTexts, parsePartialDate } from '../dates/partial-date.js';
import { FHIR_IMPORT_TAG } from '../definition/fixed-identifiers.js';
import { filledValues } from '../definition/instances.js';
import { isFollowUpRegistryVisible } from '../roles/role-groups.js';
import type { EvaluationContext } from './context.js';
import { parseDecimal, parseQuotedList } from './operands.js';
import type { Subject } from './subject.js';

/** Keyword operand of date comparisons: the injected today. */
export const TODAY_OPERAND = 'today';

function compareOrdered(subject: Subject, operand: string, context: EvaluationContext, wanted: 'after' | 'before'): boolean {
  if (subject.isDate) {
    const other = operand.trim() === TODAY_OPERAND ? context.today : operand;
    return subject.values.some((value) => compareDateTexts(value, other) === wanted);
  }
  const limit = parseDecimal(operand);
  if (limit === null) return false;
  return subject.values.some((value) => {
    const number = parseDecimal(value);
    return number !== null && (wanted === 'after' ? number > limit : number < limit);
  });
}

/**
 * The dates the `before…` operators compare the subject with (plausibility hints): another field of the form (the
 * operand is its path; in a list entry the entry's own fields first), the patient's registration date, the
 * current visit's date or the baseline's date.
 */
function referenceDates(operator: string, operand: string, context: EvaluationContext): (string | null | undefined)[] | undefined {
  switch (operator) {
    case 'beforeField':
      return context.fields(operand.trim(), { kind: 'current' }).flatMap(filledValues);
    case 'beforeRegistrationDate':
      return [context.patient().registrationDate];
    case 'beforeVisitDate':
      return [context.visitDate()];
    case 'beforeBaselineDate':
      return [context.baselineDate()];
    default:
      return undefined;
  }
}

function isEmpty(subject: Subject): boolean {
  return subject.values.length === 0 && subject.count === 0;
}

export function applyValueOperator(operator: string, subject: Subject, operand: string, context: EvaluationContext): boolean | undefined {
  const list = () => parseQuotedList(operand);
  const equals = () => subject.values.some((value) => value.trim() === operand.trim());
  const inside = () => subject.values.some((value) => list().includes(value.trim()));
  const references = referenceDates(operator, operand, context);
  // A neutral comparison (a part unknown, no reference date) is no hint.
  if (references !== undefined)
    return subject.values.some((value) => references.some((date) => compareDateTexts(value, date) === 'before'));
  switch (operator) {
    case 'empty':
      return isEmpty(subject);
    case 'notEmpty':
      return !isEmpty(subject);
    case 'equals':
      return equals();
    case 'notEquals':
      return !equals();
    case 'greaterThan':
      return compareOrdered(subject, operand, context, 'after');
    case 'lessThan':
      return compareOrdered(subject, operand, context, 'before');
    case 'contains':
      return operand !== '' && subject.values.some((value) => value.includes(operand));
    case 'insideList':
      return inside();
    case 'notInsideList':
      return !inside();
    case 'minCount': {
      const minimum = parseDecimal(operand);
      return minimum !== null && subject.count >= minimum;
    }
    case 'hasAnyListEntryWithType':
      return subject.entryTypes.some((type) => list().includes(type));
    case 'isFhirImport':
      return subject.tags.includes(FHIR_IMPORT_TAG);
    default:
      return undefined;
  }
}

function birthYear(context: EvaluationContext): number | null {
  const date = parsePartialDate(context.patient().birthDate);
  return date?.kind === 'date' && typeof date.year === 'number' ? date.year : null;
}

function compareBirthYear(context: EvaluationContext, operand: string, test: (year: number, limit: number) => boolean): boolean {
  const year = birthYear(context);
  const limit = parseDecimal(operand);
  return year !== null && limit !== null && Number.isInteger(limit) && test(year, limit);
}

function selectedInstituteIn(context: EvaluationContext, ids: readonly string[]): boolean {
  const institute = context.selectedInstitute();
  return institute !== null && ids.includes(institute.id);
}

export function applyContextOperator(operator: string, definition: ConstraintDefinition, context: EvaluationContext): boolean | undefined {
  const operand = definition.value ?? '';
  switch (operator) {
    case 'hasConsent4':
      return context.consent4FullyGiven();
    case 'hasConsent4DigiNetField':
      return context.followUp().consent4DigiNetField;
    case 'isSelectedInstituteDigiNet':
      return context.selectedInstitute()?.isDigiNet === true;
    case 'selectedInstituteAssignedToAnyDigiNetVisit':
      return selectedInstituteIn(context, context.assignments().digiNetVisitInstituteIds);
    case 'selectedInstituteAssignedToNngmCase':
      return selectedInstituteIn(context, context.assignments().nngmCaseInstituteIds);
    case 'isDigiNetFollowUpVisible':
      return isFollowUpRegistryVisible({
        role: context.user().roleIdentifier,
        selectedInstituteIsDigiNet: context.selectedInstitute()?.isDigiNet === true,
        selectedInstituteAssigned: selectedInstituteIn(context, context.assignments().digiNetVisitInstituteIds),
      });
    case 'roleIdentifierMatches':
      return parseQuotedList(operand).includes(context.user().roleIdentifier);
    case 'birthYearEquals':
      return compareBirthYear(context, operand, (year, limit) => year === limit);
    case 'birthYearBefore':
      return compareBirthYear(context, operand, (year, limit) => year < limit);
    case 'birthYearAfter':
      return compareBirthYear(context, operand, (year, limit) => year > limit);
    case 'sexEquals': {
      const sex = context.patient().sex;
      return typeof sex === 'string' && parseQuotedList(operand).includes(sex);
    }
    default:
      return undefined;
  }
}
