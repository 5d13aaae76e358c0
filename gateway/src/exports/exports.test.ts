import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/domain-event.js';
import { exportJobEventVisible, graphKind } from './exports.resolvers.js';

const event = (kind: string, locationIds: string[] | null): DomainEvent => ({
  id: '1-1',
  type: 'ExportJobChanged',
  occurredAt: '2026-11-25T10:00:00Z',
  studyId: 's',
  studyPatientId: null,
  studyInstituteId: null,
  payload: { jobId: 'j', kind, state: 'running', progress: 10, filesRight: 'x', locationIds },
});
const viewer = (rights: string[], locations: string[]) => ({
  roleIdentifier: 'DataManager',
  rights: new Set(rights),
  locationIds: new Set(locations),
});

describe('export job events', () => {
  it('go to holders of the kind’s files right whose locations cover the file', () => {
    expect(exportJobEventVisible(event('csv-export', ['a']), viewer(['CSV_EXPORT_GET_FILES_CMD'], ['a', 'b']))).toBe(true);
    expect(exportJobEventVisible(event('csv-export', ['a', 'c']), viewer(['CSV_EXPORT_GET_FILES_CMD'], ['a', 'b']))).toBe(false);
    expect(exportJobEventVisible(event('csv-export', ['a']), viewer(['CSV_EXPORT_START_CMD'], ['a']))).toBe(false);
    expect(exportJobEventVisible(event('reward', ['a']), viewer(['CSV_EXPORT_GET_FILES_CMD'], ['a']))).toBe(false);
  });

  it('of every location only to viewers of every patient', () => {
    expect(exportJobEventVisible(event('csv-export', null), viewer(['CSV_EXPORT_GET_FILES_CMD'], ['a']))).toBe(false);
    expect(exportJobEventVisible(event('csv-export', null), viewer(['CSV_EXPORT_GET_FILES_CMD', 'StudyPatientGetAllCmd'], []))).toBe(true);
    expect(exportJobEventVisible(event('unknown-kind', null), viewer(['SUPER_RIGHT'], []))).toBe(false);
  });

  it('name the kinds in capitals', () => {
    expect(graphKind('synquest-csv-export')).toBe('SYNQUEST_CSV_EXPORT');
    expect(graphKind('publication')).toBe('PUBLICATION');
  });
});
