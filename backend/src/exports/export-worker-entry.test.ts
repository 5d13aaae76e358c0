import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsCurrent } from './export-worker-entry.js';

/** A package's src and dist with the given files, each written at its time (seconds since the epoch). */
function tree(files: Record<string, number>): { src: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), 'ecrf-worker-entry-'));
  for (const [path, seconds] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, seconds, seconds);
  }
  return { src: join(root, 'src'), dist: join(root, 'dist') };
}

const built = {
  'src/exports/export-worker.ts': 100,
  'src/db/database.ts': 100,
  'dist/exports/export-worker.js': 200,
  'dist/db/database.js': 200,
};

describe('the built export worker under tests', () => {
  it('is used when every source is older than its output', () => {
    const { src, dist } = tree(built);
    expect(buildIsCurrent(src, dist)).toBe(true);
  });

  it('is not used when a source the build covers changed after it', () => {
    const { src, dist } = tree({ ...built, 'src/db/database.ts': 300 });
    expect(buildIsCurrent(src, dist)).toBe(false);
  });

  it('is not used when there is no build', () => {
    const { src, dist } = tree({ 'src/exports/export-worker.ts': 100 });
    expect(buildIsCurrent(src, dist)).toBe(false);
  });

  it('ignores sources the build leaves out, such as tests', () => {
    const { src, dist } = tree({ ...built, 'src/db/database.int.test.ts': 300 });
    expect(buildIsCurrent(src, dist)).toBe(true);
  });
});
