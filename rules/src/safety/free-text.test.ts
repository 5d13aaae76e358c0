import { describe, expect, it } from 'vitest';
import { fieldDef, fieldOf } from '../__testUtils__/builders.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import { freeTextEntries, isFreeTextField } from './free-text.js';

const note = fieldDef('note', 'TableEntry', 10);
const comment = fieldDef('comment', 'TableEntry', 10, { parent: 'group', settings: { valueType: 'text' } });
const group = fieldDef('group', 'FieldGroup', 20);
const size = fieldDef('size', 'TableEntry', 30, { settings: { valueType: 'number' } });
const sex = fieldDef('sex', 'TableEntry', 40, { settings: { enumValueSetIdentifier: 'sex' } });
const byId = new Map<string, DataFieldDefinition>([note, comment, group, size, sex].map((d) => [d.id, d]));

describe('isFreeTextField', () => {
  it('takes value fields of type text or without type, never enumerations, numbers or containers', () => {
    expect([note, comment, group, size, sex].map(isFreeTextField)).toEqual([true, true, false, false, false]);
  });
});

describe('freeTextEntries', () => {
  const since = '2025-03-01T00:00:00.000Z';

  it('lists texts documented or changed since the instant, nested ones too, oldest first', () => {
    const fields = [
      fieldOf('note', 'Übelkeit Grad 2', [], { changeDate: '2025-03-02T10:00:00.000Z', changingUser: 'arzt', creatingUser: 'doku' }),
      fieldOf('group', null, [
        fieldOf('comment', [{ value: 'Zeile 1' }, { value: ' ' }, { value: 'Zeile 2' }], [], {
          creationDate: '2025-03-01T08:00:00.000Z',
          creatingUser: 'doku',
        }),
      ]),
      fieldOf('size', '12', [], { changeDate: '2025-03-05T00:00:00.000Z' }),
    ];
    const entries = freeTextEntries(fields, byId, since);
    expect(entries.map((e) => [e.definition.identifier, e.text, e.changedAt, e.changedBy])).toEqual([
      ['comment', 'Zeile 1\nZeile 2', '2025-03-01T08:00:00.000Z', 'doku'],
      ['note', 'Übelkeit Grad 2', '2025-03-02T10:00:00.000Z', 'arzt'],
    ]);
  });

  it('leaves out older, empty and deleted texts and texts inside deleted containers', () => {
    const fields = [
      fieldOf('note', 'alt', [], { changeDate: '2025-02-28T23:59:59.000Z' }),
      fieldOf('note', null, [], { changeDate: '2025-03-02T00:00:00.000Z' }),
      fieldOf('note', 'gelöscht', [], { changeDate: '2025-03-02T00:00:00.000Z', isDeleted: true }),
      fieldOf('group', null, [fieldOf('comment', 'darin', [], { changeDate: '2025-03-02T00:00:00.000Z' })], { isDeleted: true }),
    ];
    expect(freeTextEntries(fields, byId, since)).toEqual([]);
  });
});
