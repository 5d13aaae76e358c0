import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diagnosisInstrument, entriesOf, fieldOf, kitchenSinkDefinition, systemicTherapyInstrument } from '../__testUtils__/index.js';
import type { DataFieldInstance } from '../definition/instances.js';
import { dateRefusal, fieldValueProblems, visitDateProblem, type FieldValueCheck } from './field-values.js';

const labels: Record<string, string> = {
  'field.diag_date': 'Datum der Beurteilung',
  'field.pdl1_tps': 'PD-L1 TPS',
  'field.pack_years': 'Packungsjahre',
  'field.line_no': 'Linie',
  'field.start': 'Beginn',
};
const text = (key: string) => labels[key] ?? key;

function problems(fields: DataFieldInstance[], extra: Partial<FieldValueCheck> = {}) {
  return fieldValueProblems({
    formFields: diagnosisInstrument.fields,
    fields,
    enumValueSets: kitchenSinkDefinition.enumValueSets,
    text,
    ...extra,
  });
}

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');
const storage = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;

/** The calendar of the JavaScript engine as the independent judge of which days exist. */
function existsInCalendar(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

describe('dates', () => {
  it('accept a storage date exactly when the calendar has the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const refusal = dateRefusal(storage(y, m, d), 'Datum');
        expect(refusal === null).toBe(existsInCalendar(y, m, d));
        if (refusal)
          expect(refusal).toEqual({
            code: 'impossibleDate',
            message: `Datum: Das Datum ${pad(d, 2)}.${pad(m, 2)}.${pad(y, 4)} gibt es nicht.`,
          });
      }),
    );
  });

  it('refuse every month outside 1–12 and the day 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 13, max: 99 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        expect(dateRefusal(storage(y, m, d), 'Datum')?.code).toBe('impossibleDate');
        expect(dateRefusal(storage(y, 1, 0), 'Datum')?.code).toBe('impossibleDate');
      }),
    );
  });

  it('accept unknown parts from the finest part up, and refuse a known part below an unknown one', () => {
    const unknown = fc.constantFrom('XX', 'UK');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), unknown, unknown, (y, m, day, month) => {
        expect(dateRefusal(`${pad(y, 4)}-${pad(m, 2)}-${day}`, 'Datum')).toBeNull();
        expect(dateRefusal(`${pad(y, 4)}-${month}-${day}`, 'Datum')).toBeNull();
        expect(dateRefusal(`${pad(y, 4)}-${month}-15`, 'Datum')?.code).toBe('invalidDate');
        expect(dateRefusal(`${month === 'XX' ? 'XXXX' : 'UK'}-${pad(m, 2)}-${day}`, 'Datum')?.code).toBe('invalidDate');
      }),
    );
  });

  it.each([
    ['2026-02-31', 'Datum der Beurteilung: Das Datum 31.02.2026 gibt es nicht.'],
    ['2026-13-01', 'Datum der Beurteilung: Das Datum 01.13.2026 gibt es nicht.'],
    ['2027-02-29', 'Datum der Beurteilung: Das Datum 29.02.2027 gibt es nicht.'],
    ['2026-04-31', 'Datum der Beurteilung: Das Datum 31.04.2026 gibt es nicht.'],
    ['2021-XX-15', 'Datum der Beurteilung: Im Datum 15.XX.2021 ist ein Teil bekannt, dessen übergeordneter Teil (Monat oder Jahr) fehlt.'],
    ['31.02.2026', 'Datum der Beurteilung: kein gültiges Datum (TT.MM.JJJJ, unbekannte Teile leer oder UK)'],
    ['2026-02-01T10:00', 'Datum der Beurteilung: kein gültiges Datum (TT.MM.JJJJ, unbekannte Teile leer oder UK)'],
  ])('refuse %s at the field with its label', (value, message) => {
    const field = fieldOf('diag_date', value);
    expect(problems([field])).toEqual([
      { fieldId: field.id, definitionId: 'f-diag_date', path: 'diag_date', code: expect.any(String), message },
    ]);
  });

  it.each(['2028-02-29', '2000-02-29', '2026-XX-XX', 'UK-UK-UK', 'XXXX-XX-XX', 'ongoing', 'unknown'])('accept %s', (value) => {
    expect(problems([fieldOf('diag_date', value)])).toEqual([]);
  });
});

describe('numbers', () => {
  it.each([
    ['pdl1_tps', '150', 'aboveMaximum', 'PD-L1 TPS: höchstens 100 %'],
    ['pdl1_tps', '-1', 'belowMinimum', 'PD-L1 TPS: mindestens 0 %'],
    ['pack_years', '-5', 'belowMinimum', 'Packungsjahre: mindestens 0 py'],
    ['pack_years', '300,5', 'aboveMaximum', 'Packungsjahre: höchstens 300 py'],
    ['pack_years', 'viele', 'invalidNumber', 'Packungsjahre: keine Zahl'],
    ['pack_years', '1e3', 'invalidNumber', 'Packungsjahre: keine Zahl'],
  ])('refuse %s = %s (%s)', (key, value, code, message) => {
    expect(problems([fieldOf(key, value)])).toMatchObject([{ code, message, path: key }]);
  });

  it.each([
    ['pdl1_tps', '0'],
    ['pdl1_tps', '100'],
    ['pdl1_tps', '49,5'],
    ['pack_years', '0'],
    ['pack_years', '42.5'],
  ])('accept %s = %s', (key, value) => {
    expect(problems([fieldOf(key, value)])).toEqual([]);
  });

  it('hold whole numbers and their minimum in list entries, with the entry in the path', () => {
    const lines = fieldOf(
      'therapy_lines',
      null,
      entriesOf('therapy_line', [[fieldOf('line_no', '1')], [fieldOf('line_no', '1,5')], [fieldOf('line_no', '0')]]),
    );
    const found = fieldValueProblems({
      formFields: systemicTherapyInstrument.fields,
      fields: [lines],
      enumValueSets: [],
      text,
    });
    expect(found.map(({ path, code, message }) => ({ path, code, message }))).toEqual([
      { path: 'therapy_lines[1].line_no', code: 'notInteger', message: 'Linie: nur ganze Zahlen' },
      { path: 'therapy_lines[2].line_no', code: 'belowMinimum', message: 'Linie: mindestens 1' },
    ]);
  });
});

describe('codes', () => {
  it('take enum and multiEnum values from their value set only', () => {
    const found = problems([fieldOf('icd10', 'C34.7'), fieldOf('met_sites', [{ value: 'bone' }, { value: 'lung' }])]);
    expect(found.map(({ path, code, message }) => ({ path, code, message }))).toEqual([
      { path: 'icd10', code: 'unknownCode', message: 'field.icd10: „C34.7“ ist kein Wert der Auswahl.' },
      { path: 'met_sites', code: 'unknownCode', message: 'field.met_sites: „lung“ ist kein Wert der Auswahl.' },
    ]);
    expect(problems([fieldOf('icd10', 'C34.1'), fieldOf('met_sites', [{ value: 'bone' }, { value: 'brain' }])])).toEqual([]);
  });

  it('take terminology codes from the look-up instead of the value set, and leave them alone without one', () => {
    // The diagnosis picking its ICD-10 code from the icd-10-gm collection, as the demo registry does.
    const formFields = diagnosisInstrument.fields.map((field) =>
      field.identifier === 'icd10' ? { ...field, definition: { ...field.definition, terminology: 'icd-10-gm' } } : field,
    );
    const codeExists = (terminology: string, code: string) => terminology === 'icd-10-gm' && ['C34.1', 'C18.0'].includes(code);
    expect(problems([fieldOf('icd10', 'C18.0')], { formFields, codeExists })).toEqual([]);
    expect(problems([fieldOf('icd10', 'C99.9')], { formFields, codeExists })).toMatchObject([
      { code: 'unknownCode', message: 'field.icd10: „C99.9“ ist kein Code aus icd-10-gm.' },
    ]);
    expect(problems([fieldOf('icd10', 'C99.9')], { formFields })).toEqual([]);
  });

  it('take booleans as true or false', () => {
    expect(problems([fieldOf('biopsy_done', 'true')])).toEqual([]);
    expect(problems([fieldOf('biopsy_done', 'ja')])).toMatchObject([{ code: 'invalidBoolean' }]);
  });
});

describe('the form', () => {
  it('refuses a second value of a single-valued field', () => {
    expect(problems([fieldOf('pdl1_tps', [{ value: '10' }, { value: '20' }])])).toMatchObject([
      { code: 'singleValue', message: 'PD-L1 TPS: nur ein Wert erlaubt' },
    ]);
  });

  it('checks only the fields asked for, skips deleted fields, display values and blanks', () => {
    const date = fieldOf('diag_date', '2026-02-31');
    const tps = fieldOf('pdl1_tps', '150');
    expect(problems([date, tps], { fieldIds: new Set([tps.id]) }).map((p) => p.fieldId)).toEqual([tps.id]);
    expect(problems([{ ...date, isDeleted: true }, fieldOf('uicc', 'not a stage'), fieldOf('pack_years', '  ')])).toEqual([]);
  });

  it('names a nested field by its identifiers', () => {
    const stage = fieldOf('stage', null, [fieldOf('m', '1c')]);
    const tps = fieldOf('pdl1_tps', '101');
    expect(problems([stage, tps]).map((p) => p.path)).toEqual(['pdl1_tps']);
  });
});

describe('the visit date', () => {
  it.each([
    ['2026-02-31', 'impossibleDate', 'Visitendatum: Das Datum 31.02.2026 gibt es nicht.'],
    ['2026-05-XX', 'invalidDate', 'Visitendatum: „2026-05-XX“ ist kein vollständiges Datum.'],
    ['ongoing', 'invalidDate', 'Visitendatum: „ongoing“ ist kein vollständiges Datum.'],
    ['15.05.2026', 'invalidDate', 'Visitendatum: kein gültiges Datum (TT.MM.JJJJ, unbekannte Teile leer oder UK)'],
  ])('refuses %s', (value, code, message) => {
    expect(visitDateProblem(value)).toEqual({ code, message });
  });

  it('accepts a calendar day and no date', () => {
    expect(visitDateProblem('2028-02-29')).toBeNull();
    expect(visitDateProblem(null)).toBeNull();
    expect(visitDateProblem(' ')).toBeNull();
  });
});
