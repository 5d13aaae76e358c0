import { describe, expect, it } from 'vitest';
import { exportJobVisible } from './export-visibility.js';

const job = (locationIds: string[] | null) => ({ filesRight: 'CSV_EXPORT_GET_FILES_CMD' as const, locationIds });

describe('exportJobVisible', () => {
  it('needs the files right of the kind', () => {
    expect(exportJobVisible({ rights: ['CSV_EXPORT_START_CMD'], locations: null }, job(null))).toBe(false);
    expect(exportJobVisible({ rights: ['CSV_EXPORT_GET_FILES_CMD'], locations: null }, job(null))).toBe(true);
    expect(exportJobVisible({ rights: ['SUPER_RIGHT'], locations: null }, job(['a']))).toBe(true);
  });

  it('shows a file only when the viewer may read every location it holds', () => {
    const viewer = { rights: ['CSV_EXPORT_GET_FILES_CMD'], locations: new Set(['a', 'b']) };
    expect(exportJobVisible(viewer, job(['a']))).toBe(true);
    expect(exportJobVisible(viewer, job(['a', 'b']))).toBe(true);
    expect(exportJobVisible(viewer, job(['a', 'c']))).toBe(false);
    expect(exportJobVisible(viewer, job(null))).toBe(false);
    expect(exportJobVisible(viewer, job([]))).toBe(true);
  });
});
