import { describe, expect, it } from 'vitest';
import type { DataFieldInstance, StudyPatientContext } from '../definition/instances.js';
import { fieldOf } from '../__testUtils__/builders.js';
import { consentsInstrument } from '../__testUtils__/kitchen-sink.js';
import { erikaContext, erikaData, institutes, kitchenSinkIndex, personas } from '../__testUtils__/personas.js';
import { formEvaluationContext, formEvaluationOptions, type PatientEvaluationInput } from './form-evaluation.js';
import { instrumentState } from './instrument-state.js';

/** Erika as stored, with her consents instrument stored in `state`. */
function inputWith(state: 'missing_data' | 'complete'): PatientEvaluationInput {
  const erika = erikaContext();
  const stored: StudyPatientContext = {
    ...erika,
    visits: erika.visits.map((v) => ({ ...v, instruments: v.instruments.map((i) => (i.id === 'i-erika-consents' ? { ...i, state } : i)) })),
  };
  return {
    index: kitchenSinkIndex,
    stored,
    patient: { pseudonym: erikaData.patientId, registrationDate: '2022-03-01' },
    viewer: personas.caseManager,
    location: institutes.berlin,
    today: '2025-06-01',
  };
}
const consentFields = (): readonly DataFieldInstance[] =>
  erikaContext().visits[0]?.instruments.find((i) => i.id === 'i-erika-consents')?.fields ?? [];

describe('formEvaluationContext: the form at its place (ecrf-core.md §3, §5)', () => {
  it('evaluates the edited fields as current and in place of the stored form', () => {
    const edited = [fieldOf('fu_date', '2023-04-01')];
    const context = formEvaluationContext(inputWith('complete'), { kind: 'visit', visitId: 'v-erika-fu1' }, edited);
    expect(context.fields('fu_date', { kind: 'current' })).toEqual(edited);
    expect(context.fields('fu_date', { kind: 'visit', visit: 'fu' })).toEqual(edited);
    expect(context.today).toBe('2025-06-01');
    expect(context.user()).toBe(personas.caseManager);
    expect(context.selectedInstitute()).toBe(institutes.berlin);
  });

  it('reads birth date and sex from the patient fields being edited', () => {
    const input = inputWith('complete');
    const edited = [fieldOf('sex', 'M'), fieldOf('birth_date', '1961-02-03')];
    expect(formEvaluationContext(input, { kind: 'patient' }, edited).patient()).toMatchObject({
      patientId: erikaData.patientId,
      birthDate: '1961-02-03',
      sex: 'M',
    });
    expect(formEvaluationContext(input, null, []).patient()).toMatchObject({ birthDate: '1950-07-XX', sex: 'W' });
  });

  it('evaluates a form without a place beside the stored documentation', () => {
    const input = inputWith('complete');
    const edited = [fieldOf('baseline_date', '2024-01-01')];
    const options = formEvaluationOptions(input, null, edited);
    expect(options.patientContext).toBe(input.stored);
    expect(options.current).toBe(edited);
  });

  it('puts the state the edited instrument gives in place, so consent 4 follows it in the same evaluation', () => {
    const fields = consentFields();
    const stored = inputWith('missing_data');
    const first = formEvaluationContext(stored, { kind: 'instrument', instrumentId: 'i-erika-consents' }, []);
    const given = instrumentState(consentsInstrument.fields, fields, first);
    expect(given).toBe('complete');
    const context = formEvaluationContext(stored, { kind: 'instrument', instrumentId: 'i-erika-consents', state: 'missing_data' }, fields);
    expect(context.instruments('consents')[0]?.state).toBe('complete');
    expect(context.consent4FullyGiven()).toBe(true);
  });

  it('keeps the stored state when the fields give it, and evaluates a new instrument with the state it gives', () => {
    const complete = inputWith('complete');
    const place = { kind: 'instrument', instrumentId: 'i-erika-consents', state: 'complete' } as const;
    expect(formEvaluationOptions(complete, place, consentFields()).patientContext.visits[0]?.instruments[0]?.state).toBe('complete');
    const emptied = formEvaluationContext(complete, place, []);
    expect(emptied.instruments('consents')[0]?.state).toBe('new');
    expect(emptied.consent4FullyGiven()).toBe(false);
    const added = formEvaluationContext(
      inputWith('missing_data'),
      { kind: 'newInstrument', visitId: 'v-erika-fu1', definitionId: 'id-diagnosis' },
      [fieldOf('diag_date', '2023-01-01')],
    );
    expect(added.instruments('diagnosis', 'fu')[0]).toMatchObject({ id: 'new', state: 'missing_data' });
  });
});
