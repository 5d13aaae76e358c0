import { describe, expect, it } from 'vitest';
import type { DataFieldInstance, StudyPatientContext } from '../definition/instances.js';
import { withFormInPlace } from './form-place.js';

const field = (id: string, value: string): DataFieldInstance => ({
  id,
  definitionId: `def-${id}`,
  values: [{ value }],
  order: 10,
  childFields: [],
});
const stored: StudyPatientContext = {
  id: 'p1',
  patientId: 'DEMO-1',
  fields: [field('pf', 'stored')],
  visits: [
    {
      id: 'v1',
      definitionId: 'baseline',
      fields: [field('vf', 'stored')],
      instruments: [{ id: 'i1', definitionId: 'consent', fields: [field('if', 'stored')], state: 'missing_data' }],
    },
    { id: 'v2', definitionId: 'fu', fields: [], instruments: [] },
  ],
  standaloneInstruments: [{ id: 's1', definitionId: 'vital', fields: [field('sf', 'stored')], state: 'new' }],
};
const edited = [field('x', 'edited')];

describe('the form being edited in place of the stored one', () => {
  it('replaces an instrument and its state, leaving every other form as stored', () => {
    const context = withFormInPlace(stored, { kind: 'instrument', instrumentId: 'i1', state: 'complete' }, edited);
    expect(context.visits[0]?.instruments[0]).toMatchObject({ id: 'i1', fields: edited, state: 'complete' });
    expect(context.fields).toBe(stored.fields);
    expect(context.visits[0]?.fields).toBe(stored.visits[0]?.fields);
    expect(context.standaloneInstruments[0]?.fields).toBe(stored.standaloneInstruments[0]?.fields);
  });
  it('keeps the stored state when the place names none', () => {
    const context = withFormInPlace(stored, { kind: 'instrument', instrumentId: 's1' }, edited);
    expect(context.standaloneInstruments[0]).toMatchObject({ fields: edited, state: 'new' });
  });
  it('adds a new instrument to its visit, or standalone without one', () => {
    const inVisit = withFormInPlace(stored, { kind: 'newInstrument', visitId: 'v2', definitionId: 'staging' }, edited);
    expect(inVisit.visits[1]?.instruments).toEqual([
      { id: 'new', definitionId: 'staging', fields: edited, state: 'new', isDeleted: false },
    ]);
    expect(inVisit.standaloneInstruments).toHaveLength(1);
    const standalone = withFormInPlace(stored, { kind: 'newInstrument', visitId: null, definitionId: 'vital' }, edited);
    expect(standalone.standaloneInstruments.map((i) => i.id)).toEqual(['s1', 'new']);
    expect(standalone.visits[1]?.instruments).toEqual([]);
  });
  it("replaces the patient fields or one visit's fields", () => {
    expect(withFormInPlace(stored, { kind: 'patient' }, edited).fields).toBe(edited);
    const visit = withFormInPlace(stored, { kind: 'visit', visitId: 'v2' }, edited);
    expect(visit.visits.map((v) => v.fields)).toEqual([stored.visits[0]?.fields, edited]);
  });
});
