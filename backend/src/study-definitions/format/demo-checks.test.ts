/**
 * The demo registry's value checks and plausibility hints (issue 25 items 2 and 3): the seven cases of the issue,
 * evaluated by the rules functions the write path and the form use on the compiled demo definition.
 */
import {
  fieldValueProblems,
  formEvaluationContext,
  formHints,
  indexStudyDefinition,
  type DataFieldDefinition,
  type DataFieldInstance,
  type FormPlace,
  type StudyPatientContext,
} from '@ecrf/rules';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadDefinitionFile, shippedDefinitionsDir } from './definition-file.js';

const { compiled } = loadDefinitionFile(join(shippedDefinitionsDir, 'nngm-lung.definition.json'));
const index = indexStudyDefinition(compiled.definition);
const texts = new Map(compiled.languages.find((l) => l.identifier === 'de')?.entries.map((e) => [e.displayKey, e.displayValue]));
const text = (key: string) => texts.get(key) ?? key;

const visitFields = (identifier: string) => index.visitByIdentifier.get(identifier)?.fields ?? [];
const instrumentFields = (identifier: string) => index.instrumentByIdentifier.get(identifier)?.fields ?? [];
const definitionId = (identifier: string) => index.instrumentByIdentifier.get(identifier)?.id ?? '';
const visitDefinitionId = (identifier: string) => index.visitByIdentifier.get(identifier)?.id ?? '';

let sequence = 0;
/** An instance of the form's field `identifier` below `parent` (null: a root field). */
function field(form: readonly DataFieldDefinition[], identifier: string, value: string | null, children: DataFieldInstance[] = []) {
  const definition = form.find((d) => d.identifier === identifier);
  if (!definition) throw new Error(`no field ${identifier}`);
  sequence += 1;
  return {
    id: `f${sequence}`,
    definitionId: definition.id,
    values: value === null ? [] : [{ value }],
    order: sequence * 10,
    childFields: children,
  };
}

const therapyForm = instrumentFields('systemic_therapy');
const line = (start: string, end: string | null, progression: string | null) =>
  field(therapyForm, 'therapy_line', null, [
    field(therapyForm, 'line_no', '1'),
    field(therapyForm, 'start', start),
    ...(end ? [field(therapyForm, 'end', end)] : []),
    field(therapyForm, 'best_response', progression ? 'PD' : 'SD'),
    ...(progression ? [field(therapyForm, 'progression_date', progression)] : []),
  ]);

const stored: StudyPatientContext = {
  id: 'sp',
  patientId: 'LUNG-0042',
  fields: [],
  visits: [
    {
      id: 'v-baseline',
      definitionId: visitDefinitionId('baseline'),
      visitDate: '2026-01-15',
      fields: [field(visitFields('baseline'), 'baseline_date', '2026-01-15')],
      instruments: [{ id: 'i-therapy', definitionId: definitionId('systemic_therapy'), fields: [] }],
    },
    { id: 'v-fu', definitionId: visitDefinitionId('fu'), visitDate: '2026-04-01', fields: [], instruments: [] },
  ],
  standaloneInstruments: [],
};
const input = {
  index,
  stored,
  patient: { pseudonym: 'LUNG-0042', registrationDate: '2026-01-10' },
  viewer: { id: 'u', userName: 'arzt', roleIdentifier: 'Physician' },
  location: null,
  today: '2026-05-01',
};

function hintsOf(place: FormPlace, form: readonly DataFieldDefinition[], fields: DataFieldInstance[]): string[] {
  return formHints(form, fields, formEvaluationContext(input, place, fields), text).map((h) => `${h.path}: ${h.message}`);
}

describe('the demo registry', () => {
  it('hints at a visit date in the future and before the registration', () => {
    const place: FormPlace = { kind: 'visit', visitId: 'v-baseline' };
    expect(hintsOf(place, visitFields('baseline'), [field(visitFields('baseline'), 'baseline_date', '2031-01-15')])).toEqual([
      'baseline_date: Das Datum der Baseline-Visite liegt in der Zukunft.',
    ]);
    expect(hintsOf(place, visitFields('baseline'), [field(visitFields('baseline'), 'baseline_date', '2026-01-09')])).toEqual([
      'baseline_date: Das Datum der Baseline-Visite liegt vor der Registrierung des Patienten.',
    ]);
    expect(hintsOf(place, visitFields('baseline'), [field(visitFields('baseline'), 'baseline_date', '2026-01-10')])).toEqual([]);
  });

  it('hints at a follow-up dated before its baseline', () => {
    const fields = [field(visitFields('fu'), 'fu_date', '2026-01-12')];
    expect(hintsOf({ kind: 'visit', visitId: 'v-fu' }, visitFields('fu'), fields)).toEqual([
      'fu_date: Die Follow-up-Visite liegt vor der Baseline-Visite.',
    ]);
  });

  it('hints at a therapy that ends before it starts and a progression before the therapy', () => {
    const fields = [
      field(therapyForm, 'therapy_lines', null, [line('2026-02-01', '2026-01-20', null), line('2026-02-01', '2026-06-01', '2026-01-25')]),
    ];
    expect(hintsOf({ kind: 'instrument', instrumentId: 'i-therapy' }, therapyForm, fields)).toEqual([
      'therapy_lines[0].end: Das Therapieende liegt vor dem Therapiebeginn.',
      'therapy_lines[1].progression_date: Die Progression liegt vor dem Therapiebeginn.',
    ]);
  });

  it('refuses PD-L1 TPS 150 %, −5 pack-years and dates the calendar lacks', () => {
    const refused = (form: readonly DataFieldDefinition[], fields: DataFieldInstance[]) =>
      fieldValueProblems({ formFields: form, fields, enumValueSets: compiled.definition.enumValueSets, text }).map((p) => p.message);
    const molecular = instrumentFields('molecular');
    expect(refused(molecular, [field(molecular, 'markers', null, [field(molecular, 'pdl1_tps', '150')])])).toEqual([
      'PD-L1 TPS: höchstens 100 %',
    ]);
    const smoking = instrumentFields('smoking_history');
    expect(refused(smoking, [field(smoking, 'pack_years', '-5')])).toEqual(['Packungsjahre: mindestens 0 py']);
    const board = instrumentFields('tumour_board');
    expect(refused(board, [field(board, 'board_date', '2026-02-31')])).toEqual([
      expect.stringMatching(/: Das Datum 31\.02\.2026 gibt es nicht\.$/),
    ]);
    expect(refused(board, [field(board, 'board_date', '2027-02-29')])).toEqual([
      expect.stringMatching(/: Das Datum 29\.02\.2027 gibt es nicht\.$/),
    ]);
  });
});
