import { describe, expect, it } from 'vitest';
import { schemaFieldErrors } from './validation-messages.js';

describe('schema refusals in German', () => {
  it('name the field by its label and the limit it broke', () => {
    expect(
      schemaFieldErrors([
        { keyword: 'maxLength', instancePath: '/reasonForChange', params: { limit: 2000 } },
        { keyword: 'required', instancePath: '', params: { missingProperty: 'version' } },
        { keyword: 'minimum', instancePath: '/fields/0/order', params: { limit: 10, comparison: '>=' } },
        { keyword: 'format', instancePath: '/visitDate', params: { format: 'date' } },
      ]),
    ).toEqual([
      { field: 'reasonForChange', message: 'Grund der Änderung: höchstens 2.000 Zeichen' },
      { field: 'version', message: 'Version: fehlt' },
      { field: 'fields[0].order', message: 'Reihenfolge: mindestens 10' },
      { field: 'visitDate', message: 'Visitendatum: ist kein Datum der Form JJJJ-MM-TT' },
    ]);
  });

  it("give every other keyword a German text (ajv-i18n), never the validator's English", () => {
    const [refusal] = schemaFieldErrors([
      {
        keyword: 'enum',
        instancePath: '/state',
        params: { allowedValues: ['complete'] },
        message: 'must be equal to one of the allowed values',
      },
    ]);
    expect(refusal?.message).toBe('Status: muss einem der vorgegebenen Werte entsprechen');
  });
});
