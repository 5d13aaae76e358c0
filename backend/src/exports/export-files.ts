/**
 * The file store of export jobs: one directory per job under the configured directory. Each attempt writes its own
 * partial file, its SHA-256 and size counted as it streams; the attempt that still holds the job when it completes
 * renames its partial to the job's file and clears what earlier attempts left. An attempt that lost the job (its
 * lease ran out while it stalled) thus never touches the file of the attempt that took it over, and a job retried
 * after a crash still ends with exactly one file.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StoredFile = { size: number; sha256: string };

export const jobDirectory = (root: string, jobId: string): string => join(root, jobId);

const partialOf = (root: string, jobId: string, attempt: number) => join(jobDirectory(root, jobId), `.attempt-${attempt}.partial`);

/** Writes attempt `attempt`'s partial file through `write`; on failure nothing of the attempt is left. */
export async function writeJobFile(
  root: string,
  jobId: string,
  attempt: number,
  write: (out: Writable) => Promise<void>,
): Promise<StoredFile> {
  await mkdir(jobDirectory(root, jobId), { recursive: true });
  const partial = partialOf(root, jobId, attempt);
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
  } catch (error) {
    input.destroy();
    await removeAttemptFile(root, jobId, attempt);
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Makes attempt `attempt`'s partial the job's one file `fileName`; whatever other attempts left goes. Called by the
 * attempt that holds the job, while its completion's row lock keeps every other attempt from ending it.
 */
export async function placeJobFile(root: string, jobId: string, attempt: number, fileName: string): Promise<void> {
  const directory = jobDirectory(root, jobId);
  await rename(partialOf(root, jobId, attempt), join(directory, fileName));
  const others = (await readdir(directory)).filter((name) => name !== fileName);
  await Promise.all(others.map((name) => rm(join(directory, name), { force: true })));
}

/** Removes attempt `attempt`'s partial file, leaving the job's other files alone. */
export async function removeAttemptFile(root: string, jobId: string, attempt: number): Promise<void> {
  await rm(partialOf(root, jobId, attempt), { force: true });
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
