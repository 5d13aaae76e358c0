import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJobFile, placeJobFile, removeAttemptFile, writeJobFile } from './export-files.js';

const root = () => mkdtemp(join(tmpdir(), 'exports-'));
const csv = (text: string) => async (out: NodeJS.WritableStream) => {
  out.end(text);
};

describe('export file store', () => {
  it("places the holding attempt's file with its size and SHA-256, and discards what other attempts left", async () => {
    const dir = await root();
    await mkdir(join(dir, 'job-1'), { recursive: true });
    await writeFile(join(dir, 'job-1', '.attempt-1.partial'), 'half of a crashed attempt');
    await writeFile(join(dir, 'job-1', 'old.csv'), 'a complete file of an attempt whose job was not marked done');
    const stored = await writeJobFile(dir, 'job-1', 2, async (out) => {
      out.write('x;y\n');
      out.end('1;2\n');
    });
    expect(await openJobFile(dir, 'job-1', 'a.csv')).toBeNull();
    await placeJobFile(dir, 'job-1', 2, 'a.csv');
    expect(await readdir(join(dir, 'job-1'))).toEqual(['a.csv']);
    expect(stored).toEqual({ size: 8, sha256: createHash('sha256').update('x;y\n1;2\n').digest('hex') });
    expect(await readFile(join(dir, 'job-1', 'a.csv'), 'utf8')).toBe('x;y\n1;2\n');
    expect((await openJobFile(dir, 'job-1', 'a.csv'))?.size).toBe(8);
  });

  it('keeps two attempts of one job apart: the one that lost the job removes only its own file', async () => {
    const dir = await root();
    const lost = await writeJobFile(dir, 'job-3', 1, csv('stale\n'));
    const holding = await writeJobFile(dir, 'job-3', 2, csv('current\n'));
    await removeAttemptFile(dir, 'job-3', 1);
    await placeJobFile(dir, 'job-3', 2, 'a.csv');
    expect(await readdir(join(dir, 'job-3'))).toEqual(['a.csv']);
    expect(await readFile(join(dir, 'job-3', 'a.csv'), 'utf8')).toBe('current\n');
    expect(holding.sha256).not.toBe(lost.sha256);
  });

  it('leaves nothing of the attempt when the writer fails', async () => {
    const dir = await root();
    await expect(
      writeJobFile(dir, 'job-2', 1, async (out) => {
        out.write('partial');
        throw new Error('cursor lost');
      }),
    ).rejects.toThrow('cursor lost');
    expect(await readdir(join(dir, 'job-2'))).toEqual([]);
  });
});
