/**
 * Files above their size limit (OncoBox import, news documents). The refusal is sent once the client has sent
 * the rest of its body: a client still writing (the gateway streams uploads) would otherwise meet a closed
 * connection instead of the 413 and its German message. Beyond DRAIN_LIMIT_BYTES the connection is given up.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { EcrfError } from '../errors/errors.js';

const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

/** Runs `read` (which reads the multipart parts); a file over the limit becomes a 413 with `message`. */
export async function withinUploadLimit<T>(request: FastifyRequest, message: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    await drained(request.raw);
    throw new EcrfError('ECRF_ERR_FILE_TOO_LARGE', message);
  }
}

function drained(stream: IncomingMessage): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const stop = () => {
      stream.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) stop();
    };
    stream.on('data', count);
    stream.once('end', stop);
    stream.once('close', stop);
    stream.resume();
  });
}
