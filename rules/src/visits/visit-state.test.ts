import { describe, expect, it } from 'vitest';
import { baselineVisit, digiNetFollowUpVisit, followUpVisit } from '../__testUtils__/kitchen-sink.js';
import { erikaContext, institutes, kitchenSinkContext, personas } from '../__testUtils__/personas.js';
import { canAddVisit, isVisitVisible, visitEditability } from './visit-state.js';

describe('visit visibility (ecrf-calls.md §4)', () => {
  const none = { nngmCaseInstituteIds: [], digiNetVisitInstituteIds: [] };
  it('visible when not deleted and the visibility rule holds', () => {
    const patientContext = erikaContext();
    expect(isVisitVisible(followUpVisit, null, kitchenSinkContext())).toBe(true);
    expect(isVisitVisible(followUpVisit, null, kitchenSinkContext({ patientContext: { ...patientContext, visits: [] } }))).toBe(false);
    expect(isVisitVisible(baselineVisit, patientContext.visits[0], kitchenSinkContext())).toBe(true);
    expect(
      isVisitVisible(
        baselineVisit,
        { ...patientContext.visits[0], id: 'v', definitionId: 'vd-baseline', instruments: [], fields: [], isDeleted: true },
        kitchenSinkContext(),
      ),
    ).toBe(false);
  });
  it('the DigiNet follow-up visit is visible at DigiNet centres and to data managers only', () => {
    expect(isVisitVisible(digiNetFollowUpVisit, null, kitchenSinkContext({ assignments: none }))).toBe(false);
    expect(
      isVisitVisible(digiNetFollowUpVisit, null, kitchenSinkContext({ assignments: none, selectedInstitute: institutes.cologne })),
    ).toBe(true);
    expect(isVisitVisible(digiNetFollowUpVisit, null, kitchenSinkContext({ assignments: none, user: personas.dataManager }))).toBe(true);
  });
  it('reads DigiNet visit assignments from the visits by default', () => {
    const patientContext = erikaContext();
    const assigned = { id: 'v-fu24', definitionId: 'vd-fu24', instruments: [], fields: [], assignedInstituteId: 'inst-1001' };
    const withVisit = { ...patientContext, visits: [...patientContext.visits, assigned] };
    expect(isVisitVisible(digiNetFollowUpVisit, assigned, kitchenSinkContext({ patientContext: withVisit }))).toBe(true);
  });
});

describe('visit editability (ecrf-calls.md §4)', () => {
  it('editable when all editability rules hold', () => {
    expect(visitEditability(baselineVisit, kitchenSinkContext())).toEqual({ editable: true });
    expect(visitEditability(digiNetFollowUpVisit, kitchenSinkContext({ user: personas.digiNetPhysician }))).toEqual({ editable: true });
  });
  it('otherwise the message of the first broken rule', () => {
    expect(visitEditability(baselineVisit, kitchenSinkContext({ today: '2030-01-01' }))).toEqual({
      editable: false,
      message: 'visit.locked.hardlock',
    });
    expect(visitEditability(digiNetFollowUpVisit, kitchenSinkContext({ today: '2030-01-01' }))).toEqual({
      editable: false,
      message: 'visit.locked.role',
    });
    expect(visitEditability(digiNetFollowUpVisit, kitchenSinkContext({ today: '2030-01-01', user: personas.dataManager }))).toEqual({
      editable: false,
      message: 'visit.locked.hardlock',
    });
  });
});

describe('visit count limit (definition.max)', () => {
  it('allows visits up to max; deleted visits do not count; no max is unlimited', () => {
    const visits = erikaContext().visits;
    expect(canAddVisit(baselineVisit, visits)).toBe(false);
    expect(
      canAddVisit(
        baselineVisit,
        visits.map((v) => ({ ...v, isDeleted: true })),
      ),
    ).toBe(true);
    expect(canAddVisit(followUpVisit, [...visits, ...visits, ...visits])).toBe(true);
  });
});
