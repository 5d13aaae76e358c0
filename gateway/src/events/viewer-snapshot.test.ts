import { describe, expect, it } from 'vitest';
import { viewerSnapshots, type ViewerSnapshot } from './viewer-snapshot.js';

describe('the viewer snapshot of a subscriber', () => {
  it('is read again once older than a minute, not before', async () => {
    let clock = 0;
    let loads = 0;
    const snapshot = viewerSnapshots(
      async (): Promise<ViewerSnapshot> => ({ roleIdentifier: `role-${++loads}`, rights: new Set(), locationIds: new Set() }),
      60_000,
      () => clock,
    );
    expect((await snapshot()).roleIdentifier).toBe('role-1');
    clock = 60_000;
    expect((await snapshot()).roleIdentifier).toBe('role-1');
    clock = 60_001;
    expect((await snapshot()).roleIdentifier).toBe('role-2');
  });
});
