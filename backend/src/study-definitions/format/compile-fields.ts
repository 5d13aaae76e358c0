/**
 * Fields and rules of a definition document → DataFieldDefinition and FieldRule of @ecrf/rules
 * (ecrf-core.md §3; docs/definitions.md "Fields" and "Rules"). Nesting is checked here: entries live in
 * their list, containers hold children, value fields do not.
 */
import {
  CONTAINER_FIELD_TYPES,
  FIELD_DEFINITION_TYPES,
  FIELD_RULE_KINDS,
  NETWORK_FIELD_TYPES,
  type ConstraintExpression,
  type DataFieldDefinition,
  type FieldDefinitionSettings,
  type FieldDefinitionType,
  type FieldRule,
  type ReferenceType,
} from '@ecrf/rules';
import { isRecord, type CompileContext, type JsonRecord } from './compile-context.js';

/** Value types a TableEntry may have (docs/definitions.md). */
export const VALUE_TYPES = ['text', 'number', 'date', 'enum', 'multiEnum', 'boolean'] as const;

/** Where a rule sits: its place, its form and the field it belongs to (null for visit and instrument rules). */
export type RuleUse = { place: string; formKey: string; fieldId: string | null; kind: string; constraints: string[] };

export type FormOwner = {
  place: string;
  /** Prefix of the display keys of the form's fields. */
  keyBase: string;
  /** Prefix of the stable ids. */
  idBase: string;
  formKey: string;
  referenceType: ReferenceType;
  referenceId: string;
};

export type FieldCompiler = {
  ctx: CompileContext;
  enumSets: ReadonlySet<string>;
  constraintIds: ReadonlyMap<string, string>;
  templates: Readonly<Record<string, unknown>>;
  ruleUses: RuleUse[];
};

const FIELD_KEYS = [
  'identifier',
  'type',
  'label',
  'order',
  'valueType',
  'enum',
  'terminology',
  'unit',
  'minimum',
  'maximum',
  'integer',
  'readonly',
  'deleted',
  'therapistRequired',
  'locationRequired',
  'rules',
  'children',
  'template',
];
const RULE_KEYS = ['kind', 'when', 'message', 'value', 'deleted'];

/** Which child types a parent type accepts; undefined: no children at all. */
function allowedChildren(type: FieldDefinitionType): readonly FieldDefinitionType[] | undefined {
  switch (type) {
    case 'List':
      return ['ListEntry'];
    case 'EventReportList':
      return ['EventReportListEntry'];
    case 'Table':
    case 'FieldGroup':
    case 'ListEntry':
    case 'EventReportListEntry':
      return FIELD_DEFINITION_TYPES.filter((t) => t !== 'ListEntry' && t !== 'EventReportListEntry');
    default:
      return undefined;
  }
}

function compileExpression(fc: FieldCompiler, place: string, doc: unknown, used: string[]): ConstraintExpression | null {
  if (typeof doc === 'string') {
    const id = fc.constraintIds.get(doc);
    if (!id) fc.ctx.problem(place, `rule points at constraint '${doc}', which is not defined in 'constraints'`);
    used.push(doc);
    return { operator: 'EVAL', constraintDefinitionId: id ?? doc };
  }
  if (isRecord(doc) && Object.keys(doc).length === 1) {
    if ('not' in doc)
      return { operator: 'NOT', expressions: [compileExpression(fc, place, doc.not, used) ?? { operator: 'AND', expressions: [] }] };
    const [operator, children] = 'and' in doc ? (['AND', doc.and] as const) : 'or' in doc ? (['OR', doc.or] as const) : [null, null];
    if (operator && Array.isArray(children) && children.length > 0) {
      return {
        operator,
        expressions: children.map((child) => compileExpression(fc, place, child, used) ?? { operator: 'AND', expressions: [] }),
      };
    }
  }
  fc.ctx.problem(
    place,
    `'when' must be a constraint identifier or one of {"not": …}, {"and": [..]}, {"or": [..]}, got ${JSON.stringify(doc)}`,
  );
  return null;
}

export function compileRules(
  fc: FieldCompiler,
  place: string,
  docs: unknown[],
  keyBase: string,
  idBase: string,
  use: Omit<RuleUse, 'place' | 'kind' | 'constraints'>,
): FieldRule[] {
  return docs.flatMap((doc, index) => {
    const rulePlace = `${place}.rules[${index}]`;
    if (!isRecord(doc)) {
      fc.ctx.problem(rulePlace, 'a rule must be an object');
      return [];
    }
    fc.ctx.checkKeys(rulePlace, doc, RULE_KEYS);
    const kind = typeof doc.kind === 'string' ? doc.kind : '';
    if (!FIELD_RULE_KINDS.includes(kind as (typeof FIELD_RULE_KINDS)[number])) {
      fc.ctx.problem(rulePlace, `unknown rule kind ${JSON.stringify(doc.kind)} (one of ${FIELD_RULE_KINDS.join(', ')})`);
    }
    const used: string[] = [];
    const constraintExpression = doc.when === undefined ? null : compileExpression(fc, rulePlace, doc.when, used);
    fc.ruleUses.push({ ...use, place: rulePlace, kind, constraints: used });
    const rule: FieldRule = {
      id: fc.ctx.id(idBase, 'rule', String(index)),
      definitionType: kind,
      constraintExpression,
      isDeleted: fc.ctx.flag(rulePlace, doc, 'deleted'),
    };
    if (doc.message !== undefined || kind === 'Hint' || kind === 'Redirect') {
      const displayKey = `${keyBase}.rule${index + 1}`;
      fc.ctx.label(rulePlace, doc.message, displayKey, 'Rule');
      rule.displayKey = displayKey;
    }
    if (kind === 'Population') {
      const value = fc.ctx.string(rulePlace, doc, 'value');
      if (value !== undefined) rule.value = value;
    } else if (doc.value !== undefined) {
      fc.ctx.problem(rulePlace, `'value' is only for Population rules`);
    }
    return [rule];
  });
}

function settingsOf(fc: FieldCompiler, place: string, doc: JsonRecord, type: FieldDefinitionType): FieldDefinitionSettings | null {
  const settings: FieldDefinitionSettings = {};
  const enumSet = fc.ctx.string(place, doc, 'enum', false);
  let valueType = fc.ctx.string(place, doc, 'valueType', false) ?? (enumSet ? 'enum' : undefined);
  if (valueType !== undefined && !VALUE_TYPES.includes(valueType as (typeof VALUE_TYPES)[number])) {
    fc.ctx.problem(place, `unknown value type '${valueType}' (one of ${VALUE_TYPES.join(', ')})`);
    valueType = undefined;
  }
  if ((valueType === 'enum' || valueType === 'multiEnum') && !enumSet) fc.ctx.problem(place, `value type '${valueType}' needs 'enum'`);
  if (enumSet && !fc.enumSets.has(enumSet)) fc.ctx.problem(place, `enum value set '${enumSet}' is not defined in 'enumValueSets'`);
  if (valueType !== undefined && type !== 'TableEntry' && type !== 'DisplayValue') fc.ctx.problem(place, `a ${type} has no value type`);
  if (valueType) settings.valueType = valueType;
  if (enumSet) settings.enumValueSetIdentifier = enumSet;
  const terminology = fc.ctx.string(place, doc, 'terminology', false);
  const pickable = type === 'TableEntry' && (valueType === undefined || valueType === 'text' || valueType === 'enum');
  if (terminology !== undefined && !pickable) {
    fc.ctx.problem(place, `'terminology' is a setting of text and enum TableEntry fields only`);
  }
  if (terminology) settings.terminology = terminology;
  const unit = fc.ctx.string(place, doc, 'unit', false);
  if (unit) settings.unit = unit;
  // Hard bounds of number fields (docs/rules.md "Field values"): refused, not hinted.
  for (const key of ['minimum', 'maximum'] as const) {
    const bound = doc[key];
    if (bound === undefined) continue;
    if (valueType !== 'number') fc.ctx.problem(place, `'${key}' is a setting of number fields only`);
    if (typeof bound === 'number' && Number.isFinite(bound)) settings[key] = bound;
    else fc.ctx.problem(place, `'${key}' must be a number`);
  }
  if (doc.integer !== undefined) {
    if (valueType !== 'number') fc.ctx.problem(place, `'integer' is a setting of number fields only`);
    settings.integer = fc.ctx.flag(place, doc, 'integer');
  }
  if ((settings.minimum ?? -Infinity) > (settings.maximum ?? Infinity)) fc.ctx.problem(place, `'minimum' lies above 'maximum'`);
  const network = NETWORK_FIELD_TYPES.includes(type);
  for (const key of ['therapistRequired', 'locationRequired'] as const) {
    if (doc[key] === undefined) continue;
    if (!network) fc.ctx.problem(place, `'${key}' is a setting of NngmNetworkPartner and NngmNetworkLocation only`);
    settings[key] = fc.ctx.flag(place, doc, key);
  }
  return Object.keys(settings).length > 0 ? settings : null;
}

/** Compiles the fields of one form, nested ones included, into the flat list of the model. */
export function compileFields(
  fc: FieldCompiler,
  owner: FormOwner,
  docs: unknown[],
  parent: { id: string; type: FieldDefinitionType; path: string; place: string } | null = null,
  out: DataFieldDefinition[] = [],
): DataFieldDefinition[] {
  const seen = new Set<string>();
  docs.forEach((doc, index) => {
    const basePlace = parent ? `${parent.place}.children` : `${owner.place}.fields`;
    if (!isRecord(doc)) {
      fc.ctx.problem(`${basePlace}[${index}]`, 'a field must be an object');
      return;
    }
    const identifier = fc.ctx.identifier(`${basePlace}[${index}]`, doc);
    const place = `${basePlace}[${identifier}]`;
    fc.ctx.checkKeys(place, doc, FIELD_KEYS);
    if (seen.has(identifier)) fc.ctx.problem(place, `field identifier '${identifier}' is used twice at this level`);
    seen.add(identifier);
    const type = doc.type as FieldDefinitionType;
    if (!FIELD_DEFINITION_TYPES.includes(type)) {
      fc.ctx.problem(place, `unknown field type ${JSON.stringify(doc.type)} (one of ${FIELD_DEFINITION_TYPES.join(', ')})`);
      return;
    }
    const allowed = parent
      ? allowedChildren(parent.type)
      : FIELD_DEFINITION_TYPES.filter((t) => t !== 'ListEntry' && t !== 'EventReportListEntry');
    if (!allowed?.includes(type)) {
      fc.ctx.problem(
        place,
        parent
          ? `a ${type} cannot be a child of a ${parent.type}`
          : `a ${type} must be a child of a ${type === 'ListEntry' ? 'List' : 'EventReportList'}`,
      );
    }
    const path = parent ? `${parent.path}.${identifier}` : identifier;
    const id = fc.ctx.id(owner.idBase, 'field', path);
    const displayKey = `${owner.keyBase}.${path}`;
    fc.ctx.label(place, doc.label, displayKey, 'Field');
    out.push({
      id,
      identifier,
      definitionType: type,
      displayKey,
      order: fc.ctx.order(place, doc, index),
      parentFieldDefinitionId: parent?.id ?? null,
      referenceId: owner.referenceId,
      referenceType: owner.referenceType,
      rules: compileRules(fc, place, fc.ctx.array(place, doc, 'rules', false), displayKey, `${owner.idBase}/field/${path}`, {
        formKey: owner.formKey,
        fieldId: id,
      }),
      definition: settingsOf(fc, place, doc, type),
      isDeleted: fc.ctx.flag(place, doc, 'deleted'),
      isReadonly: fc.ctx.flag(place, doc, 'readonly'),
    });
    const children = [...fc.ctx.array(place, doc, 'children', false)];
    if (doc.template !== undefined) {
      const template = typeof doc.template === 'string' ? fc.templates[doc.template] : undefined;
      if (!Array.isArray(template))
        fc.ctx.problem(place, `field template ${JSON.stringify(doc.template)} is not defined in 'fieldTemplates'`);
      else children.push(...(template as unknown[]));
    }
    const canHoldChildren = CONTAINER_FIELD_TYPES.includes(type) || type === 'ListEntry' || type === 'EventReportListEntry';
    if (children.length > 0 && !canHoldChildren) fc.ctx.problem(place, `a ${type} has no children`);
    if (children.length === 0 && canHoldChildren) fc.ctx.problem(place, `a ${type} needs children`);
    if (children.length > 0 && canHoldChildren) compileFields(fc, owner, children, { id, type, path, place }, out);
  });
  return out;
}
