import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJobFile, writeJobFile } from './export-files.js';

const root = () => mkdtemp(join(tmpdir(), 'exports-'));

describe('export file store', () => {
  it('writes one file with its size and SHA-256, and discards what an earlier attempt left', async () => {
    const dir = await root();
    await mkdir(join(dir, 'job-1'), { recursive: true });
    await writeFile(join(dir, 'job-1', '.partial'), 'half of a crashed attempt');
    await writeFile(join(dir, 'job-1', 'old.csv'), 'a complete file of an attempt whose job was not marked done');
    const stored = await writeJobFile(dir, 'job-1', 'a.csv', async (out) => {
      out.write('x;y\n');
      out.end('1;2\n');
    });
    expect(await readdir(join(dir, 'job-1'))).toEqual(['a.csv']);
    expect(stored).toEqual({ size: 8, sha256: createHash('sha256').update('x;y\n1;2\n').digest('hex') });
    expect(await readFile(join(dir, 'job-1', 'a.csv'), 'utf8')).toBe('x;y\n1;2\n');
    expect((await openJobFile(dir, 'job-1', 'a.csv'))?.size).toBe(8);
    expect(await openJobFile(dir, 'job-1', 'b.csv')).toBeNull();
  });

  it('leaves nothing when the writer fails', async () => {
    const dir = await root();
    await expect(
      writeJobFile(dir, 'job-2', 'a.csv', async (out) => {
        out.write('partial');
        throw new Error('cursor lost');
      }),
    ).rejects.toThrow('cursor lost');
    expect(await readdir(dir)).toEqual([]);
  });
});
