/**
 * Loads a study definition document (docs/definitions.md): checks every part and compiles it into the
 * StudyDefinition model of @ecrf/rules plus the language entries of its labels. Every problem found is
 * collected with its place; a document with any problem is refused as a whole (DefinitionFileError).
 */
import {
  CONSTRAINT_DEFINITION_TYPES,
  CONTEXT_OPERATORS,
  VALUE_OPERATORS,
  type ConstraintDefinition,
  type DataFieldDefinition,
  type EnumValueSet,
  type InstrumentDefinition,
  type QueryType,
  type StudyDefinition,
  type VerificationFlagType,
  type VisitDefinition,
} from '@ecrf/rules';
import { roleIdentifiers } from '../../rights/role-rights.js';
import { CompileContext, DefinitionFileError, isRecord, type JsonRecord, type LanguageEntry } from './compile-context.js';
import { compileFields, compileRules, type FieldCompiler } from './compile-fields.js';
import { DEFINITION_FORMAT } from './definition-document.js';
import { checkFieldReferences, type FormIndex } from './definition-checks.js';

export type CompiledDefinition = {
  identifier: string;
  version: number;
  /** Identifier of the study the definition belongs to. */
  study: string;
  /** The label in the default language. */
  displayName: string;
  defaultLanguage: string;
  definition: StudyDefinition;
  languages: { identifier: string; entries: LanguageEntry[] }[];
};

const TOP_KEYS = [
  'format',
  'identifier',
  'version',
  'study',
  'label',
  'defaultLanguage',
  'enumValueSets',
  'constraints',
  'fieldTemplates',
  'patient',
  'instruments',
  'visits',
  'standaloneInstruments',
  'queryTypes',
  'verificationFlagTypes',
];
const VISIT_KEYS = ['identifier', 'type', 'label', 'order', 'max', 'followUpRegistry', 'deleted', 'rules', 'fields', 'instruments'];
const INSTRUMENT_KEYS = ['identifier', 'label', 'order', 'deleted', 'rules', 'fields'];
const CONSTRAINT_KEYS = ['type', 'operator', 'value', 'property', 'fieldPath', 'fieldType', 'visit', 'instrument'];
const QUERY_ACTIONS = ['canView', 'canCreate', 'canEdit', 'canAccept', 'canAnswer', 'canRevoke', 'canSolve', 'canDefer'] as const;
const OPERATORS: readonly string[] = [...VALUE_OPERATORS, ...CONTEXT_OPERATORS];

function record(ctx: CompileContext, place: string, doc: JsonRecord, key: string): JsonRecord {
  const value = doc[key];
  if (value === undefined) return {};
  if (!isRecord(value)) ctx.problem(place, `'${key}' must be an object`);
  return isRecord(value) ? value : {};
}

function compileEnumSets(ctx: CompileContext, doc: JsonRecord): EnumValueSet[] {
  return Object.entries(record(ctx, 'enumValueSets', doc, 'enumValueSets')).map(([identifier, values]) => {
    const place = `enumValueSets[${identifier}]`;
    const codes = new Set<string>();
    const list = Array.isArray(values) ? values : (ctx.problem(place, 'must be a list of [code, label] or {code, label, order}'), []);
    return {
      id: ctx.id('enum', identifier),
      identifier,
      values: list.flatMap((value: unknown, index) => {
        const [code, label, order] = Array.isArray(value)
          ? [value[0], value[1], undefined]
          : isRecord(value)
            ? [value.code, value.label, value.order]
            : [];
        if (typeof code !== 'string' || code === '') {
          ctx.problem(`${place}[${index}]`, 'needs a code');
          return [];
        }
        if (codes.has(code)) ctx.problem(`${place}[${code}]`, `code '${code}' is used twice`);
        codes.add(code);
        const displayKey = `enum.${identifier}.${code}`;
        ctx.label(`${place}[${code}]`, label, displayKey, 'Enum');
        return [{ code, displayKey, order: typeof order === 'number' ? order : (index + 1) * 10 }];
      }),
    };
  });
}

function compileConstraints(ctx: CompileContext, doc: JsonRecord): Map<string, ConstraintDefinition> {
  const constraints = new Map<string, ConstraintDefinition>();
  for (const [identifier, value] of Object.entries(record(ctx, 'constraints', doc, 'constraints'))) {
    const place = `constraints[${identifier}]`;
    if (!isRecord(value)) {
      ctx.problem(place, 'must be an object');
      continue;
    }
    ctx.checkKeys(place, value, CONSTRAINT_KEYS);
    if (!CONSTRAINT_DEFINITION_TYPES.includes(value.type as (typeof CONSTRAINT_DEFINITION_TYPES)[number])) {
      ctx.problem(place, `unknown constraint type ${JSON.stringify(value.type)} (one of ${CONSTRAINT_DEFINITION_TYPES.join(', ')})`);
    }
    if (!OPERATORS.includes(value.operator as string))
      ctx.problem(place, `unknown operator ${JSON.stringify(value.operator)} (one of ${OPERATORS.join(', ')})`);
    const constraint: ConstraintDefinition = {
      id: ctx.id('constraint', identifier),
      identifier,
      type: String(value.type),
      operator: String(value.operator),
    };
    for (const key of ['value', 'property', 'fieldPath', 'fieldType', 'visit', 'instrument'] as const) {
      const text = ctx.string(place, value, key, false);
      if (text !== undefined) constraint[key] = text;
    }
    constraints.set(identifier, constraint);
  }
  return constraints;
}

type Forms = { fields: Map<string, DataFieldDefinition[]>; visitForms: Map<string, string[]>; instrumentForms: Map<string, string[]> };

function compileInstrument(fc: FieldCompiler, forms: Forms, place: string, doc: unknown, index: number): InstrumentDefinition | null {
  const { ctx } = fc;
  if (!isRecord(doc)) {
    ctx.problem(place, 'an instrument must be an object');
    return null;
  }
  const identifier = ctx.identifier(place, doc);
  const at = place.replace(/\[\d+\]$/, `[${identifier}]`);
  ctx.checkKeys(at, doc, INSTRUMENT_KEYS);
  const id = ctx.id('instrument', identifier);
  const formKey = `instrument:${identifier}`;
  if (forms.fields.has(formKey))
    ctx.problem(at, `instrument identifier '${identifier}' is used twice (share it through 'instruments' instead)`);
  const displayKey = `instrument.${identifier}`;
  ctx.label(at, doc.label, displayKey, 'Instrument');
  const owner = {
    place: at,
    keyBase: identifier,
    idBase: `instrument/${identifier}`,
    formKey,
    referenceType: 'InstrumentDefinition' as const,
    referenceId: id,
  };
  const fields = compileFields(fc, owner, ctx.array(at, doc, 'fields'));
  forms.fields.set(formKey, fields);
  forms.instrumentForms.set(identifier, [formKey]);
  return {
    id,
    identifier,
    displayKey,
    order: ctx.order(at, doc, index),
    fields,
    isDeleted: ctx.flag(at, doc, 'deleted'),
    rules: compileRules(fc, at, ctx.array(at, doc, 'rules', false), displayKey, `instrument/${identifier}`, { formKey, fieldId: null }),
  };
}

function compileVisit(
  fc: FieldCompiler,
  forms: Forms,
  shared: ReadonlyMap<string, InstrumentDefinition>,
  doc: unknown,
  index: number,
): VisitDefinition | null {
  const { ctx } = fc;
  if (!isRecord(doc)) {
    ctx.problem(`visits[${index}]`, 'a visit must be an object');
    return null;
  }
  const identifier = ctx.identifier(`visits[${index}]`, doc);
  const place = `visits[${identifier}]`;
  ctx.checkKeys(place, doc, VISIT_KEYS);
  if (doc.type !== 'GenericVisit' && doc.type !== 'IntermediateVisit')
    ctx.problem(place, `unknown visit type ${JSON.stringify(doc.type)} (GenericVisit or IntermediateVisit)`);
  const max = doc.max;
  if (max !== undefined && max !== null && (typeof max !== 'number' || !Number.isInteger(max) || max < 1))
    ctx.problem(place, `'max' must be a positive integer or null`);
  const id = ctx.id('visit', identifier);
  const formKey = `visit:${identifier}`;
  const displayKey = `visit.${identifier}`;
  ctx.label(place, doc.label, displayKey, 'Visit');
  const fields = compileFields(
    fc,
    { place, keyBase: identifier, idBase: `visit/${identifier}`, formKey, referenceType: 'VisitDefinition', referenceId: id },
    ctx.array(place, doc, 'fields', false),
  );
  forms.fields.set(formKey, fields);
  const instruments = ctx.array(place, doc, 'instruments').flatMap((item, i) => {
    if (typeof item !== 'string') return compileInstrument(fc, forms, `${place}.instruments[${i}]`, item, i) ?? [];
    const found = shared.get(item);
    if (!found) ctx.problem(`${place}.instruments[${i}]`, `instrument '${item}' is not defined in 'instruments'`);
    // A shared instrument takes its place in this visit's order; id and fields stay the shared ones.
    return found ? { ...found, order: (i + 1) * 10 } : [];
  });
  forms.visitForms.set(identifier, [formKey, ...instruments.map((i) => `instrument:${i.identifier}`)]);
  return {
    id,
    identifier,
    displayKey,
    order: ctx.order(place, doc, index),
    fields,
    instruments,
    isDeleted: ctx.flag(place, doc, 'deleted'),
    rules: compileRules(fc, place, ctx.array(place, doc, 'rules', false), displayKey, `visit/${identifier}`, { formKey, fieldId: null }),
    definition: {
      type: doc.type === 'IntermediateVisit' ? 'IntermediateVisit' : 'GenericVisit',
      max: typeof max === 'number' ? max : null,
      isFollowUpRegistry: ctx.flag(place, doc, 'followUpRegistry'),
    },
  };
}

function compileQueryTypes(ctx: CompileContext, doc: JsonRecord): QueryType[] {
  const roles: readonly string[] = roleIdentifiers;
  return ctx.array('queryTypes', doc, 'queryTypes', false).flatMap((item, index) => {
    if (!isRecord(item)) return [];
    const identifier = ctx.identifier(`queryTypes[${index}]`, item);
    const place = `queryTypes[${identifier}]`;
    const displayKey = `queryType.${identifier}`;
    ctx.label(place, item.label, displayKey, 'QueryType');
    const lists = Object.fromEntries(
      QUERY_ACTIONS.map((action) => {
        const list = ctx.array(place, item, action).filter((role): role is string => typeof role === 'string');
        for (const role of list) if (!roles.includes(role)) ctx.problem(`${place}.${action}`, `unknown role '${role}'`);
        return [action, list];
      }),
    ) as Record<(typeof QUERY_ACTIONS)[number], string[]>;
    return [{ id: ctx.id('queryType', identifier), identifier, displayKey, ...lists }];
  });
}

function compileFlagTypes(ctx: CompileContext, doc: JsonRecord): VerificationFlagType[] {
  return ctx.array('verificationFlagTypes', doc, 'verificationFlagTypes', false).flatMap((item, index) => {
    if (!isRecord(item)) return [];
    const identifier = ctx.identifier(`verificationFlagTypes[${index}]`, item);
    const displayKey = `verificationFlag.${identifier}`;
    ctx.label(`verificationFlagTypes[${identifier}]`, item.label, displayKey, 'VerificationFlagType');
    return [{ id: ctx.id('verificationFlagType', identifier), identifier, displayKey }];
  });
}

/** Checks and compiles a parsed document; `source` (a file name) prefixes the error message. */
export function compileDefinition(input: unknown, source = 'study definition'): CompiledDefinition {
  if (!isRecord(input)) throw new DefinitionFileError(source, [{ place: '(document)', message: 'must be a JSON object' }]);
  const doc = input;
  const identifier = typeof doc.identifier === 'string' ? doc.identifier : '?';
  const defaultLanguage = typeof doc.defaultLanguage === 'string' ? doc.defaultLanguage : 'de';
  const ctx = new CompileContext(identifier, defaultLanguage);
  if (doc.format !== DEFINITION_FORMAT) ctx.problem('format', `must be '${DEFINITION_FORMAT}', got ${JSON.stringify(doc.format)}`);
  ctx.checkKeys('(document)', doc, TOP_KEYS);
  ctx.identifier('identifier', doc);
  if (typeof doc.version !== 'number' || !Number.isInteger(doc.version) || doc.version < 1)
    ctx.problem('version', 'must be a positive integer');
  const study = ctx.string('study', doc, 'study') ?? '';
  if (!/^[a-z]{2}$/.test(defaultLanguage)) ctx.problem('defaultLanguage', 'must be a two-letter language identifier such as "de"');
  ctx.label('label', doc.label, `study.${identifier}`, 'Study');

  const enumValueSets = compileEnumSets(ctx, doc);
  const constraints = compileConstraints(ctx, doc);
  const fc: FieldCompiler = {
    ctx,
    enumSets: new Set(enumValueSets.map((s) => s.identifier)),
    constraintIds: new Map([...constraints].map(([key, c]) => [key, c.id])),
    templates: record(ctx, 'fieldTemplates', doc, 'fieldTemplates'),
    ruleUses: [],
  };
  const forms: Forms = { fields: new Map(), visitForms: new Map(), instrumentForms: new Map() };
  const patientDoc = isRecord(doc.patient) ? doc.patient : (ctx.problem('patient', "needs 'fields'"), {});
  const patientId = ctx.id('patient');
  const patientFields = compileFields(
    fc,
    {
      place: 'patient',
      keyBase: 'patient',
      idBase: 'patient',
      formKey: 'patient',
      referenceType: 'PatientDefinition',
      referenceId: patientId,
    },
    ctx.array('patient', patientDoc, 'fields'),
  );
  forms.fields.set('patient', patientFields);
  const instruments = ctx
    .array('instruments', doc, 'instruments', false)
    .flatMap((item, i) => compileInstrument(fc, forms, `instruments[${i}]`, item, i) ?? []);
  const shared = new Map(instruments.map((i) => [i.identifier, i]));
  const visits = ctx.array('visits', doc, 'visits').flatMap((item, i) => compileVisit(fc, forms, shared, item, i) ?? []);
  const standaloneInstruments = ctx
    .array('standaloneInstruments', doc, 'standaloneInstruments', false)
    .flatMap((item, i) => compileInstrument(fc, forms, `standaloneInstruments[${i}]`, item, i) ?? []);
  const seenVisits = new Set<string>();
  for (const visit of visits) {
    if (seenVisits.has(visit.identifier))
      ctx.problem(`visits[${visit.identifier}]`, `visit identifier '${visit.identifier}' is used twice`);
    seenVisits.add(visit.identifier);
  }
  for (const [key, constraint] of constraints) {
    if (constraint.visit && !forms.visitForms.has(constraint.visit))
      ctx.problem(`constraints[${key}]`, `visit '${constraint.visit}' does not exist`);
    if (constraint.instrument && !forms.instrumentForms.has(constraint.instrument))
      ctx.problem(`constraints[${key}]`, `instrument '${constraint.instrument}' does not exist`);
  }
  checkFieldReferences(ctx, forms as FormIndex, constraints, fc.ruleUses);
  const queryTypes = compileQueryTypes(ctx, doc);
  const verificationFlagTypes = compileFlagTypes(ctx, doc);
  if (ctx.problems.length > 0) throw new DefinitionFileError(source, ctx.problems);

  const definition: StudyDefinition = {
    id: ctx.id('study-definition'),
    identifier,
    patient: { id: patientId, identifier: 'patient', fields: patientFields },
    visits,
    instruments,
    standaloneInstruments,
    enumValueSets,
    constraints: [...constraints.values()],
    queryTypes,
    verificationFlagTypes,
  };
  const defaultEntries = ctx.labels.get(defaultLanguage);
  return {
    identifier,
    version: doc.version as number,
    study,
    defaultLanguage,
    definition,
    displayName: defaultEntries?.get(`study.${identifier}`)?.displayValue ?? identifier,
    languages: [...ctx.labels].map(([language, entries]) => ({ identifier: language, entries: [...entries.values()] })),
  };
}
