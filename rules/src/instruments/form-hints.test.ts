import { describe, expect, it } from 'vitest';
import {
  diagnosisInstrument,
  entriesOf,
  erikaContext,
  erikaData,
  fieldOf,
  followUpVisit,
  baselineVisit,
  institutes,
  kitchenSinkIndex,
  personas,
  systemicTherapyInstrument,
} from '../__testUtils__/index.js';
import type { DataFieldInstance } from '../definition/instances.js';
import { formEvaluationContext, type EditedVisit, type PatientEvaluationInput } from './form-evaluation.js';
import type { FormPlace } from './form-place.js';
import { formHints, visitDateHints } from './form-hints.js';

const input: PatientEvaluationInput = {
  index: kitchenSinkIndex,
  stored: erikaContext(),
  patient: { pseudonym: erikaData.patientId, registrationDate: '2022-03-01' },
  viewer: personas.caseManager,
  location: institutes.berlin,
  today: '2025-06-01',
};
const text = (key: string) => `Text ${key}`;

function hintsAt(place: FormPlace | null, formFields: typeof baselineVisit.fields, fields: DataFieldInstance[], visit?: EditedVisit) {
  return formHints(formFields, fields, formEvaluationContext(input, place, fields, visit), text).map(({ path, displayKey }) => ({
    path,
    displayKey,
  }));
}

const therapy = (lines: DataFieldInstance[][]) => [fieldOf('therapy_lines', null, entriesOf('therapy_line', lines))];
const therapyPlace: FormPlace = { kind: 'instrument', instrumentId: 'i-erika-therapy' };

describe('plausibility hints of a form', () => {
  it('compare an end with the start of its own list entry', () => {
    const fields = therapy([
      [fieldOf('line_no', '1'), fieldOf('start', '2022-04-01'), fieldOf('end', '2022-10-01')],
      [fieldOf('line_no', '2'), fieldOf('start', '2022-10-15'), fieldOf('end', '2022-10-01')],
      [fieldOf('line_no', '3'), fieldOf('start', '2022-11-01'), fieldOf('end', '2022-XX-XX')],
    ]);
    expect(hintsAt(therapyPlace, systemicTherapyInstrument.fields, fields)).toEqual([
      { path: 'therapy_lines', displayKey: 'hint.therapy.manyLines' },
      { path: 'therapy_lines[1].end', displayKey: 'hint.end.beforeStart' },
    ]);
  });

  it('compare a date with the date of the visit the instrument belongs to', () => {
    const fields = therapy([[fieldOf('line_no', '1'), fieldOf('start', '2022-03-14')]]);
    // The baseline's date is its field baseline_date, 2022-03-15.
    expect(hintsAt(therapyPlace, systemicTherapyInstrument.fields, fields)).toEqual([
      { path: 'therapy_lines[0].start', displayKey: 'hint.start.beforeVisit' },
    ]);
    // A standalone form has no visit: no comparison, no hint.
    expect(
      hintsAt({ kind: 'newInstrument', visitId: null, definitionId: 'id-systemic-therapy' }, systemicTherapyInstrument.fields, fields),
    ).toEqual([]);
  });

  it('compare a visit date field with the registration and the baseline', () => {
    const baselinePlace: FormPlace = { kind: 'visit', visitId: 'v-erika-baseline' };
    expect(hintsAt(baselinePlace, baselineVisit.fields, [fieldOf('baseline_date', '2022-02-28')])).toEqual([
      { path: 'baseline_date', displayKey: 'hint.visitDate.beforeRegistration' },
    ]);
    expect(hintsAt(baselinePlace, baselineVisit.fields, [fieldOf('baseline_date', '2022-03-01')])).toEqual([]);
    const followUp = [fieldOf('fu_date', '2022-03-14')];
    const expected = [{ path: 'fu_date', displayKey: 'hint.visitDate.beforeBaseline' }];
    expect(hintsAt({ kind: 'visit', visitId: 'v-erika-fu1' }, followUpVisit.fields, followUp)).toEqual(expected);
    expect(hintsAt({ kind: 'visit', visitId: 'new' }, followUpVisit.fields, followUp, { definitionId: 'vd-fu', visitDate: null })).toEqual(
      expected,
    );
    expect(hintsAt({ kind: 'visit', visitId: 'new' }, followUpVisit.fields, [fieldOf('fu_date', '2022-03-15')])).toEqual([]);
  });

  it('take a baseline being edited as the baseline', () => {
    const place: FormPlace = { kind: 'visit', visitId: 'v-erika-baseline' };
    const context = formEvaluationContext(input, place, [fieldOf('baseline_date', '2023-01-02')]);
    expect(context.baselineDate()).toBe('2023-01-02');
    expect(context.visitDate()).toBe('2023-01-02');
    expect(formEvaluationContext(input, { kind: 'patient' }, []).visitDate()).toBeNull();
  });

  it('show a hint only at a field with a value', () => {
    // "Not a lung code" holds on an empty ICD-10 field too (notInsideList).
    const place: FormPlace = { kind: 'instrument', instrumentId: 'i-erika-diagnosis' };
    expect(hintsAt(place, diagnosisInstrument.fields, [fieldOf('icd10', null)])).toEqual([]);
    const hints = formHints(
      diagnosisInstrument.fields,
      [fieldOf('icd10', 'C50.9')],
      formEvaluationContext(input, place, [fieldOf('icd10', 'C50.9')]),
      text,
    );
    expect(hints).toMatchObject([{ path: 'icd10', definitionId: 'f-icd10', message: 'Text hint.icd10.notLung' }]);
  });
});

describe('hints of a visit date', () => {
  const context = (visitDate: string | null) =>
    formEvaluationContext(input, { kind: 'visit', visitId: 'v-erika-fu1' }, [fieldOf('fu_date', '2023-03-20')], {
      definitionId: 'vd-fu',
      visitDate,
    });

  it('read the date as typed', () => {
    expect(visitDateHints(followUpVisit, context('2031-01-01'), text)).toEqual([
      { displayKey: 'hint.visitDate.inFuture', message: 'Text hint.visitDate.inFuture' },
    ]);
    expect(visitDateHints(followUpVisit, context('2025-06-01'), text)).toEqual([]);
    expect(visitDateHints(followUpVisit, context(null), text)).toEqual([]);
  });

  it('have none without a current visit', () => {
    expect(visitDateHints(followUpVisit, formEvaluationContext(input, { kind: 'patient' }, []), text)).toEqual([]);
  });
});
