import { describe, expect, it } from 'vitest';
import { compileDefinition } from './compile-definition.js';
import { compatibilityProblems } from './definition-compatibility.js';

type Field = Record<string, unknown>;
const doc = (
  version: number,
  fields: Field[],
  sex: string[][] = [
    ['M', 'männlich'],
    ['W', 'weiblich'],
  ],
) => ({
  format: 'ecrf-study-definition/1',
  identifier: 'mini',
  version,
  study: 'NNGM',
  label: 'Mini',
  defaultLanguage: 'de',
  enumValueSets: { sex: sex },
  patient: { fields: [{ identifier: 'sex', type: 'TableEntry', label: 'Geschlecht', enum: 'sex' }] },
  visits: [
    {
      identifier: 'baseline',
      type: 'GenericVisit',
      label: 'Baseline',
      max: 1,
      instruments: [{ identifier: 'diagnosis', label: 'Diagnose', fields }],
    },
  ],
});
const icd = { identifier: 'icd10', type: 'TableEntry', label: 'ICD-10' };
const date = { identifier: 'diag_date', type: 'TableEntry', label: 'Datum', valueType: 'date' };
const check = (before: ReturnType<typeof doc>, after: ReturnType<typeof doc>) =>
  compatibilityProblems(compileDefinition(before), compileDefinition(after)).map((p) => `${p.place}: ${p.message}`);

describe('a new version never corrupts data entered under an earlier one (docs/definitions.md)', () => {
  it('accepts added fields, changed labels and fields retired with deleted: true', () => {
    expect(
      check(
        doc(1, [icd, date]),
        doc(2, [
          { ...icd, label: 'Diagnose' },
          { ...date, deleted: true },
          { identifier: 'grading', type: 'TableEntry', label: 'G' },
        ]),
      ),
    ).toEqual([]);
  });
  it('refuses a version number that is not higher', () => {
    expect(check(doc(2, [icd]), doc(2, [icd]))).toEqual(['version: must be higher than the loaded version 2']);
  });
  it('refuses removed fields, changed types and value types, and removed enum codes', () => {
    expect(
      check(
        doc(1, [icd, date]),
        doc(2, [
          { ...icd, type: 'DisplayValue' },
          { ...date, valueType: 'text' },
        ]),
      ),
    ).toEqual([
      'visits[baseline].instruments[diagnosis].fields[icd10]: type changed from TableEntry to DisplayValue; add a new field instead',
      'visits[baseline].instruments[diagnosis].fields[diag_date]: value type changed from date to text; add a new field instead',
    ]);
    expect(check(doc(1, [icd, date]), doc(2, [icd], [['M', 'männlich']]))).toEqual([
      'visits[baseline].instruments[diagnosis].fields[diag_date]: was removed; data may exist for it: keep it with "deleted": true',
      'enumValueSets[sex][W]: was removed; stored values may use this code',
    ]);
  });
});
