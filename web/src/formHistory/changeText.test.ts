import { describe, expect, it } from 'vitest';
import { kitchenSinkDefinition, kitchenSinkIndex as index } from '@ecrf/rules/test-utils';
import { changeText, historyMoment, historyTime, valueSources } from './changeText';

const sources = valueSources(kitchenSinkDefinition, (key) => `«${key}»`, { organizations: [], persons: [] });
const side = (values: { value: string }[], more: { isDeleted?: boolean; lockedManually?: boolean } = {}) => ({
  values,
  isDeleted: more.isDeleted ?? false,
  lockedManually: more.lockedManually ?? false,
  json: null,
});
const column = (json: string) => ({ values: null, isDeleted: null, lockedManually: null, json });

describe('historyTime', () => {
  it('is dd.MM.yyyy HH:mm on Berlin’s clock in winter and summer', () => {
    expect(historyTime('2026-01-15T07:05:59.900Z')).toBe('15.01.2026 08:05');
    expect(historyTime('2026-07-01T22:30:00.000Z')).toBe('02.07.2026 00:30');
    expect(historyMoment('2026-07-01T22:30:09.999Z')).toBe('02.07.2026 00:30:09');
  });
});

describe('changeText', () => {
  const byType = (type: string) => [...index.fieldById.values()].find((field) => field.definition?.valueType === type);

  it('shows a field’s values as the form does: enum labels, dates, a deleted or locked field, a dash for none', () => {
    const enumField = [...index.fieldById.values()].find((field) => field.definition?.enumValueSetIdentifier);
    const set = kitchenSinkDefinition.enumValueSets.find((s) => s.identifier === enumField?.definition?.enumValueSetIdentifier);
    const code = set?.values[0];
    const subject = { key: 'fields.a', kind: 'FIELD', definition: enumField };
    expect(changeText(subject, side([{ value: code?.code ?? '' }]), sources)).toBe(`«${code?.displayKey ?? ''}»`);
    expect(changeText({ ...subject, definition: byType('date') }, side([{ value: '2026-02-03' }]), sources)).toBe('03.02.2026');
    expect(changeText(subject, side([], { isDeleted: true }), sources)).toBe('gelöscht');
    expect(changeText({ ...subject, definition: undefined }, side([{ value: 'x' }], { lockedManually: true }), sources)).toBe(
      'x (gesperrt)',
    );
    expect(changeText(subject, side([]), sources)).toBe('—');
    expect(changeText(subject, null, sources)).toBe('—');
  });

  it('names the record’s columns in German and shows older entries as their JSON', () => {
    expect(changeText({ key: 'state', kind: 'COLUMN', definition: undefined }, column('"missing_data"'), sources)).toBe('Unvollständig');
    expect(changeText({ key: 'visitDate', kind: 'COLUMN', definition: undefined }, column('"2026-03-01"'), sources)).toBe('01.03.2026');
    expect(changeText({ key: 'isSigned', kind: 'COLUMN', definition: undefined }, column('true'), sources)).toBe('ja');
    const withdrawal = '{"withdrawnAt":"2026-03-01T09:00:00.000Z","withdrawnBy":{"userName":"doku"},"reason":"Korrektur"}';
    expect(changeText({ key: 'signatureWithdrawal', kind: 'COLUMN', definition: undefined }, column(withdrawal), sources)).toBe(
      'von doku am 01.03.2026 10:00',
    );
    expect(changeText({ key: 'fields', kind: 'LEGACY_FORM', definition: undefined }, column('[{"id":"a"}]'), sources)).toBe('[{"id":"a"}]');
  });
});
