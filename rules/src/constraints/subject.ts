/**
 * What a constraint definition reads, per definition type (ecrf-core.md §3, §5): the subject of its
 * operator. Field paths give the fields' values; properties give one value of the patient, visits,
 * instruments, institute, user or follow-up record; visit and instrument definitions without a path or
 * property give the number of existing visits or instruments.
 */
import type { ConstraintDefinition, TypedConstraintDefinition } from '../definition/constraints.js';
import { FHIR_IMPORT_TAG } from '../definition/fixed-identifiers.js';
import { filledValues, liveChildren } from '../definition/instances.js';
import type { DataFieldInstance } from '../definition/instances.js';
import type { EvaluationContext, FieldTarget } from './context.js';

export type Subject = {
  /** Non-blank values read. */
  values: string[];
  /** Number of values, of list entries, of filled table/group rows, or of visits/instruments. */
  count: number;
  /** Definition identifiers of the child fields (list entries: their entry type). */
  entryTypes: string[];
  tags: string[];
  /** Values are dates: greaterThan/lessThan compare as partial dates. */
  isDate: boolean;
};

const EMPTY: Subject = { values: [], count: 0, entryTypes: [], tags: [], isDate: false };

/** A property as text: booleans as `true`/`false`, blanks as absent. */
export function propertyText(source: object | null | undefined, property: string): string | null {
  if (source === null || source === undefined || !Object.hasOwn(source, property)) return null;
  const value: unknown = Reflect.get(source, property);
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function fromProperties(sources: readonly object[], property: string, tags: string[] = []): Subject {
  const values = sources.map((s) => propertyText(s, property)).filter((v): v is string => v !== null);
  return { values, count: values.length, entryTypes: [], tags, isDate: /date$/i.test(property) };
}

function fromFields(fields: readonly DataFieldInstance[], context: EvaluationContext, definition: ConstraintDefinition): Subject {
  const subject: Subject = { values: [], count: 0, entryTypes: [], tags: [], isDate: false };
  for (const field of fields) {
    const fieldDefinition = context.fieldDefinition(field.definitionId);
    const values = filledValues(field);
    const children = liveChildren(field);
    subject.values.push(...values);
    const type = fieldDefinition?.definitionType;
    // Lists count their entries; tables and groups their rows that hold a value; other fields their values.
    if (type === 'List' || type === 'EventReportList') subject.count += children.length;
    else if (type === 'Table' || type === 'FieldGroup') subject.count += children.filter((c) => filledValues(c).length > 0).length;
    else subject.count += values.length;
    for (const child of children) {
      const identifier = context.fieldDefinition(child.definitionId)?.identifier;
      if (identifier !== undefined) subject.entryTypes.push(identifier);
    }
    subject.tags.push(...(field.tags ?? []));
    if (fieldDefinition?.definition?.valueType === 'date') subject.isDate = true;
  }
  if (definition.fieldType === 'date') subject.isDate = true;
  return subject;
}

function fieldsOrProperty(
  definition: ConstraintDefinition,
  context: EvaluationContext,
  target: FieldTarget,
  sources: () => readonly object[],
): Subject {
  if (definition.fieldPath) return fromFields(context.fields(definition.fieldPath, target), context, definition);
  const objects = sources();
  if (definition.property) return fromProperties(objects, definition.property);
  return { ...EMPTY, count: objects.length };
}

/** The subject of a constraint definition; the evaluator has refused unknown types before. */
export function readSubject(definition: TypedConstraintDefinition, context: EvaluationContext): Subject {
  switch (definition.type) {
    case 'SimpleFieldValue':
      return fromFields(context.fields(definition.fieldPath ?? '', { kind: 'current' }), context, definition);
    case 'SimpleDateValue':
      return { ...fromFields(context.fields(definition.fieldPath ?? '', { kind: 'current' }), context, definition), isDate: true };
    case 'PatientDataValue': {
      if (definition.fieldPath) return fromFields(context.fields(definition.fieldPath, { kind: 'patient' }), context, definition);
      const patient = context.patient();
      const tags = patient.isFhirImport === true ? [FHIR_IMPORT_TAG] : [];
      return fromProperties([patient], definition.property ?? '', tags);
    }
    case 'VisitDataValue': {
      // Without a visit definition: the visit the form belongs to (its date column, for the visit date's hints).
      if (!definition.visit) {
        const current = context.currentVisit();
        return definition.property ? fromProperties(current ? [current] : [], definition.property) : { ...EMPTY, count: current ? 1 : 0 };
      }
      const visit = definition.visit;
      return fieldsOrProperty(definition, context, { kind: 'visit', visit }, () => context.visits(visit));
    }
    case 'InstrumentDataValue': {
      const instrument = definition.instrument ?? '';
      const target: FieldTarget = { kind: 'instrument', instrument, visit: definition.visit ?? null };
      return fieldsOrProperty(definition, context, target, () => context.instruments(instrument, definition.visit));
    }
    case 'InstituteDataValue': {
      const institute = context.selectedInstitute();
      return fromProperties(institute ? [institute] : [], definition.property ?? '');
    }
    case 'UserDataValue':
      return fromProperties([context.user()], definition.property ?? '');
    case 'NngmSelectedInstituteAssigmentDataValue':
      return fromProperties([context.assignments()], definition.property ?? '');
    case 'NngmDigiNetFollowUpDataValue':
      return fromProperties([context.followUp()], definition.property ?? '');
    case 'DigiNetHardlockConstantDateValue':
      return { values: [context.today], count: 1, entryTypes: [], tags: [], isDate: true };
  }
}
