import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formProblems, startInput } from './exportParameters';

describe('export parameters', () => {
  it('sends only the kind’s parameters, days as Berlin instants, an end day whole', () => {
    const form = { ...EMPTY_FORM, fromDate: '2026-01-01', toDate: '2026-01-31', asXlsx: true };
    expect(startInput('CHANGES_EXPORT', 's', form)).toEqual({
      studyId: 's',
      fromDate: '2025-12-31T23:00:00.000Z',
      toDate: '2026-01-31T23:00:00.000Z',
    });
    expect(startInput('CSV_EXPORT', 's', form)).toEqual({ studyId: 's', exportEmptyTables: false, asXlsx: true });
    expect(startInput('SCREENING_EXPORT', 's', EMPTY_FORM)).toEqual({ studyId: 's' });
    expect(startInput('ODM_EXPORT', 's', form)).toEqual({ studyId: 's' });
    expect(startInput('FHIR_EXPORT', 's', { ...form, since: '2026-07-01' })).toEqual({ studyId: 's', since: '2026-06-30T22:00:00.000Z' });
    expect(startInput('FHIR_EXPORT', 's', form)).toEqual({ studyId: 's' });
  });

  it('takes only a whole, real day as the FHIR export’s since', () => {
    expect(formProblems('FHIR_EXPORT', { ...EMPTY_FORM, since: '2026--14' })).toEqual([{ field: 'since', message: 'sinceInvalid' }]);
    expect(formProblems('FHIR_EXPORT', { ...EMPTY_FORM, since: '2026-02-30' })).toEqual([{ field: 'since', message: 'sinceInvalid' }]);
    expect(formProblems('FHIR_EXPORT', { ...EMPTY_FORM, since: '2026-02-28' })).toEqual([]);
  });

  it('asks for the changes export’s start and refuses a start after the end', () => {
    expect(formProblems('CHANGES_EXPORT', EMPTY_FORM)).toEqual([{ field: 'fromDate', message: 'fromRequired' }]);
    expect(formProblems('REWARD', { ...EMPTY_FORM, fromDate: '2026-02-01', toDate: '2026-01-01' })).toEqual([
      { field: 'fromDate', message: 'fromAfterTo' },
    ]);
    expect(formProblems('REWARD', EMPTY_FORM)).toEqual([]);
  });
});
