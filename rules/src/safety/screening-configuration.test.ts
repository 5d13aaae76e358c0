import { describe, expect, it } from 'vitest';
import { fieldOf } from '../__testUtils__/builders.js';
import { kitchenSinkDefinition } from '../__testUtils__/kitchen-sink.js';
import { fieldValueText, resolveScreeningConfiguration } from './screening-configuration.js';

describe('resolveScreeningConfiguration', () => {
  it('finds patient, visit and instrument value fields by their identifiers', () => {
    const { fields, problems } = resolveScreeningConfiguration(kitchenSinkDefinition, {
      studyPatientFieldsConfiguration: ['sex', 'birth_date'],
      visitFieldsConfiguration: ['baseline.baseline_date'],
      instrumentFieldsConfiguration: ['diagnosis.icd10', 'diagnosis.t'],
    });
    expect(problems).toEqual([]);
    expect(fields.map((f) => [f.list, f.formIdentifier, f.definition.id])).toEqual([
      ['studyPatientFieldsConfiguration', null, 'f-sex'],
      ['studyPatientFieldsConfiguration', null, 'f-birth_date'],
      ['visitFieldsConfiguration', 'baseline', 'f-baseline_date'],
      ['instrumentFieldsConfiguration', 'diagnosis', 'f-icd10'],
      ['instrumentFieldsConfiguration', 'diagnosis', 'f-t'],
    ]);
  });

  it('names malformed, unknown, container and repeated entries with their place in German', () => {
    const { fields, problems } = resolveScreeningConfiguration(kitchenSinkDefinition, {
      studyPatientFieldsConfiguration: ['sex', 'sex', 'height'],
      visitFieldsConfiguration: ['baseline_date', 'nachsorge.fu_date'],
      instrumentFieldsConfiguration: ['diagnosis.stage'],
    });
    expect(fields).toHaveLength(1);
    expect(problems).toEqual([
      { path: 'studyPatientFieldsConfiguration[1]', message: '„sex“ ist doppelt angegeben' },
      { path: 'studyPatientFieldsConfiguration[2]', message: '„height“: kein Wertefeld dieses Namens in der Studiendefinition' },
      { path: 'visitFieldsConfiguration[0]', message: '„baseline_date“ ist keine Feldangabe der Form „Formular.Feld“' },
      { path: 'visitFieldsConfiguration[1]', message: '„nachsorge.fu_date“: Formular „nachsorge“ gibt es in der Studiendefinition nicht' },
      { path: 'instrumentFieldsConfiguration[0]', message: '„diagnosis.stage“: kein Wertefeld dieses Namens in der Studiendefinition' },
    ]);
  });
});

describe('fieldValueText', () => {
  it('joins the values of the first live instance, searching containers', () => {
    const fields = [
      fieldOf('t', 'alt', [], { isDeleted: true }),
      fieldOf('stage', null, [fieldOf('t', [{ value: '2a' }, { value: '' }, { value: 'x' }])]),
    ];
    expect(fieldValueText(fields, 'f-t')).toBe('2a, x');
    expect(fieldValueText(fields, 'f-m')).toBeNull();
    expect(fieldValueText(fields, 'f-t', (code) => `T${code}`)).toBe('T2a, Tx');
  });
});
