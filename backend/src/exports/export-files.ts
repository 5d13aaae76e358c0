/**
 * The file store of export jobs: one directory per job under the configured directory. A job's file is
 * written under a temporary name, its SHA-256 and size counted as it streams, and renamed when complete; an
 * attempt first clears the job's directory, so a job retried after a crash still ends with exactly one file.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StoredFile = { size: number; sha256: string };

const PARTIAL = '.partial';

export const jobDirectory = (root: string, jobId: string): string => join(root, jobId);

/** Writes the job's one file through `write`; on failure nothing of the attempt is left. */
export async function writeJobFile(
  root: string,
  jobId: string,
  fileName: string,
  write: (out: Writable) => Promise<void>,
): Promise<StoredFile> {
  const directory = jobDirectory(root, jobId);
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const partial = join(directory, PARTIAL);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const input = new PassThrough();
  try {
    await Promise.all([write(input), pipeline(input, counter, createWriteStream(partial))]);
    await rename(partial, join(directory, fileName));
  } catch (error) {
    input.destroy();
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The job's file for reading, or null when it is gone (retention, a lost disk). */
export async function openJobFile(root: string, jobId: string, fileName: string): Promise<{ stream: Readable; size: number } | null> {
  const path = join(jobDirectory(root, jobId), fileName);
  const found = await stat(path).catch(() => null);
  return found?.isFile() ? { stream: createReadStream(path), size: found.size } : null;
}

export async function removeJobFiles(root: string, jobId: string): Promise<void> {
  await rm(jobDirectory(root, jobId), { recursive: true, force: true });
}
