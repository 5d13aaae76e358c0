/**
 * Reading the FHIR export's ZIP for the Bulk Data routes: its entries from the central directory (names and
 * sizes, without reading the data), and one entry as a stream (stored or deflated), so a download of one
 * `<Type>.ndjson` reads only that entry however large the file. The ZIP is the one our writer made (archiver,
 * no ZIP64 below 4 GB); anything else is refused.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export type ZipEntry = { name: string; size: number; compressedSize: number; method: number; headerOffset: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of up to 65,535 bytes. */
const TAIL = 22 + 0xffff;

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export async function zipEntries(path: string, fileSize: number): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, fileSize - TAIL);
  const tail = await readAt(path, tailStart, fileSize - tailStart);
  let end = tail.length - 22;
  while (end >= 0 && tail.readUInt32LE(end) !== END_OF_DIRECTORY) end -= 1;
  if (end < 0) throw new Error('not a ZIP file');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  const directory = await readAt(path, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error('broken ZIP directory');
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    entries.push({
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      headerOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of one entry. */
export async function zipEntryStream(path: string, entry: ZipEntry): Promise<Readable> {
  const header = await readAt(path, entry.headerOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new Error('broken ZIP entry');
  const start = entry.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const data = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw new Error(`ZIP compression method ${entry.method} is not read`);
  const inflate = createInflateRaw();
  data.on('error', (error) => inflate.destroy(error));
  return data.pipe(inflate);
}
