import { describe, expect, it } from 'vitest';
import type { DataFieldDefinition, FieldDefinitionSettings } from '@ecrf/rules';
import { fieldValueText, type ValueTextSources } from './fieldText';

const field = (definitionType: DataFieldDefinition['definitionType'], definition: FieldDefinitionSettings = {}): DataFieldDefinition => ({
  id: 'f',
  identifier: 'f',
  displayKey: 'f',
  definitionType,
  order: 10,
  rules: [],
  definition,
});

const sources: ValueTextSources = {
  text: (key) => ({ 'icd.c341': 'C34.1 Oberlappen (-Bronchus)', 'icd.c342': 'C34.2 Mittellappen' })[key] ?? key,
  enumValues: (identifier) =>
    identifier === 'icd'
      ? [
          { code: 'C34.1', displayKey: 'icd.c341', order: 10 },
          { code: 'C34.2', displayKey: 'icd.c342', order: 20 },
        ]
      : [],
  organizationName: (id) => (id === 'org-1' ? 'Universitätsklinikum Köln' : null),
  person: (id) => (id === 'p-2' ? { id, title: null, firstName: 'Mia', lastName: 'Molekular' } : null),
};

describe('fieldValueText', () => {
  it('prints enum codes by their label, and a code the set no longer has as itself', () => {
    const diagnosis = field('TableEntry', { valueType: 'enum', enumValueSetIdentifier: 'icd' });
    expect(fieldValueText(diagnosis, [{ value: 'C34.1' }], sources)).toBe('C34.1 Oberlappen (-Bronchus)');
    expect(fieldValueText(diagnosis, [{ value: 'C99' }], sources)).toBe('C99');
  });

  it('prints every chosen value of a multiple choice', () => {
    const sites = field('TableEntry', { valueType: 'multiEnum', enumValueSetIdentifier: 'icd' });
    expect(fieldValueText(sites, [{ value: 'C34.1' }, { value: 'C34.2' }], sources)).toBe(
      'C34.1 Oberlappen (-Bronchus), C34.2 Mittellappen',
    );
  });

  it('prints partial dates in the registry notation and whole unknown or ongoing dates in words', () => {
    const date = field('TableEntry', { valueType: 'date' });
    expect(fieldValueText(date, [{ value: '2026-10-15' }], sources)).toBe('15.10.2026');
    expect(fieldValueText(date, [{ value: '2026-10-XX' }], sources)).toBe('XX.10.2026');
    expect(fieldValueText(date, [{ value: '2026-UK-UK' }], sources)).toBe('UK.UK.2026');
    expect(fieldValueText(date, [{ value: 'unknown' }], sources)).toBe('Datum unbekannt');
    expect(fieldValueText(date, [{ value: 'ongoing' }], sources)).toBe('Andauernd');
  });

  it('prints numbers with a decimal comma and the unit stored with the value, else the definition unit', () => {
    const weight = field('TableEntry', { valueType: 'number', unit: 'kg' });
    expect(fieldValueText(weight, [{ value: '72.5' }], sources)).toBe('72,5 kg');
    expect(fieldValueText(weight, [{ value: '180', unit: 'cm' }], sources)).toBe('180 cm');
  });

  it('prints yes and no, and nothing for blank values', () => {
    const smoker = field('TableEntry', { valueType: 'boolean' });
    expect(fieldValueText(smoker, [{ value: 'true' }], sources)).toBe('Ja');
    expect(fieldValueText(smoker, [{ value: 'false' }], sources)).toBe('Nein');
    expect(fieldValueText(smoker, [{ value: ' ' }, { value: null }], sources)).toBeNull();
    expect(fieldValueText(smoker, [], sources)).toBeNull();
  });

  it('prints a network choice as the person and the location by name', () => {
    const partner = field('NngmNetworkPartner');
    const value = { value: null, organization: { id: 'org-1' }, person: { id: 'p', title: 'Dr.', firstName: 'Eva', lastName: 'Roth' } };
    expect(fieldValueText(partner, [value], sources)).toBe('Dr. Eva Roth, Universitätsklinikum Köln');
    expect(fieldValueText(field('NngmNetworkLocation'), [], sources)).toBeNull();
  });

  it('names a chosen person the stored value holds by id only from the network directory, never by the id', () => {
    const partner = field('NngmNetworkPartner');
    const stored = { value: null, organization: { id: 'org-1' }, person: { id: 'p-2' } };
    expect(fieldValueText(partner, [stored], sources)).toBe('Mia Molekular, Universitätsklinikum Köln');
  });
});
