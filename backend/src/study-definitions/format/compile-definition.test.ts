import {
  CONSENT_FIELD_IDENTIFIERS,
  CONSENT_IDENTIFIERS,
  EXECUTION_DATE_FIELDS,
  FIELD_DEFINITION_TYPES,
  FIELD_RULE_KINDS,
  INSTRUMENT_IDENTIFIERS,
  VISIT_IDENTIFIERS,
  VITAL_STATUS_FIELD_IDENTIFIERS,
  indexStudyDefinition,
} from '@ecrf/rules';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { DefinitionFileError } from './compile-context.js';
import { compileDefinition } from './compile-definition.js';
import { loadDefinitionFile, parseDefinitionText, shippedDefinitionsDir } from './definition-file.js';

const demoFile = join(shippedDefinitionsDir, 'nngm-lung.definition.json');
const demoDocument = JSON.parse(readFileSync(demoFile, 'utf8')) as Record<string, unknown>;
const { compiled: demo } = loadDefinitionFile(demoFile);
const index = indexStudyDefinition(demo.definition);
const allFields = [...index.fieldById.values()];
const allRules = [...allFields.flatMap((f) => f.rules), ...demo.definition.visits.flatMap((v) => v.rules)];

/** A copy of the demo document changed by `change`. */
function demoWith(change: (doc: Record<string, unknown>) => void): Record<string, unknown> {
  const copy = structuredClone(demoDocument);
  change(copy);
  return copy;
}

/** The object at a path of a parsed document. */
function obj(root: unknown, ...path: (string | number)[]): Record<string, unknown> {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root) as Record<string, unknown>;
}
const arr = (root: unknown, ...path: (string | number)[]): unknown[] => obj(root, ...path) as unknown as unknown[];

function problemsOf(document: unknown): string[] {
  try {
    compileDefinition(document, 'test.definition.json');
  } catch (error) {
    if (error instanceof DefinitionFileError) return error.problems.map((p) => `${p.place}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('the demo lung-cancer registry (backend/definitions)', () => {
  it('uses every field type and every rule kind at least once', () => {
    expect(new Set(allFields.map((f) => f.definitionType))).toEqual(new Set(FIELD_DEFINITION_TYPES));
    expect(new Set(allRules.map((r) => r.definitionType))).toEqual(new Set(FIELD_RULE_KINDS));
  });

  it('has the fixed identifiers the rules are hard-wired to (ecrf-core.md §9)', () => {
    for (const visit of Object.values(VISIT_IDENTIFIERS)) expect(index.visitByIdentifier.has(visit), visit).toBe(true);
    for (const instrument of Object.values(INSTRUMENT_IDENTIFIERS))
      expect(index.instrumentByIdentifier.has(instrument), instrument).toBe(true);
    const consents = index.instrumentByIdentifier.get('consents');
    const consentLists = consents?.fields.filter((f) => f.definitionType === 'List').map((f) => f.identifier);
    expect(new Set(consentLists)).toEqual(new Set(Object.values(CONSENT_IDENTIFIERS)));
    for (const version of [CONSENT_IDENTIFIERS.v4_0, CONSENT_IDENTIFIERS.v4_1]) {
      const list = consents?.fields.find((f) => f.identifier === version);
      const entry = consents?.fields.find((f) => f.parentFieldDefinitionId === list?.id);
      const inEntry = consents?.fields.filter((f) => f.parentFieldDefinitionId === entry?.id).map((f) => f.identifier);
      expect(inEntry).toEqual(expect.arrayContaining(Object.values(CONSENT_FIELD_IDENTIFIERS)));
    }
    const visitFields = demo.definition.visits.flatMap((v) => v.fields.map((f) => `${v.identifier}.${f.identifier}`));
    for (const [visit, field] of Object.entries(EXECUTION_DATE_FIELDS)) expect(visitFields).toContain(`${visit}.${field}`);
    const vital = index.instrumentByIdentifier.get('vital_status')?.fields.map((f) => f.identifier);
    expect(vital).toEqual(expect.arrayContaining(Object.values(VITAL_STATUS_FIELD_IDENTIFIERS)));
    expect(demo.definition.enumValueSets.find((s) => s.identifier === 'vital_state')?.values.map((v) => v.code)).toEqual(['L', 'T', 'A']);
  });

  it('has the lung items of the reference: C34.x, TNM 8, the molecular panel as a table, therapy lines as a list', () => {
    expect(demo.definition.enumValueSets.find((s) => s.identifier === 'icd10')?.values.map((v) => v.code)).toEqual([
      'C34.0',
      'C34.1',
      'C34.2',
      'C34.3',
      'C34.8',
      'C34.9',
    ]);
    const molecular = index.instrumentByIdentifier.get('molecular')?.fields ?? [];
    const markers = molecular.find((f) => f.identifier === 'markers');
    expect(markers?.definitionType).toBe('Table');
    expect(molecular.filter((f) => f.parentFieldDefinitionId === markers?.id).map((f) => f.identifier)).toEqual(
      expect.arrayContaining(['egfr', 'alk', 'ros1', 'braf', 'kras_g12c', 'met_ex14', 'ret', 'ntrk', 'her2', 'pdl1_tps']),
    );
    const therapy = index.instrumentByIdentifier.get('systemic_therapy')?.fields ?? [];
    expect(therapy.find((f) => f.identifier === 'therapy_lines')?.definitionType).toBe('List');
    expect(therapy.find((f) => f.identifier === 'adverse_events')?.definitionType).toBe('EventReportList');
  });

  it('gives every key a German display value', () => {
    const german = new Map(demo.languages.find((l) => l.identifier === 'de')?.entries.map((e) => [e.displayKey, e.displayValue]));
    const keys = [
      ...allFields.map((f) => f.displayKey),
      ...demo.definition.visits.map((v) => v.displayKey),
      ...[...index.instrumentById.values()].map((i) => i.displayKey),
      ...demo.definition.enumValueSets.flatMap((s) => s.values.map((v) => v.displayKey)),
      ...allRules.flatMap((r) => (r.displayKey ? [r.displayKey] : [])),
    ];
    for (const key of keys) expect(german.get(key), key).toBeTruthy();
    expect(german.get('diagnosis.icd10')).toBe('Diagnose (ICD-10-GM)');
    expect(german.get('enum.sex.W')).toBe('weiblich');
  });

  it('derives the same ids from the same document, and keeps them when a field is added', () => {
    const again = compileDefinition(structuredClone(demoDocument));
    expect([...indexStudyDefinition(again.definition).fieldById.keys()]).toEqual([...index.fieldById.keys()]);
    const extended = compileDefinition(
      demoWith((doc) =>
        arr(doc, 'patient', 'fields').push({ identifier: 'height', type: 'TableEntry', label: 'Größe', valueType: 'number' }),
      ),
    );
    const extendedIds = new Set(indexStudyDefinition(extended.definition).fieldById.keys());
    for (const id of index.fieldById.keys()) expect(extendedIds.has(id)).toBe(true);
  });
});

describe('a broken definition is refused with the place of every problem', () => {
  it('names an unknown field type', () => {
    const problems = problemsOf(
      demoWith((doc) => {
        obj(doc, 'visits', 0, 'instruments', 2, 'fields', 1).type = 'Dropdown';
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^visits\[baseline\]\.instruments\[diagnosis\]\.fields\[icd10\]: unknown field type "Dropdown"/),
    ]);
  });

  it('names a rule pointing at a missing constraint and a constraint reading a missing field', () => {
    const problems = problemsOf(
      demoWith((doc) => {
        arr(doc, 'visits', 0, 'instruments', 2, 'fields', 0, 'rules').push({ kind: 'Visibility', when: 'c_nowhere' });
        obj(doc, 'constraints', 'c_therapy_end_set').fieldPath = 'therapy_end';
      }),
    );
    expect(problems).toContain(
      "visits[baseline].instruments[diagnosis].fields[diag_date].rules[2]: rule points at constraint 'c_nowhere', which is not defined in 'constraints'",
    );
    expect(problems).toContain(
      "visits[baseline].instruments[systemic_therapy].fields[therapy_lines].children[therapy_line].children[end_reason].rules[0]: constraint 'c_therapy_end_set' reads field 'therapy_end', which does not exist in the form of the rule",
    );
  });

  it('names a cycle of visibility and population rules', () => {
    const problems = problemsOf(
      demoWith((doc) => {
        obj(doc, 'constraints').c_pack_years_given = { type: 'SimpleFieldValue', operator: 'notEmpty', fieldPath: 'pack_years' };
        arr(doc, 'visits', 0, 'instruments', 1, 'fields', 0, 'rules').push({ kind: 'Visibility', when: 'c_pack_years_given' });
      }),
    );
    expect(problems).toEqual([
      'visits[baseline].instruments[smoking_history].fields[smoking_status]: cycle of Visibility/Population rules: visits[baseline].instruments[smoking_history].fields[smoking_status] → visits[baseline].instruments[smoking_history].fields[pack_years] → visits[baseline].instruments[smoking_history].fields[smoking_status]',
    ]);
  });

  it('names wrong nesting, unknown properties, enum sets, operators and missing labels', () => {
    const problems = problemsOf(
      demoWith((doc) => {
        arr(doc, 'patient', 'fields').push({ identifier: 'stray', type: 'ListEntry', label: 'x' });
        obj(doc, 'patient', 'fields', 0).enm = 'sex';
        obj(doc, 'patient', 'fields', 1).enum = 'months';
        obj(doc, 'patient', 'fields', 1).terminology = 'icd-10-gm';
        obj(doc, 'constraints', 'c_female').operator = 'isWoman';
        delete obj(doc, 'visits', 1).label;
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'patient.fields[stray]: a ListEntry must be a child of a List',
        expect.stringMatching(/^patient\.fields\[sex\]: unknown property 'enm'/),
        "patient.fields[birth_date]: enum value set 'months' is not defined in 'enumValueSets'",
        "patient.fields[birth_date]: 'terminology' is a setting of text and enum TableEntry fields only",
        expect.stringMatching(/^constraints\[c_female\]: unknown operator "isWoman"/),
        "visits[fu]: 'label' missing: every visible key needs a display value in 'de'",
      ]),
    );
  });

  it('gives number fields their hard bounds and refuses bounds elsewhere', () => {
    const settings = (identifier: string) => allFields.find((f) => f.identifier === identifier)?.definition;
    expect(settings('pdl1_tps')).toMatchObject({ unit: '%', minimum: 0, maximum: 100 });
    expect(settings('line_no')).toMatchObject({ integer: true, minimum: 1 });
    const problems = problemsOf(
      demoWith((doc) => {
        obj(doc, 'patient', 'fields', 1).minimum = 0;
        Object.assign(obj(doc, 'visits', 0, 'instruments', 1, 'fields', 1), { minimum: 'null', maximum: -1, integer: 'yes' });
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        "patient.fields[birth_date]: 'minimum' is a setting of number fields only",
        "visits[baseline].instruments[smoking_history].fields[pack_years]: 'minimum' must be a number",
        expect.stringMatching(/^visits\[baseline\]\.instruments\[smoking_history\]\.fields\[pack_years\]: 'integer'/),
      ]),
    );
    const crossed = problemsOf(demoWith((doc) => Object.assign(obj(doc, 'visits', 0, 'instruments', 1, 'fields', 1), { maximum: -1 })));
    expect(crossed).toEqual(["visits[baseline].instruments[smoking_history].fields[pack_years]: 'minimum' lies above 'maximum'"]);
  });

  it('names the line and column of a JSON syntax error', () => {
    expect(() => parseDefinitionText('{\n  "format": "ecrf-study-definition/1",\n  "identifier" "x"\n}', 'broken.definition.json')).toThrow(
      /broken\.definition\.json: 1 problem\(s\) in the study definition:\n {2}line 3, column \d+: not valid JSON/,
    );
  });
});
