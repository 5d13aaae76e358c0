import { describe, expect, it } from 'vitest';
import { fieldOf } from '../__testUtils__/builders.js';
import { erikaContext, kitchenSinkIndex } from '../__testUtils__/personas.js';
import type { StudyPatientContext, Visit } from '../definition/instances.js';
import { followUpCalendarEntry } from './calendar.js';

const erika = erikaContext();
const [baseline, fu] = erika.visits;
if (!baseline || !fu) throw new Error('fixture');
const withVisits = (...visits: Visit[]): StudyPatientContext => ({ ...erika, visits });

describe('follow-up calendar (/calendar)', () => {
  it('is due at the baseline execution date plus 2 years, overdue only after that day', () => {
    expect(followUpCalendarEntry(erika, kitchenSinkIndex, '2024-03-15')).toEqual({
      visitDefinitionId: 'vd-fu24',
      baselineDate: '2022-03-15',
      dueDate: '2024-03-15',
      overdue: false,
    });
    expect(followUpCalendarEntry(erika, kitchenSinkIndex, '2024-03-16')?.overdue).toBe(true);
    expect(followUpCalendarEntry(erika, kitchenSinkIndex, '2023-01-01')?.dueDate).toBe('2024-03-15');
  });
  it('leaves the calendar once the follow-up registry visit exists, and returns when it is deleted', () => {
    const registry: Visit = { id: 'v-fu24', definitionId: 'vd-fu24', fields: [], instruments: [] };
    expect(followUpCalendarEntry(withVisits(baseline, fu, registry), kitchenSinkIndex, '2024-03-15')).toBeNull();
    expect(
      followUpCalendarEntry(withVisits(baseline, fu, { ...registry, isDeleted: true }), kitchenSinkIndex, '2024-03-15'),
    ).not.toBeNull();
  });
  it('has no entry without a documented, dated baseline', () => {
    expect(followUpCalendarEntry(withVisits(fu), kitchenSinkIndex, '2024-03-15')).toBeNull();
    expect(followUpCalendarEntry(withVisits({ ...baseline, isNew: true }, fu), kitchenSinkIndex, '2024-03-15')).toBeNull();
    expect(followUpCalendarEntry(withVisits({ ...baseline, fields: [], visitDate: null }, fu), kitchenSinkIndex, '2024-03-15')).toBeNull();
  });
  it('has no entry for a deceased patient or a blocking vital state', () => {
    const vital = (deceased: string, state: string): Visit => ({
      ...fu,
      instruments: [{ id: 'vs', definitionId: 'id-vital-status', fields: [fieldOf('deceased', deceased), fieldOf('vital_state', state)] }],
    });
    expect(followUpCalendarEntry(withVisits(baseline, vital('yes', 'L')), kitchenSinkIndex, '2024-03-15')).toBeNull();
    expect(followUpCalendarEntry(withVisits(baseline, vital('no', 'A')), kitchenSinkIndex, '2024-03-15')).toBeNull();
    expect(followUpCalendarEntry(withVisits(baseline, vital('no', 'L')), kitchenSinkIndex, '2024-03-15')).not.toBeNull();
  });
});
