import { describe, expect, it } from 'vitest';
import { entriesOf, fieldOf } from '../__testUtils__/builders.js';
import {
  diagnosisInstrument,
  digiNetCareInstrument,
  patientFields,
  systemicTherapyInstrument,
  vitalStatusInstrument,
} from '../__testUtils__/kitchen-sink.js';
import { erikaContext, institutes, kitchenSinkContext } from '../__testUtils__/personas.js';
import type { DataFieldInstance } from '../definition/instances.js';
import { instrumentState, isPatientComplete } from './instrument-state.js';

const state = (fields: readonly DataFieldInstance[], definitions = diagnosisInstrument.fields) =>
  instrumentState(definitions, fields, kitchenSinkContext({ current: fields }));

describe('instrument state (ecrf-calls.md §3, §4)', () => {
  it('new when nothing is entered', () => {
    expect(state([])).toBe('new');
    expect(state([fieldOf('icd10', '  '), fieldOf('stage', null, [fieldOf('t')])])).toBe('new');
  });
  it('missing_data when a visible required field is empty, also one never created', () => {
    expect(state([fieldOf('icd10', 'C34.1')])).toBe('missing_data');
    expect(state([fieldOf('icd10', 'C34.1'), fieldOf('diag_date', '2022-03-10')])).toBe('complete');
  });
  it('complete when required fields of invisible fields are empty', () => {
    const vital = (deceased: string, extra: DataFieldInstance[] = []) =>
      state([fieldOf('status', 'alive'), fieldOf('deceased', deceased), ...extra], vitalStatusInstrument.fields);
    expect(vital('no')).toBe('complete');
    expect(vital('yes')).toBe('missing_data');
    expect(vital('yes', [fieldOf('death_date', '2024-01-02')])).toBe('complete');
  });
  it('evaluates rules of a list entry against its siblings', () => {
    const therapy = (lines: DataFieldInstance[][]) =>
      state([fieldOf('therapy_lines', null, entriesOf('therapy_line', lines))], systemicTherapyInstrument.fields);
    expect(therapy([[fieldOf('line_no', '1'), fieldOf('end', '2022-10-01'), fieldOf('end_reason', 'P')], [fieldOf('line_no', '2')]])).toBe(
      'complete',
    );
    expect(therapy([[fieldOf('line_no', '1')], [fieldOf('line_no', '2'), fieldOf('end', '2023-01-01')]])).toBe('missing_data');
    expect(therapy([[fieldOf('start', '2022-01-01')]])).toBe('missing_data');
  });
  it('ignores deleted fields and deleted definitions', () => {
    const fields = [fieldOf('icd10', 'C34.1'), fieldOf('diag_date', '2022-03-10', [], { isDeleted: true })];
    expect(state(fields)).toBe('missing_data');
    // legacy_regimen is a deleted definition with a required rule: it does not keep the instrument open.
    const line = entriesOf('therapy_line', [[fieldOf('line_no', '1')]]);
    expect(state([fieldOf('therapy_lines', null, line)], systemicTherapyInstrument.fields)).toBe('complete');
  });
  it('missing_data when a visible network field is incomplete; invisible network fields do not count', () => {
    const care = (fields: DataFieldInstance[], selectedInstitute = institutes.cologne) =>
      instrumentState(digiNetCareInstrument.fields, fields, kitchenSinkContext({ current: fields, selectedInstitute }));
    // care_partner is visible (Erika gave consent 4) and needs a therapist.
    const partner = fieldOf('care_partner', [{ value: null, person: { id: 'p-1' } }]);
    expect(care([fieldOf('care_partner', [{ value: 'x' }])])).toBe('missing_data');
    const note = partner;
    expect(care([note, fieldOf('treating_location', [{ value: null, organization: { id: '' } }])])).toBe('missing_data');
    expect(care([note, fieldOf('treating_location', [{ value: null, organization: { id: 'o-1' } }])])).toBe('complete');
    expect(care([note, fieldOf('treating_location', [{ value: null, organization: { id: '' } }])], institutes.berlin)).toBe('complete');
  });
});

describe('patient completeness (ecrf-calls.md §5)', () => {
  const complete = (fields: DataFieldInstance[]) =>
    isPatientComplete(patientFields, fields, kitchenSinkContext({ patientContext: { ...erikaContext(), fields }, current: fields }));
  it('complete when every visible required patient field has a value', () => {
    expect(complete([fieldOf('sex', 'W'), fieldOf('birth_date', '1950-07-XX')])).toBe(true);
  });
  it('incomplete when a required field is empty', () => {
    expect(complete([fieldOf('sex', 'W')])).toBe(false);
  });
  it('a conditionally required field counts only while its rule holds and it is visible', () => {
    const base = [fieldOf('sex', 'W'), fieldOf('birth_date', '1950-07-XX')];
    expect(complete([...base, fieldOf('insurance_status', 'KV-Nummer bekannt (GKV)')])).toBe(false);
    expect(complete([...base, fieldOf('insurance_status', 'KV-Nummer bekannt (GKV)'), fieldOf('insurance_number', 'A123456780')])).toBe(
      true,
    );
    expect(complete([...base, fieldOf('insurance_status', 'privat')])).toBe(true);
  });
});
