import { describe, expect, it } from 'vitest';
import { dataQueryHref } from './dataQueryLink';

describe('the address of a query’s record', () => {
  const studyPatientId = 'U3R1ZHlQYXRpZW50OjE=';
  it('opens the instrument form at the field, with or without a visit', () => {
    expect(dataQueryHref({ studyPatientId, visitId: 'V1', instrumentId: 'I1', dataFieldId: 'F/1=' })).toBe(
      '/patient/U3R1ZHlQYXRpZW50OjE%3D/visit/V1/instrument/I1/edit?field=F%2F1%3D',
    );
    expect(dataQueryHref({ studyPatientId, visitId: null, instrumentId: 'I1', dataFieldId: null })).toBe(
      '/patient/U3R1ZHlQYXRpZW50OjE%3D/instrument/I1/edit',
    );
  });

  it('opens the visit, its form for a visit field, and the patient or the master data form', () => {
    expect(dataQueryHref({ studyPatientId, visitId: 'V1' })).toBe('/patient/U3R1ZHlQYXRpZW50OjE%3D/visit/V1');
    expect(dataQueryHref({ studyPatientId, visitId: 'V1', dataFieldId: 'F1' })).toBe(
      '/patient/U3R1ZHlQYXRpZW50OjE%3D/visit/V1/edit?field=F1',
    );
    expect(dataQueryHref({ studyPatientId })).toBe('/patient/U3R1ZHlQYXRpZW50OjE%3D');
    expect(dataQueryHref({ studyPatientId, dataFieldId: 'F1' })).toBe('/patient/edit/U3R1ZHlQYXRpZW50OjE%3D?field=F1');
    expect(dataQueryHref(null)).toBeNull();
  });
});
