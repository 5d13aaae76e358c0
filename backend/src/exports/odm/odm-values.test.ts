import { describe, expect, it } from 'vitest';
import { odmItemValue } from './odm-values.js';

const of = (valueKind: string, ...values: (string | null)[]) => odmItemValue({ valueKind }, { values: values.map((value) => ({ value })) });

describe('ODM values', () => {
  it('writes complete dates as ISO dates and partial ones as ODM partialDate', () => {
    expect(of('date', '2023-02-01')).toEqual({ kind: 'value', value: '2023-02-01' });
    expect(of('date', '2023-02-XX')).toEqual({ kind: 'value', value: '2023-02' });
    expect(of('date', '2023-UK-UK')).toEqual({ kind: 'value', value: '2023' });
  });

  it('keeps dates partialDate cannot carry as a null value with the stored text', () => {
    expect(of('date', 'XXXX-XX-XX')).toEqual({ kind: 'null', storedText: 'XXXX-XX-XX' });
    expect(of('date', 'ongoing')).toEqual({ kind: 'null', storedText: 'ongoing' });
    expect(of('date', 'unknown')).toEqual({ kind: 'null', storedText: 'unknown' });
  });

  it('writes numbers with a decimal point and several choices separated by commas', () => {
    expect(of('number', '12,5')).toEqual({ kind: 'value', value: '12.5' });
    expect(of('multiEnum', 'BRA', '', 'OSS')).toEqual({ kind: 'value', value: 'BRA,OSS' });
    expect(of('boolean', 'true')).toEqual({ kind: 'value', value: 'true' });
  });

  it('names network choices by the ids of person and location', () => {
    const value = odmItemValue(
      { valueKind: 'NngmNetworkPartner' },
      { values: [{ value: null, person: { id: 'p-1' }, organization: { id: 'o-7' } }] },
    );
    expect(value).toEqual({ kind: 'value', value: 'p-1@o-7' });
  });

  it('keeps free text as typed and reads codes, numbers and dates trimmed', () => {
    expect(of('text', ' Zeile 1\nZeile 2\n')).toEqual({ kind: 'value', value: ' Zeile 1\nZeile 2\n' });
    expect(of('enum', ' W ')).toEqual({ kind: 'value', value: 'W' });
    expect(of('number', ' 3 ')).toEqual({ kind: 'value', value: '3' });
    expect(of('date', ' 2023-02-01')).toEqual({ kind: 'value', value: '2023-02-01' });
  });

  it('writes nothing for a field without a value', () => {
    expect(of('text', null, ' ')).toBeNull();
    expect(odmItemValue({ valueKind: 'NngmNetworkLocation' }, { values: [] })).toBeNull();
  });
});
